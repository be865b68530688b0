import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { EXACT_MAX_ITEMS, exactPairs } from './exact';
import { exactAveragePrecision, exactCalibrationRange, exactEpsOpis, exactOpis, exactPrCurve, exactUtilityCurves } from './exact.testkit';
import * as refPairs from '../reference/pairs';
import * as refCal from '../reference/calibration';

function makeSet(seed: number, n: number, C: number, d: number, noise: number, dupEvery = 0) {
  const rng = new Rng(seed);
  const centres = Array.from({ length: C }, () => Array.from({ length: d }, () => rng.normal()));
  const labels = Array.from({ length: n }, (_, i) => (i * 7 + (i >> 3)) % C);
  const emb = new Float32Array(n * d);
  for (let i = 0; i < n; i++) {
    if (dupEvery > 0 && i % dupEvery !== 0) {
      // A copy of the previous anchor (same label set below): exact ties.
      const j = i - (i % dupEvery);
      emb.set(emb.subarray(j * d, (j + 1) * d), i * d);
      labels[i] = labels[j];
      continue;
    }
    for (let t = 0; t < d; t++) emb[i * d + t] = centres[labels[i]][t] + noise * rng.normal();
  }
  const matrix = Array.from({ length: n }, (_, i) => Array.from(emb.subarray(i * d, (i + 1) * d)));
  return { emb, labels, n, d, C, matrix };
}

describe('exact path = reference (no binning)', () => {
  const cases: Array<[string, ReturnType<typeof makeSet>]> = [
    ['n=80 C=4 d=2', makeSet(1, 80, 4, 2, 0.7)],
    ['n=200 C=6 d=8', makeSet(2, 200, 6, 8, 1)],
    ['n=120 C=3 d=3 with duplicate embeddings (ties)', makeSet(3, 120, 3, 3, 0.6, 4)],
    ['n=90 C=5 d=16', makeSet(4, 90, 5, 16, 1.3)],
  ];
  for (const [name, s] of cases) {
    it(name, () => {
      const ex = exactPairs(s.emb, Int32Array.from(s.labels), s.n, s.d, s.C + 1); // class C is absent
      const pairs = refPairs.allPairs(s.matrix, s.labels);
      // Tie groups and counts.
      expect(ex.cos.length).toBe(refPairs.precisionRecallCurve(pairs.cos, pairs.positive).thresholds.length);
      expect(ex.pos.reduce((a, b) => a + b, 0)).toBe(pairs.positive.filter(Boolean).length);
      const pr = exactPrCurve(ex);
      const ref = refPairs.precisionRecallCurve(pairs.cos, pairs.positive);
      expect(pr.threshold).toEqual(ref.thresholds);
      expect(pr.precision).toEqual(ref.precision);
      expect(pr.recall).toEqual(ref.recall);
      expect(exactAveragePrecision(ex)).toBe(refPairs.averagePrecision(pairs.cos, pairs.positive));
      for (const [lo, hi] of [[1e-2, 1e-1], [0, 1], [0.2, 0.2]]) expect(exactCalibrationRange(ex, lo, hi)).toEqual(refCal.calibrationRange(pairs, lo, hi));
      const grid = refCal.calibrationGrid(pairs, { grid: 13 });
      const u = exactUtilityCurves(ex, grid);
      for (let t = 0; t <= s.C; t++) {
        grid.forEach((d, g) => {
          const r = refCal.classUtility(pairs, s.labels, t, d);
          expect([u.sensitivity[t][g], u.specificity[t][g], u.utility[t][g]]).toEqual([r.sensitivity, r.specificity, r.utility]);
        });
      }
      for (const o of [{}, { grid: 11, eps: 0.34 }, { farLo: 0, farHi: 1, grid: 5, eps: 1 }]) {
        expect(exactOpis(ex, o)).toBeCloseTo(refCal.opis(pairs, s.labels, o), 14);
        expect(exactEpsOpis(ex, o)).toBeCloseTo(refCal.epsOpis(pairs, s.labels, o), 14);
      }
    });
  }

  it('ties: duplicate embeddings make fewer tie groups than pairs, one point each', () => {
    const s = cases[2][1];
    const ex = exactPairs(s.emb, Int32Array.from(s.labels), s.n, s.d, s.C);
    expect(ex.cos.length).toBeLessThan((s.n * (s.n - 1)) / 2);
    expect(exactPrCurve(ex).precision.length).toBe(ex.cos.length);
    for (let i = 1; i < ex.cos.length; i++) expect(ex.cos[i]).toBeLessThan(ex.cos[i - 1]);
  });

  it('refuses sets above the limit', () => {
    expect(() => exactPairs(new Float32Array(0), new Int32Array(EXACT_MAX_ITEMS + 1), EXACT_MAX_ITEMS + 1, 0, 1)).toThrow(RangeError);
  });
});
