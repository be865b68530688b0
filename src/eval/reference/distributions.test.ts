import { describe, it, expect } from 'vitest';
import { percentileLinear, scoreDistributions } from './distributions';
import { Rng } from '../../data/rng';

describe('percentileLinear (numpy default)', () => {
  it('interpolates linearly between order statistics', () => {
    // np.percentile([1,2,3,4,5], 5) = 1.2, (…, 95) = 4.8, np.percentile([10, 0], 50) = 5
    expect(percentileLinear([5, 3, 1, 2, 4], 5)).toBeCloseTo(1.2, 14);
    expect(percentileLinear([5, 3, 1, 2, 4], 95)).toBeCloseTo(4.8, 14);
    expect(percentileLinear([10, 0], 50)).toBe(5);
    expect(percentileLinear([7], 95)).toBe(7);
    expect(percentileLinear([], 5)).toBeNaN();
  });
});

describe('scoreDistributions (SPEC line 53)', () => {
  // e0 = e1 (cosine 1), e2 = −e0 (cosine −1), e3 ⟂ all (cosine 0). 4 bins over [−1, 1].
  const emb = [[1, 0], [2, 0], [-1, 0], [0, 3]];
  const labels = [0, 0, 1, 1];

  it('counts the OTHER items per cosine bin, hand example', () => {
    const r = scoreDistributions(emb, labels, [0, 3], 4);
    expect(r.edges).toEqual([-1, -0.5, 0, 0.5, 1]);
    // query 0: e1 → cos 1 → last bin; e2 → cos −1 → first bin; e3 → cos 0 → bin 2. Itself excluded.
    expect(r.perQuery[0]).toEqual([1, 0, 1, 1]);
    // query 3: cosine 0 with everyone → bin 2.
    expect(r.perQuery[1]).toEqual([0, 0, 3, 0]);
    // percentiles across the 2 queries, bin by bin: bin 2 = {1, 3} → 1.1 and 2.9; bin 3 = {1, 0} → 0.05, 0.95.
    expect(r.p5[2]).toBeCloseTo(1.1, 14);
    expect(r.p95[2]).toBeCloseTo(2.9, 14);
    expect(r.p5[3]).toBeCloseTo(0.05, 14);
    expect(r.p95[3]).toBeCloseTo(0.95, 14);
    expect(r.p5[1]).toBe(0);
    expect(r.p95[1]).toBe(0);
  });

  it('every row sums to n − 1; the default is 100 bins', () => {
    const rng = new Rng(6);
    const e = Array.from({ length: 50 }, () => [rng.normal(), rng.normal(), rng.normal()]);
    const r = scoreDistributions(e, e.map((_, i) => i % 3), [0, 5, 5, 49]);
    expect(r.edges.length).toBe(101);
    expect(r.perQuery.length).toBe(4);
    for (const row of r.perQuery) expect(row.reduce((s, x) => s + x, 0)).toBe(49);
    expect(r.perQuery[1]).toEqual(r.perQuery[2]);
    for (let k = 0; k < 100; k++) expect(r.p95[k]).toBeGreaterThanOrEqual(r.p5[k]);
  });

  it('no query → NaN percentiles; bad query index throws', () => {
    const r = scoreDistributions(emb, labels, [], 4);
    expect(r.perQuery).toEqual([]);
    expect(r.p5.every(Number.isNaN)).toBe(true);
    expect(() => scoreDistributions(emb, labels, [4], 4)).toThrow();
  });
});
