import { describe, it, expect } from 'vitest';
import { EmbeddingFileError, pairEmbeddings, writeNpy } from '../../data/embeddingFiles';
import { evaluateEmbeddings } from '../../eval/evaluate';
import { Rng } from '../../data/rng';
import { embeddingView, evaluateSet, ownBuffer, parseFiles, readFile, setOf } from './ownEvaluation';

const enc = (s: string) => new TextEncoder().encode(s);

/** n items of 3 classes in d dimensions around three axes, seeded. */
function blobs(n: number, d: number, seed = 3) {
  const rng = new Rng(seed);
  const data = new Float32Array(n * d);
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    labels[i] = i % 3;
    for (let k = 0; k < d; k++) data[i * d + k] = (k === i % 3 ? 2 : 0) + rng.normal() * 0.7;
  }
  return { data, labels };
}

const vectorsTsv = enc('1\t0\n0\t1\n-1\t0\n0\t-1\n');
const labelsTsv = enc('a\nb\na\nb\n');

describe('parseFiles', () => {
  it('reads the files in the roles given', () => {
    const { vectors, labels } = parseFiles({ name: 'v.tsv', bytes: vectorsTsv }, { name: 'y.tsv', bytes: labelsTsv }, false, null);
    expect([vectors.n, vectors.d, labels.n]).toEqual([4, 2, 4]);
    expect(labels.classNames).toEqual(['a', 'b']);
  });

  it('tells which dropped file holds the vectors by content, whatever the order and names', () => {
    const vNpy = { name: 'first.npy', bytes: writeNpy([1, 0, 0, 1, -1, 0, 0, -1], [4, 2]) };
    const yNpy = { name: 'second.npy', bytes: writeNpy([0, 1, 0, 1], [4], '<i4') };
    for (const [a, b] of [[vNpy, yNpy], [yNpy, vNpy]]) {
      const { vectors, labels } = parseFiles(a, b, true, null);
      expect(vectors.fileName).toBe('first.npy');
      expect(labels.fileName).toBe('second.npy');
    }
    // A Projector metadata.tsv (a header of names) dropped first, under a neutral name.
    const meta = { name: 'one.tsv', bytes: enc('label\tsplit\na\tx\nb\tx\na\ty\nb\ty\n') };
    const vec = { name: 'two.tsv', bytes: vectorsTsv };
    const { vectors, labels } = parseFiles(meta, vec, true, 'split');
    expect(vectors.fileName).toBe('two.tsv');
    expect([labels.column, labels.classNames]).toEqual(['split', ['x', 'y']]);
  });

  it('keeps the roles given, and the first refusal when neither order reads', () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as EmbeddingFileError;
      }
      throw new Error('no error');
    };
    // Given roles are not swapped: the labels file refused as vectors says so.
    expect(err(() => parseFiles({ name: 'y.tsv', bytes: labelsTsv }, { name: 'v.tsv', bytes: vectorsTsv }, false, null)).code).toBe('not-a-number');
    // Two label files dropped: the first file's refusal.
    const e = err(() => parseFiles({ name: 'a.tsv', bytes: labelsTsv }, { name: 'b.tsv', bytes: enc('x\ny\n') }, true, null));
    expect(e).toBeInstanceOf(EmbeddingFileError);
    expect(e.file).toBe('a.tsv');
  });
});

describe('evaluateSet', () => {
  it('gives the same report as the app’s evaluation, exact up to 2,000 items, with the class names', async () => {
    const { data, labels } = blobs(120, 5);
    const set = { n: 120, d: 5, data, labels, classNames: ['p', 'q', 'r'], classSizes: [40, 40, 40], warnings: [] };
    const names = { vectorsName: 'v.npy', labelsName: 'y.tsv', columns: [], column: null };
    const fractions: number[] = [];
    const got = await evaluateSet(set, names, (f) => fractions.push(f));
    const want = await evaluateEmbeddings(data, labels, 120, 5, 3, { path: 'exact' });
    expect(got.info.path).toBe('exact');
    expect(got.report.ap).toBe(want.ap);
    expect(got.report.opis).toBe(want.opis);
    expect(got.report.recall).toEqual(want.recall);
    expect(got.report.classNames).toEqual(['p', 'q', 'r']);
    expect(fractions.at(-1)).toBe(1);
    expect(got.snapshot).toMatchObject({ label: 'v.npy', dim: 5, projection: 'pca', classNames: ['p', 'q', 'r'] });
    expect(got.snapshot.points).toHaveLength(240);
  });

  it('evaluates a remembered set as it was read', async () => {
    const { data, labels } = blobs(30, 3);
    const s = setOf({ n: 30, d: 3, data, labels, classNames: ['a', 'b', 'c'], vectorsName: 'v', labelsName: 'y', columns: [], column: null });
    expect(s.classSizes).toEqual([10, 10, 10]);
    const direct = pairEmbeddings(
      { fileName: 'v', format: 'npy', n: 30, d: 3, data, header: null, firstLine: 0 },
      { fileName: 'y', n: 30, labels, classNames: ['a', 'b', 'c'], columns: [], column: null },
    );
    expect(s.classSizes).toEqual(direct.classSizes);
  });
});

describe('embeddingView', () => {
  it('draws d = 2 on the unit circle, normalised; d > 2 through PCA, every item', () => {
    const circle = embeddingView({ n: 2, d: 2, data: Float32Array.of(3, 4, 0, -2), labels: Int32Array.of(0, 1), classNames: ['a', 'b'], classSizes: [1, 1], warnings: [] }, 'x');
    expect(circle.projection).toBe('circle');
    expect(Array.from(circle.points)).toEqual([Math.fround(0.6), Math.fround(0.8), 0, -1]);
    const { data, labels } = blobs(3000, 4);
    const view = embeddingView({ n: 3000, d: 4, data, labels, classNames: ['a', 'b', 'c'], classSizes: [1000, 1000, 1000], warnings: [] }, 'x');
    expect(view.projection).toBe('pca');
    expect(view.points).toHaveLength(6000);
    expect(view.explained).toBeGreaterThan(0.5);
    // Three well-separated blobs: the nearest-centroid accuracy sees them.
    expect(view.accuracy).toBeGreaterThan(0.9);
  });
});

describe('ownBuffer', () => {
  it('hands over a view of part of a buffer as a copy, a whole array as itself', () => {
    const whole = new Float32Array(4);
    expect(ownBuffer(whole)).toBe(whole);
    const part = new Float32Array(new ArrayBuffer(32), 8, 2);
    const own = ownBuffer(part);
    expect(own.buffer.byteLength).toBe(8);
  });
});

describe('readFile: a file the browser cannot read is said in words', () => {
  /** A File-like whose stream fails part way, as Chromium's does on a file too large for it or moved after it was chosen. */
  const failing = (name: string, size: number, error: Error) =>
    ({
      name,
      size,
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull(c) {
            c.error(error);
          },
        }),
    }) as unknown as File;

  it('names the file and its size, blames no "permission problems", and keeps the code for programs', async () => {
    const err = new DOMException('The requested file could not be read, typically due to permission problems that have occurred after a reference to a file was acquired.', 'NotReadableError');
    const e = await readFile(failing('vectors.bin', 1024, err), () => {}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EmbeddingFileError);
    expect((e as EmbeddingFileError).code).toBe('unreadable');
    expect((e as Error).message).toMatch(/^vectors\.bin \(0 MiB\) was not read: the browser could not read it/);
    expect((e as Error).message).not.toMatch(/permission/);
  });

  it('reads a file whole, reporting the bytes read', async () => {
    const seen: number[] = [];
    const r = await readFile(new File([new Uint8Array([1, 2, 3])], 'x.npy'), (n) => seen.push(n));
    expect(Array.from(r.bytes)).toEqual([1, 2, 3]);
    expect(seen.at(-1)).toBe(3);
  });
});
