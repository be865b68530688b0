import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { convertDigits } from '../../scripts/mnist-convert.mjs';
import { classesIn } from './dataset';
import { decodeMnist, fetchMnist, splitMnist } from './mnist';

describe('decodeMnist', () => {
  it('scales pixels to [0,1], keeps labels, sets shape and numClasses', () => {
    const images = Uint8Array.from([0, 255, 51, 102, 255, 0, 0, 0]);
    const ds = decodeMnist(images, Uint8Array.from([4, 2]), 2, 2);
    expect(ds.n).toBe(2);
    expect(ds.itemShape).toEqual([2, 2, 1]);
    expect(ds.numClasses).toBe(5);
    expect([...ds.y]).toEqual([4, 2]);
    expect(ds.x[1]).toBe(1);
    expect(ds.x[2]).toBeCloseTo(0.2, 6);
    expect(ds.x[0]).toBe(0);
  });

  it('throws a clear error when image bytes and labels disagree', () => {
    expect(() => decodeMnist(new Uint8Array(784 * 3 - 1), new Uint8Array(3))).toThrow(
      /2351 image bytes do not match 3 labels × 784 pixels/,
    );
    expect(() => decodeMnist(new Uint8Array(784 * 2), new Uint8Array(3))).toThrow(/expected 2352/);
  });
});

/** A fake network over real Response objects: url → body (chunks) + headers, else 404. */
function fakeFetch(files: Record<string, { chunks: Uint8Array[]; headers?: Record<string, string> }>): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const f = files[String(input)];
    if (!f) return new Response('not found', { status: 404, statusText: 'Not Found' });
    const chunks = f.chunks.slice();
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        const c = chunks.shift();
        if (c) ctrl.enqueue(c);
        else ctrl.close();
      },
    });
    return new Response(body, { status: 200, headers: f.headers });
  }) as typeof fetch;
}

function assets(n: number, opts: { lengthHeader?: boolean; imageBytes?: number; meta?: unknown } = {}) {
  const total = opts.imageBytes ?? n * 784;
  const images = Uint8Array.from({ length: total }, (_, i) => (i * 7) % 256);
  const labels = Uint8Array.from({ length: n }, (_, i) => i % 10);
  const chunks: Uint8Array[] = [];
  for (let o = 0; o < total; o += 1000) chunks.push(images.slice(o, o + 1000));
  const enc = new TextEncoder();
  const meta = opts.meta ?? { format: 1, n, rows: 28, cols: 28, source: 'test' };
  return {
    images,
    files: {
      'http://x/data/mnist-meta.json': { chunks: [enc.encode(JSON.stringify(meta))] },
      'http://x/data/mnist-images.u8': {
        chunks,
        headers: opts.lengthHeader ? { 'content-length': String(total) } : undefined,
      },
      'http://x/data/mnist-labels.u8': { chunks: [labels] },
    },
  };
}

describe('fetchMnist', () => {
  for (const lengthHeader of [true, false]) {
    it(`streams images with monotone progress ending at the total (content-length ${lengthHeader ? 'set' : 'absent'})`, async () => {
      const { images, files } = assets(12, { lengthHeader });
      const calls: [number, number][] = [];
      const ds = await fetchMnist('http://x/data/', (l, t) => calls.push([l, t]), fakeFetch(files));
      expect(ds.n).toBe(12);
      expect(ds.x[5]).toBeCloseTo(images[5] / 255, 6);
      expect([...ds.y.subarray(0, 12)]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1]);
      expect(calls.length).toBeGreaterThan(5);
      for (let i = 1; i < calls.length; i++) expect(calls[i][0]).toBeGreaterThan(calls[i - 1][0]);
      for (const [, t] of calls) expect(t).toBe(12 * 784);
      expect(calls[calls.length - 1][0]).toBe(12 * 784);
    });
  }

  it('adds a missing trailing slash to baseUrl', async () => {
    const { files } = assets(3);
    await expect(fetchMnist('http://x/data', undefined, fakeFetch(files))).resolves.toMatchObject({ n: 3 });
  });

  it('explains a 404 with the URL and how to build the assets', async () => {
    await expect(fetchMnist('http://x/data/', undefined, fakeFetch({}))).rejects.toThrow(
      /MNIST assets missing at http:\/\/x\/data\/mnist-meta\.json \(HTTP 404\): run `npm run build`/,
    );
    const { files } = assets(3);
    delete (files as Record<string, unknown>)['http://x/data/mnist-labels.u8'];
    await expect(fetchMnist('http://x/data/', undefined, fakeFetch(files))).rejects.toThrow(/mnist-labels\.u8 \(HTTP 404\)/);
  });

  it('rejects truncated, oversized or mislabelled image assets', async () => {
    const short = assets(3, { imageBytes: 3 * 784 - 10 });
    await expect(fetchMnist('http://x/data/', undefined, fakeFetch(short.files))).rejects.toThrow(/2342 bytes, expected 2352/);
    const long = assets(3, { imageBytes: 3 * 784 + 10 });
    await expect(fetchMnist('http://x/data/', undefined, fakeFetch(long.files))).rejects.toThrow(/larger than the expected 2352/);
    const header = assets(3, { imageBytes: 3 * 784 + 10, lengthHeader: true });
    await expect(fetchMnist('http://x/data/', undefined, fakeFetch(header.files))).rejects.toThrow(/has 2362 bytes, expected 2352/);
  });

  it('rejects metadata of another format', async () => {
    const { files } = assets(3, { meta: { format: 2, n: 3, rows: 28, cols: 28 } });
    await expect(fetchMnist('http://x/data/', undefined, fakeFetch(files))).rejects.toThrow(/not format 1/);
  });
});

describe('splitMnist on the real digits', () => {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('mnist/package.json')), 'src', 'digits');
  const arrays = Array.from({ length: 10 }, (_, c) => JSON.parse(readFileSync(join(dir, `${c}.json`), 'utf8')).data);
  const { images, labels } = convertDigits(arrays);
  const ds = decodeMnist(images, labels);
  const countBy = (y: Int32Array) => y.reduce((m, l) => (m[l]++, m), new Array(10).fill(0));

  it('closed: 80/20 stratified per class (±1), disjoint, covering everything', () => {
    const { train, evaluation, description } = splitMnist(ds, 'closed');
    expect(train.n + evaluation.n).toBe(ds.n);
    expect(Math.abs(train.n - 0.8 * ds.n)).toBeLessThanOrEqual(10);
    const all = countBy(ds.y), tr = countBy(train.y);
    for (let c = 0; c < 10; c++) expect(Math.abs(tr[c] - 0.8 * all[c])).toBeLessThanOrEqual(1);
    // Tag each item's first feature with its source index to check disjointness and coverage.
    const tagged = { ...ds, x: ds.x.slice() };
    for (let i = 0; i < ds.n; i++) tagged.x[i * 784] = i;
    const t = splitMnist(tagged, 'closed');
    const ids = (d: typeof ds) => Array.from({ length: d.n }, (_, i) => d.x[i * 784]);
    const trainIds = ids(t.train), evalIds = ids(t.evaluation);
    expect(new Set([...trainIds, ...evalIds]).size).toBe(ds.n);
    expect([...trainIds, ...evalIds].sort((a, b) => a - b)).toEqual(Array.from({ length: ds.n }, (_, i) => i));
    for (let i = 0; i < train.n; i++) expect(t.train.y[i]).toBe(ds.y[trainIds[i]]);
    expect([...t.train.y]).toEqual([...train.y]); // tagging didn't change the split
    expect(train.numClasses).toBe(10);
    expect(evaluation.numClasses).toBe(10);
    expect(description).toBe(`MNIST closed split: ${train.n} train / ${evaluation.n} eval, digits 0–9`);
  });

  it('closed: identical across calls (fixed seed) and not class-sorted', () => {
    const a = splitMnist(ds, 'closed'), b = splitMnist(ds, 'closed');
    expect(a.train.y).toEqual(b.train.y);
    expect(a.evaluation.x).toEqual(b.evaluation.x);
    expect(new Set(a.train.y.subarray(0, 30)).size).toBe(10);
  });

  it('open: train holds exactly digits 0–5, eval exactly 6–9, numClasses stays 10', () => {
    const { train, evaluation, description } = splitMnist(ds, 'open');
    expect(classesIn(train)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(classesIn(evaluation)).toEqual([6, 7, 8, 9]);
    const all = countBy(ds.y);
    expect(train.n).toBe(all.slice(0, 6).reduce((a: number, b: number) => a + b, 0));
    expect(train.n + evaluation.n).toBe(ds.n);
    expect(evaluation.numClasses).toBe(10);
    expect(description).toMatch(/^MNIST open split: \d+ train \(digits 0–5\) \/ \d+ eval \(unseen digits 6–9\)$/);
  });
});
