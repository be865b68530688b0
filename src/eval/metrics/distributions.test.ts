import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { percentileLinearInPlace, scoreDistributions } from './distributions';
import * as ref from '../reference/distributions';

function makeSet(seed: number, n: number, C: number, d: number, noise: number) {
  const rng = new Rng(seed);
  const centres = Array.from({ length: C }, () => Array.from({ length: d }, () => rng.normal()));
  const labels = Array.from({ length: n }, () => rng.int(C));
  const emb = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) emb[i * d + t] = centres[labels[i]][t] + noise * rng.normal();
  const matrix = Array.from({ length: n }, (_, i) => Array.from(emb.subarray(i * d, (i + 1) * d)));
  return { emb, labels, n, d, matrix, rng };
}

describe('scoreDistributions = reference', () => {
  for (const [seed, n, d, bins, q] of [[1, 120, 2, 100, 37], [2, 300, 16, 50, 200], [3, 80, 5, 7, 1], [4, 60, 3, 100, 60]]) {
    it(`n=${n} d=${d} bins=${bins} Q=${q}`, () => {
      const s = makeSet(seed, n, 3, d, 0.8);
      const queries = Array.from({ length: q }, () => s.rng.int(n)); // repeats allowed
      const fast = scoreDistributions(s.emb, s.labels, n, d, Int32Array.from(queries), bins);
      const slow = ref.scoreDistributions(s.matrix, s.labels, queries, bins);
      expect(fast).toEqual(slow);
      for (const row of fast.perQuery) expect(row.reduce((a, b) => a + b, 0)).toBe(n - 1);
    });
  }
  it('duplicates of the query count, the query itself does not', () => {
    const emb = Float32Array.of(1, 0, 1, 0, 0, 1);
    const r = scoreDistributions(emb, [0, 0, 1], 3, 2, Int32Array.of(0), 4);
    expect(r.perQuery[0]).toEqual([0, 0, 1, 1]);
  });
  it('no query: NaN percentiles; bad query throws', () => {
    const s = makeSet(5, 10, 2, 3, 1);
    const r = scoreDistributions(s.emb, s.labels, 10, 3, new Int32Array(0), 5);
    expect(r.p5.every(Number.isNaN)).toBe(true);
    expect(() => scoreDistributions(s.emb, s.labels, 10, 3, Int32Array.of(10), 5)).toThrow();
  });
  it('percentiles equal numpy-linear reference values', () => {
    const rng = new Rng(6);
    for (const m of [1, 2, 5, 20, 200]) {
      const v = Array.from({ length: m }, () => rng.int(9));
      for (const p of [0, 5, 50, 95, 100]) expect(percentileLinearInPlace(Float64Array.from(v), p)).toBe(ref.percentileLinear(v, p));
    }
    expect(percentileLinearInPlace(Float64Array.of(0, 10), 5)).toBeCloseTo(0.5, 14);
  });
});
