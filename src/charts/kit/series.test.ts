import { describe, expect, it } from 'vitest';
import { downsample, finitePoints, MAX_PATH_POINTS } from './series';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('downsample', () => {
  it('returns short series whole', () => {
    const xs = range(50);
    const ys = xs.map((v) => v * v);
    expect(downsample(xs, ys)).toEqual(xs.map((v, i) => [v, ys[i]]));
    expect(downsample([], [])).toEqual([]);
  });

  it('bounds long series, in step order, keeping the first and the last point', () => {
    for (const n of [2001, 5000, 123_457]) {
      const xs = range(n);
      const ys = xs.map((v) => Math.sin(v / 100));
      const out = downsample(xs, ys);
      expect(out.length).toBeLessThanOrEqual(MAX_PATH_POINTS);
      expect(out.length).toBeGreaterThan(MAX_PATH_POINTS / 2);
      expect(out[0]).toEqual([1, ys[0]]);
      expect(out[out.length - 1]).toEqual([n, ys[n - 1]]);
      expect(out.every((p, i) => i === 0 || p[0] > out[i - 1][0])).toBe(true);
    }
  });

  it('keeps a one-step spike and a non-finite value that a stride would skip', () => {
    const xs = range(100_000);
    const ys = xs.map(() => 1);
    ys[54_321] = 50;
    ys[77_777] = NaN;
    const out = downsample(xs, ys);
    expect(out).toContainEqual([54_322, 50]);
    expect(out.some((p) => Number.isNaN(p[1]))).toBe(true);
  });

  it('honours a smaller budget', () => {
    const out = downsample(range(10_000), range(10_000), 100);
    expect(out.length).toBeLessThanOrEqual(100);
  });
});

describe('finitePoints', () => {
  it('drops pairs whose value is not finite', () => {
    expect(finitePoints([1, 2, 3], [0.5, NaN, Infinity])).toEqual([[1, 0.5]]);
  });
});
