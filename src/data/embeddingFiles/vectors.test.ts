import { describe, it, expect } from 'vitest';
import { Rng } from '../rng';
import { CLI_MAX_ITEMS, MAX_DIM, MAX_ITEMS } from './errors';
import { writeNpy } from './npy';
import { parseVectors } from './vectors';
import { enc, errorOf } from './files.testkit';

describe('parseVectors reads', () => {
  const want = [1, -2.5, 3, 0.25, 5e-3, -6];

  it('the Projector’s vectors.tsv, with BOM, CRLF and blank trailing lines', () => {
    const v = parseVectors(enc('\ufeff1\t-2.5\t3\r\n0.25\t5e-3\t-6\r\n\r\n  \n'), 'vectors.tsv');
    expect(v).toMatchObject({ format: 'tsv', n: 2, d: 3, header: null, firstLine: 1 });
    expect([...v.data]).toEqual(want.map(Math.fround));
  });

  it('CSV with quoted numbers and spaces after commas, no trailing newline, old-Mac \\r lines', () => {
    const v = parseVectors(enc('"1", -2.5 ,3\r0.25,"5e-3",-6'), 'e.csv');
    expect(v).toMatchObject({ format: 'csv', n: 2, d: 3 });
    expect([...v.data]).toEqual(want.map(Math.fround));
  });

  it('space-separated text (np.savetxt default), runs of blanks and tabs', () => {
    const v = parseVectors(enc('1.000000000000000000e+00 -2.500000000000000000e+00 3.000000000000000000e+00\n  0.25   5e-3 -6  \n'), 'e.txt');
    expect(v).toMatchObject({ format: 'space', n: 2, d: 3 });
    expect([...v.data]).toEqual(want.map(Math.fround));
  });

  it('.npy float32 and float64, by magic whatever the name, from an ArrayBuffer', () => {
    for (const dtype of ['<f4', '<f8'] as const) {
      const v = parseVectors(writeNpy(want, [2, 3], dtype).slice().buffer, 'embeddings.bin');
      expect(v).toMatchObject({ format: 'npy', n: 2, d: 3 });
      expect([...v.data]).toEqual(want.map(Math.fround));
    }
  });

  it('a header row only when asked to skip it, counting lines from 2', () => {
    const ok = parseVectors(enc('x\ty\n1\t2\n3\t4\n'), 'v.tsv', { skipHeader: true });
    expect(ok).toMatchObject({ n: 2, d: 2, header: ['x', 'y'], firstLine: 2 });
    expect([...ok.data]).toEqual([1, 2, 3, 4]);
    const e = errorOf(() => parseVectors(enc('x\ty\n1\t2\n3\tnan\n'), 'v.tsv', { skipHeader: true }));
    expect(e.code).toBe('non-finite');
    expect(e.message).toMatch(/at line 3\./);
  });
});

describe('parseVectors refuses, saying where and why', () => {
  it('an empty file, a blank one, an .npy with no rows → empty', () => {
    expect(errorOf(() => parseVectors(new Uint8Array(0), 'e.tsv')).code).toBe('empty');
    expect(errorOf(() => parseVectors(enc('\ufeff\n \r\n\n'), 'e.tsv')).code).toBe('empty');
    const e = errorOf(() => parseVectors(writeNpy([], [0, 8]), 'e.npy'));
    expect(e.code).toBe('empty');
    expect(e.message).toMatch(/e\.npy holds no rows/);
  });

  it('a ragged row, an empty line inside → ragged, with the line and both lengths', () => {
    const e = errorOf(() => parseVectors(enc('1\t2\t3\n4\t5\t6\n7\t8\n'), 'v.tsv'));
    expect(e.code).toBe('ragged');
    expect(e.message).toBe('v.tsv, line 3: 2 values, but the first row has 3.');
    expect(e.rows).toEqual([3]);
    expect(errorOf(() => parseVectors(enc('1,2\n3,4,5,6\n'), 'v.csv')).message).toMatch(/line 2: 4 values, but the first row has 2/);
    const blank = errorOf(() => parseVectors(enc('1 2\n\n3 4\n'), 'v.txt'));
    expect(blank.code).toBe('ragged');
    expect(blank.message).toMatch(/line 2: the line is empty, but rows follow/);
  });

  it('a non-number → not-a-number, with line, column and the text cut short', () => {
    const e = errorOf(() => parseVectors(enc('1\t2\n3\t4,5\n'), 'v.tsv'));
    expect(e.code).toBe('not-a-number');
    expect(e.message).toBe('v.tsv, line 2: column 2, “4,5” is not a number.');
    const long = errorOf(() => parseVectors(enc(`1,2\n3,${'x'.repeat(100)}\n`), 'v.csv'));
    expect(long.message).toMatch(/column 2, “x{24}…” is not a number/);
    expect(errorOf(() => parseVectors(enc('1\t\t3\n'), 'v.tsv')).message).toMatch(/line 1: column 2 is empty \(a vectors file holds numbers only/);
  });

  it('NaN / Inf rows → non-finite, listing the first rows and the count (lines for text, indices for .npy)', () => {
    const rows = Array.from({ length: 12 }, (_, i) => (i % 2 ? `${i}\tnan` : `${i}\t1`));
    rows[10] = '10\t-inf';
    const e = errorOf(() => parseVectors(enc(rows.join('\n')), 'v.tsv'));
    expect(e.code).toBe('non-finite');
    expect(e.message).toMatch(/7 of 12 rows hold NaN or infinite values.*lines 2, 4, 6, 8, 10 and 2 more/);
    expect(e.rows).toEqual([2, 4, 6, 8, 10, 11, 12]);
    const n = errorOf(() => parseVectors(writeNpy([1, 2, 3, NaN, 1e39, 0], [3, 2], '<f8'), 'e.npy'));
    expect(n.message).toMatch(/2 of 3 rows .*rows 1, 2 \(NumPy indices, from 0\)/);
  });

  it('a header row of names → header (by default), a file of words → not-a-number with a hint', () => {
    const e = errorOf(() => parseVectors(enc('dim0\tdim1\n1\t2\n'), 'v.tsv'));
    expect(e.code).toBe('header');
    expect(e.message).toMatch(/line 1 \(“dim0 dim1”\) is a header of names.*remove that line, or choose to skip it/);
    const w = errorOf(() => parseVectors(enc('cat\ndog\ncat\n'), 'y.tsv'));
    expect(w.code).toBe('not-a-number');
    expect(w.message).toMatch(/Is this the labels file\?/);
  });

  it('too many rows, too many values per row, a file over the byte cap → too-large, naming the limit', () => {
    const rows = errorOf(() => parseVectors(enc('1 2\n'.repeat(MAX_ITEMS + 1)), 'v.txt'));
    expect(rows.code).toBe('too-large');
    expect(rows.message).toMatch(/line 100001: more than 100,000 rows/);
    const wide = errorOf(() => parseVectors(enc(Array(MAX_DIM + 1).fill('0').join('\t')), 'v.tsv'));
    expect(wide.message).toMatch(/more than 1,024 values in a row/);
    const npy = errorOf(() => parseVectors(writeNpy(new Float32Array(2 * 2000), [2, 2000]), 'e.npy'));
    expect(npy.message).toMatch(/2,000 values per row; this app reads at most 1,024/);
    // The byte cap is checked before anything is read: a view claiming 1 GiB + 1 bytes is refused.
    const huge = new Uint8Array(new ArrayBuffer(1), 0, 1);
    Object.defineProperty(huge, 'length', { value: 2 ** 30 + 1 });
    expect(errorOf(() => parseVectors(huge, 'big.tsv')).message).toMatch(/big\.tsv is 1024 MiB, over the 1 GiB limit/);
  });

  it('the command line reads more rows than the page (maxItems), and names its own limit', () => {
    const n = MAX_ITEMS + 1;
    const many = writeNpy(new Float32Array(2 * n).fill(1), [n, 2]);
    expect(errorOf(() => parseVectors(many, 'e.npy')).message).toMatch(/100,001 rows; this app reads at most 100,000 items/);
    expect(parseVectors(many, 'e.npy', { maxItems: CLI_MAX_ITEMS }).n).toBe(n);
    expect(parseVectors(enc('1 2\n'.repeat(n)), 'v.txt', { maxItems: CLI_MAX_ITEMS }).n).toBe(n);
    expect(errorOf(() => parseVectors(many, 'e.npy', { maxItems: 50 })).message).toMatch(/this app reads at most 50 items/);
  });

  it('ints or strings in an .npy, wrong shapes, one value per row → dtype / shape, hinting at swapped files', () => {
    const ints = errorOf(() => parseVectors(writeNpy([1, 2], [2], '<i8'), 'y.npy'));
    expect(ints.code).toBe('dtype');
    expect(ints.message).toMatch(/integers \('<i8'\).*is this the labels file/);
    const flat = errorOf(() => parseVectors(writeNpy([1, 2], [2], '<f4'), 'e.npy'));
    expect(flat.code).toBe('shape');
    expect(flat.message).toMatch(/1-D array of shape \(2\)/);
    expect(errorOf(() => parseVectors(writeNpy(new Float32Array(8), [2, 2, 2]), 'e.npy')).message).toMatch(/3-D .* reshape it to \(N, d\)/);
    const one = errorOf(() => parseVectors(enc('1\n2\n'), 'e.tsv'));
    expect(one.code).toBe('shape');
    expect(one.message).toMatch(/1 value per row/);
  });

  it('binary that is not .npy, a zip (.npz), a .npy name without the magic → format', () => {
    expect(errorOf(() => parseVectors(Uint8Array.from([0x80, 2, 0, 9]), 'model.pt')).message).toMatch(/neither a NumPy \.npy file nor text/);
    expect(errorOf(() => parseVectors(Uint8Array.from([0x50, 0x4b, 3, 4, 0]), 'e.npz')).message).toMatch(/zip archive/);
    expect(errorOf(() => parseVectors(enc('1 2\n'), 'e.npy')).code).toBe('format');
  });
});

describe('parseVectors at scale', () => {
  it('reads a 100,000 × 64 TSV (the Projector’s format) exactly, and prints how long it took', () => {
    const n = 100_000, d = 64;
    const rng = new Rng(5);
    const values = Float32Array.from({ length: n * d }, () => rng.uniform(-1, 1));
    const lines: string[] = new Array(n);
    const row: string[] = new Array(d);
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < d; k++) row[k] = values[i * d + k].toPrecision(9);
      lines[i] = row.join('\t');
    }
    const bytes = enc(lines.join('\n') + '\n');
    const t0 = performance.now();
    const v = parseVectors(bytes, 'vectors.tsv');
    const ms = performance.now() - t0;
    console.log(`100,000 × 64 TSV (${(bytes.length / 2 ** 20).toFixed(1)} MiB) parsed in ${ms.toFixed(0)} ms`);
    expect(v.n).toBe(n);
    expect(v.d).toBe(d);
    // Nine significant digits read back as the same float32: the round trip is exact.
    for (const k of [0, 1, 63, 64, 123_457, n * d - 1]) expect(v.data[k]).toBe(values[k]);
    let differ = 0;
    for (let k = 0; k < n * d; k++) if (v.data[k] !== values[k]) differ++;
    expect(differ).toBe(0);
  });
});
