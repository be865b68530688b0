import { describe, expect, it } from 'vitest';
import { blobSet, rowsOf } from './clustering.testkit';
import { Rng } from '../../data/rng';
import * as ref from '../reference/clustering';
import { kmeansRun } from './kmeans';
import { nmi, portableLog } from './nmi';
import { jsCentreProducts } from './products';


describe('nmi = reference', () => {
  it('random labelings, equal to the last few ulps (the logarithms are portableLog, not Math.log)', () => {
    const rng = new Rng(8);
    for (const [n, ka, kb] of [[50, 3, 3], [200, 10, 7], [500, 2, 12], [31, 31, 1]]) {
      const a = Array.from({ length: n }, () => rng.int(ka));
      const b = Array.from({ length: n }, () => rng.int(kb));
      expect(nmi(Int32Array.from(a), Int32Array.from(b))).toBeCloseTo(ref.nmi(a, b), 14);
      expect(nmi(a, a)).toBeCloseTo(ref.nmi(a, a), 14);
    }
  });
  it('portableLog: within 3 ulps of ln x, the same bits wherever it runs (no Math.log)', () => {
    const rng = new Rng(3);
    const xs = [1, 2, 0.5, 3, 10, Math.SQRT2, Math.SQRT1_2, 1 + 2 ** -52, 1 - 2 ** -53, 5e-324, 2.2250738585072014e-308, 1e300, Number.MAX_VALUE];
    for (let i = 0; i < 20000; i++) xs.push(Math.exp((rng.next() - 0.5) * 80));
    for (let n = 1; n <= 300; n += 13) for (let c = 1; c <= n; c += 7) xs.push(c / n, (n * c) / (7 * 11));
    for (const x of xs) {
      const want = Math.log(x);
      expect(Math.abs(portableLog(x) - want), `ln ${x}`).toBeLessThanOrEqual(3 * 2 ** -52 * Math.max(Math.abs(want), 2 ** -52));
    }
    expect(portableLog(1)).toBe(0);
    expect(portableLog(2)).toBe(Math.LN2);
    expect([portableLog(0), portableLog(-1), portableLog(Infinity)]).toEqual([-Infinity, NaN, Infinity]);
    // Arguments where Node 20's and Chromium 156's Math.log differ in the last bit: one answer here.
    expect(portableLog(4.655172413793103)).toBe(1.5379789484519555);
    expect(portableLog(2.9661016949152543)).toBe(1.0872485300177945);
  });
  it('edge cases: identical up to renaming = 1; single clusters = 1; one split side = 0; empty = 1', () => {
    expect(nmi([0, 0, 1, 1, 2], [5, 5, 3, 3, 9])).toBeCloseTo(1, 14);
    expect(nmi([0, 0, 0], [1, 1, 1])).toBe(1);
    expect(nmi([0, 0, 0, 0], [0, 1, 0, 1])).toBe(0);
    expect(nmi([], [])).toBe(1);
    expect(() => nmi([1], [])).toThrow();
  });
  it('clustering NMI of the evaluation (normalised float64 points, k = distinct labels) = reference clusteringNmi', async () => {
    const s = blobSet(9, 240, 6, 8, 1.2);
    const k = new Set(s.labels).size;
    const fast = nmi(s.labels, (await kmeansRun(s.x, s.n, s.d, k, 3, jsCentreProducts(s.x, s.n, s.d))).assign);
    expect(fast).toBeCloseTo(ref.clusteringNmi(rowsOf(s.emb, s.n, s.d), s.labels, 3), 14);
    expect(fast).toBeGreaterThan(0.3);
  });
});

