import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { accumulateJs } from '../pairs/accumulate';
import { edgeDistances } from '../pairs/binnedCounts';
import { exactPairs } from '../pairs/exact';
import { exactAveragePrecision, exactOpis } from '../pairs/exact.testkit';
import {
  averagePrecision,
  averagePrecisionBounds,
  calibrationRange,
  distanceHistogram,
  epsOpis,
  opis,
  prCurve,
  utilityCurves,
} from './histogramMetrics';
import { thresholdGrid } from './calibration';
import { binLow, cosineBin, type PairHistograms } from '../pairs/pairHistograms';
import { opisErrorBound } from './opisBounds';
import * as refPairs from '../reference/pairs';
import * as refCal from '../reference/calibration';
import { sphereDistance } from '../../ml/reference/linalg';

/** n items of C classes around random centres (spread = noise), labels round-robin unless given. */
function makeSet(seed: number, n: number, C: number, d: number, noise: number, labelsIn?: number[]) {
  const rng = new Rng(seed);
  const centres = Array.from({ length: C }, () => Array.from({ length: d }, () => rng.normal()));
  const labels = labelsIn ?? Array.from({ length: n }, (_, i) => i % C);
  const emb = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) emb[i * d + t] = centres[labels[i]][t] + noise * rng.normal();
  return { emb, labels, n, d, C, matrix: toMatrix(emb, n, d) };
}
const toMatrix = (emb: Float32Array, n: number, d: number): number[][] => Array.from({ length: n }, (_, i) => Array.from(emb.subarray(i * d, (i + 1) * d)));

/** The reference's pair list with every pair moved to its bin's lower cosine edge (the binning model). */
function quantised(pairs: refPairs.PairList, bins: number): refPairs.PairList {
  const cos = pairs.cos.map((c) => binLow(cosineBin(c, bins), bins));
  return { ...pairs, cos, dist: cos.map(sphereDistance) };
}

type Set_ = ReturnType<typeof makeSet>;
async function hist(s: Set_, bins: number): Promise<PairHistograms> {
  return accumulateJs(s.emb, s.labels, s.n, s.d, s.C, bins);
}

// Seeded sets: n ≈ 60–300, several classes, d = 2 … 16.
const CASES: Array<[string, Set_]> = [
  ['n=60 C=3 d=2', makeSet(1, 60, 3, 2, 0.6)],
  ['n=150 C=5 d=4', makeSet(2, 150, 5, 4, 0.8)],
  ['n=300 C=10 d=16', makeSet(3, 300, 10, 16, 1.2)],
  ['n=200 C=7 d=8 uneven', makeSet(4, 200, 7, 8, 1.0, Array.from({ length: 200 }, (_, i) => (i < 90 ? 0 : i < 120 ? 1 : 2 + (i % 5))))],
];

describe('binned metrics = reference on quantised pairs (binning model), 4096 and 64 bins', () => {
  for (const [name, s] of CASES) {
    for (const bins of [4096, 64]) {
      it(`${name}, ${bins} bins`, async () => {
        const h = await hist(s, bins);
        const q = quantised(refPairs.allPairs(s.matrix, s.labels), bins);
        // PR curve and AP.
        const pr = prCurve(h);
        const ref = refPairs.precisionRecallCurve(q.cos, q.positive);
        expect(pr.threshold).toEqual(ref.thresholds);
        expect(pr.precision.length).toBe(ref.precision.length);
        pr.precision.forEach((p, i) => expect(p).toBeCloseTo(ref.precision[i], 12));
        pr.recall.forEach((r, i) => expect(r).toBeCloseTo(ref.recall[i], 12));
        expect(averagePrecision(h)).toBeCloseTo(refPairs.averagePrecision(q.cos, q.positive), 12);
        // Calibration range: equal as numbers (same edge distances).
        for (const [lo, hi] of [[1e-2, 1e-1], [0, 1], [0.3, 0.3], [0.05, 0.5]]) {
          expect(calibrationRange(h, lo, hi)).toEqual(refCal.calibrationRange(q, lo, hi));
        }
        // Utility on the grid, every class.
        const grid = refCal.calibrationGrid(q, { grid: 11 });
        const u = utilityCurves(h, grid);
        for (let t = 0; t < s.C; t++) {
          grid.forEach((d, g) => {
            const r = refCal.classUtility(q, s.labels, t, d);
            expect(u.sensitivity[t][g]).toBeCloseTo(r.sensitivity, 12);
            expect(u.specificity[t][g]).toBeCloseTo(r.specificity, 12);
            expect(u.utility[t][g]).toBeCloseTo(r.utility, 12);
          });
        }
        // OPIS and ε-OPIS (several ε, grids).
        for (const o of [{}, { grid: 11, eps: 0.3 }, { farLo: 0.001, farHi: 0.5, grid: 21, eps: 1 }]) {
          expect(opis(h, o)).toBeCloseTo(refCal.opis(q, s.labels, o), 12);
          expect(epsOpis(h, o)).toBeCloseTo(refCal.epsOpis(q, s.labels, o), 12);
        }
        // Distance histograms: identical counts.
        for (const b of [100, 7]) expect(distanceHistogram(h, b)).toEqual(refCal.distanceHistograms(q, b));
      });
    }
  }
});

describe('binned vs exact: stated bounds at 4096 bins', () => {
  for (const [name, s] of CASES) {
    it(name, async () => {
      const bins = 4096;
      const h = await hist(s, bins);
      const pairs = refPairs.allPairs(s.matrix, s.labels);
      const apExact = refPairs.averagePrecision(pairs.cos, pairs.positive);
      // AP: the exact value inside the bracket; the bracket is narrow at 4096 bins.
      const b = averagePrecisionBounds(h);
      expect(b.ap).toBe(averagePrecision(h));
      expect(apExact).toBeGreaterThanOrEqual(b.lo - 1e-12);
      expect(apExact).toBeLessThanOrEqual(b.hi + 1e-12);
      expect(b.ap).toBeGreaterThanOrEqual(b.lo - 1e-12);
      expect(b.ap).toBeLessThanOrEqual(b.hi + 1e-12);
      expect(b.hi - b.lo).toBeLessThan(0.05);
      expect(Math.abs(b.ap - apExact)).toBeLessThan(2e-3);
      // Calibration: each exact end lies in the binned end's bin, (edgeDist[k+1], edgeDist[k]].
      const e = edgeDistances(bins);
      const ex = refCal.calibrationRange(pairs);
      const bi = calibrationRange(h);
      for (const [x, y] of [[ex.dMin, bi.dMin], [ex.dMax, bi.dMax]]) {
        const k = e.indexOf(y);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(y);
        expect(x).toBeGreaterThanOrEqual(e[k + 1]);
      }
      // OPIS within the stated bound, which is much smaller than OPIS itself here.
      const o = opis(h);
      const oe = refCal.opis(pairs, s.labels);
      const bound = opisErrorBound(h);
      expect(Math.abs(o - oe)).toBeLessThanOrEqual(bound + 1e-12);
      // Informative: ≤ 10 % of OPIS from n = 150 on (here 2–5 %); looser for 60 items in 2-d.
      expect(bound).toBeLessThan((s.n >= 150 ? 0.1 : 1) * oe);
      // ε-OPIS: its bound is tested in opisBounds.test.ts; close in practice here too.
      expect(Math.abs(epsOpis(h) - refCal.epsOpis(pairs, s.labels))).toBeLessThan(0.01);
    });
  }

  it('bounds still hold at a coarse 32 bins, where the errors are large', async () => {
    for (const [, s] of CASES) {
      const h = await hist(s, 32);
      const pairs = refPairs.allPairs(s.matrix, s.labels);
      const apExact = refPairs.averagePrecision(pairs.cos, pairs.positive);
      const b = averagePrecisionBounds(h);
      expect(apExact).toBeGreaterThanOrEqual(b.lo - 1e-12);
      expect(apExact).toBeLessThanOrEqual(b.hi + 1e-12);
      const oe = refCal.opis(pairs, s.labels);
      expect(Math.abs(opis(h) - oe)).toBeLessThanOrEqual(opisErrorBound(h) + 1e-12);
    }
  });

  it('the exact path agrees with the bracket and the bound too (same cosines)', async () => {
    const s = CASES[1][1];
    const h = await hist(s, 1024);
    const ex = exactPairs(s.emb, Int32Array.from(s.labels), s.n, s.d, s.C);
    const b = averagePrecisionBounds(h);
    const a = exactAveragePrecision(ex);
    expect(a).toBeGreaterThanOrEqual(b.lo);
    expect(a).toBeLessThanOrEqual(b.hi);
    expect(Math.abs(exactOpis(ex) - opis(h))).toBeLessThanOrEqual(opisErrorBound(h));
  });
});

describe('edge cases (binned, against the reference)', () => {
  const both = async (s: Set_, bins = 4096) => ({ h: await hist(s, bins), pairs: refPairs.allPairs(s.matrix, s.labels) });

  it('ties: duplicate embeddings form one operating point; AP equals the exact reference', async () => {
    // 4 distinct vectors, each repeated: all cosines take a few values, many exact ties.
    const base = makeSet(11, 8, 4, 3, 0.5);
    const idx = Array.from({ length: 80 }, (_, i) => i % 8);
    const emb = new Float32Array(80 * 3);
    idx.forEach((j, i) => emb.set(base.emb.subarray(j * 3, j * 3 + 3), i * 3));
    const labels = idx.map((j) => base.labels[j]);
    const s = { emb, labels, n: 80, d: 3, C: 4, matrix: toMatrix(emb, 80, 3) };
    const { h, pairs } = await both(s);
    const apExact = refPairs.averagePrecision(pairs.cos, pairs.positive);
    const b = averagePrecisionBounds(h);
    expect(apExact).toBeGreaterThanOrEqual(b.lo - 1e-12);
    expect(apExact).toBeLessThanOrEqual(b.hi + 1e-12);
    // Exact ties (equal float64) never straddle bins. The only distinct cosines sharing a bin here are
    // the copies of one vector (cos = 1 ± ulp, all positive pairs, precision 1 either way), so the
    // binned AP is the exact AP.
    const distinct = new Set(pairs.cos).size;
    const occupied = new Set(pairs.cos.map((c) => cosineBin(c, 4096))).size;
    expect(occupied).toBeLessThan(distinct);
    expect(pairs.cos.every((c, p) => cosineBin(c, 4096) < 4095 || pairs.positive[p])).toBe(true);
    expect(averagePrecision(h)).toBeCloseTo(apExact, 12);
    expect(prCurve(h).precision.length).toBe(occupied);
  });

  it('a class with one item: no positives, left out of OPIS; ψ = 0', async () => {
    const labels = Array.from({ length: 61 }, (_, i) => (i === 60 ? 3 : i % 3));
    const s = makeSet(12, 61, 4, 4, 0.7, labels);
    const { h, pairs } = await both(s);
    const q = quantised(pairs, 4096);
    const grid = refCal.calibrationGrid(q, {});
    const u = utilityCurves(h, grid);
    expect(u.sensitivity[3].every((v) => v === 0)).toBe(true);
    expect(u.utility[3].every((v) => v === 0)).toBe(true);
    expect(refCal.opisClasses(q, labels)).toEqual([0, 1, 2]);
    expect(opis(h)).toBeCloseTo(refCal.opis(q, labels), 12);
    expect(epsOpis(h)).toBeCloseTo(refCal.epsOpis(q, labels), 12);
    // A class absent from the set behaves like the reference too (C = 5, class 4 unused).
    const h5 = await accumulateJs(s.emb, labels, 61, 4, 5, 4096);
    expect(opis(h5)).toBeCloseTo(opis(h), 14);
    expect(utilityCurves(h5, grid).specificity[4].every((v) => v === 1)).toBe(true);
  });

  it('perfect separation: AP = 1', async () => {
    const s = makeSet(13, 90, 3, 16, 0.01);
    const { h, pairs } = await both(s);
    expect(refPairs.averagePrecision(pairs.cos, pairs.positive)).toBe(1);
    expect(averagePrecision(h)).toBe(1);
    const b = averagePrecisionBounds(h);
    expect(b.lo).toBeCloseTo(1, 12);
  });

  it('random embeddings: AP ≈ the positive rate', async () => {
    const rng = new Rng(14);
    const n = 300;
    const d = 16;
    const emb = Float32Array.from({ length: n * d }, () => rng.normal());
    const labels = Array.from({ length: n }, (_, i) => i % 4);
    const s = { emb, labels, n, d, C: 4, matrix: toMatrix(emb, n, d) };
    const { h, pairs } = await both(s);
    const rate = pairs.positive.filter(Boolean).length / pairs.positive.length;
    expect(Math.abs(averagePrecision(h) - rate)).toBeLessThan(0.03);
    expect(averagePrecision(h)).toBeCloseTo(refPairs.averagePrecision(pairs.cos, pairs.positive), 3);
  });

  it('empty calibration range (dMin = dMax): OPIS on a one-point grid, as the reference', async () => {
    // Two classes, each a single repeated vector: all negatives share one distance.
    const n = 20;
    const labels = Array.from({ length: n }, (_, i) => i % 2);
    const emb = new Float32Array(n * 2);
    labels.forEach((y, i) => emb.set(y === 0 ? [1, 0] : [0.6, 0.8], i * 2));
    const s = { emb, labels, n, d: 2, C: 2, matrix: toMatrix(emb, n, 2) };
    const { h, pairs } = await both(s);
    const q = quantised(pairs, 4096);
    const r = calibrationRange(h);
    expect(r.dMin).toBe(r.dMax);
    expect(r).toEqual(refCal.calibrationRange(q));
    expect(thresholdGrid(r.dMin, r.dMax, 5)).toEqual([r.dMin, r.dMin, r.dMin, r.dMin, r.dMin]);
    expect(opis(h)).toBe(refCal.opis(q, labels));
    expect(epsOpis(h)).toBe(refCal.epsOpis(q, labels));
  });

  it('no negatives or no positives: NaN like the reference', async () => {
    const one = makeSet(15, 30, 1, 4, 0.5);
    const h1 = await hist(one, 256);
    expect(calibrationRange(h1).dMin).toBeNaN();
    expect(opis(h1)).toBeNaN();
    expect(epsOpis(h1)).toBeNaN();
    expect(averagePrecision(h1)).toBe(1);
    const distinct = makeSet(16, 5, 5, 4, 0.5);
    const h2 = await hist(distinct, 256);
    expect(averagePrecision(h2)).toBeNaN();
    expect(opis(h2)).toBeNaN();
  });
});
