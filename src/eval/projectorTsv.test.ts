import { describe, expect, it } from 'vitest';
import { formatFloat32, projectorTsv } from './projectorTsv';
import { Rng } from '../data/rng';

describe('projectorTsv', () => {
  it('writes the shortest decimal that reads back as the same float32', () => {
    const rng = new Rng(5);
    for (let i = 0; i < 2000; i++) {
      const x = Math.fround(rng.normal() * 10 ** Math.floor(rng.normal() * 3));
      const s = formatFloat32(x);
      expect(Math.fround(Number(s))).toBe(x);
      // Significant digits: no sign, exponent, point, leading or trailing zeros.
      const digits = s.replace(/^-/, '').replace(/e.*$/, '').replace('.', '').replace(/^0+|0+$/g, '');
      expect(digits.length).toBeLessThanOrEqual(9);
    }
    expect(formatFloat32(0.1)).toBe('0.1');
    expect(formatFloat32(Math.fround(1 / 3))).toBe('0.33333334');
    expect(formatFloat32(-0)).toBe('0');
  });

  it('writes one row per item and one label per line, with no header', () => {
    const emb = new Float32Array([0.6, -0.8, 1, 0, Math.fround(Math.SQRT1_2), Math.fround(-Math.SQRT1_2)]);
    const { vectors, metadata } = projectorTsv(emb, new Int32Array([2, 0, 1]), 3, 2);
    expect(vectors).toBe('0.6\t-0.8\n1\t0\n0.70710677\t-0.70710677\n');
    expect(metadata).toBe('2\n0\n1\n');
    const back = vectors.trim().split('\n').map((r) => r.split('\t').map(Number));
    expect(new Float32Array(back.flat())).toEqual(emb);
    expect(() => projectorTsv(emb, new Int32Array(2), 3, 2)).toThrow(/3×2 values and 3 labels/);
  });
});
