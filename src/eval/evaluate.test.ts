import { describe, expect, it } from 'vitest';
import { Rng } from '../data/rng';
import { tensorCount, useCpuBackend } from '../ml/testing';
import { accumulateJs, normaliseRows } from './accumulate';
import { evaluateEmbeddings, PR_MAX_POINTS, RECALL_KS, RECALL_MAX_ITEMS } from './evaluate';
import { averagePrecision, averagePrecisionBounds, calibrationRange, epsOpis, opis } from './metrics';
import { opisErrorBound } from './opisBounds';
import { recallAtK } from './recall';
import * as refPairs from './reference/pairs';
import * as refClust from './reference/clustering';

function makeSet(seed: number, n: number, C: number, d: number, noise: number) {
  const rng = new Rng(seed);
  const centres = Array.from({ length: C }, () => Array.from({ length: d }, () => rng.normal()));
  const labels = Int32Array.from({ length: n }, (_, i) => i % C);
  const emb = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) emb[i * d + t] = 3 * (centres[labels[i]][t] + noise * rng.normal());
  return { emb, labels, n, d, C };
}
const rows = (x: ArrayLike<number>, n: number, d: number) => Array.from({ length: n }, (_, i) => Array.from({ length: d }, (_, t) => x[i * d + t]));

describe('evaluateEmbeddings', () => {
  it("'js' path: every field from the underlying functions, small curves", async () => {
    const s = makeSet(1, 300, 6, 8, 0.9);
    const fr: number[] = [];
    const r = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', onProgress: (f) => fr.push(f), between: async () => {} });
    const h = await accumulateJs(s.emb, s.labels, s.n, s.d, s.C, 4096);
    expect(r.n).toBe(300);
    expect(r.pairs).toBe(44850);
    expect(r.positives).toBe(6 * (50 * 49) / 2);
    expect(r.bins).toBe(4096);
    expect(r.ap).toBe(averagePrecision(h));
    expect(r.calibration).toEqual({ ...calibrationRange(h), farLo: 0.01, farHi: 0.1 });
    expect(r.opis).toBe(opis(h));
    expect(r.epsOpis).toBe(epsOpis(h));
    expect(r.pr.precision.length).toBeLessThanOrEqual(PR_MAX_POINTS);
    expect(r.pr.recall[r.pr.recall.length - 1]).toBe(1);
    for (let i = 1; i < r.pr.recall.length; i++) expect(r.pr.recall[i]).toBeGreaterThanOrEqual(r.pr.recall[i - 1]);
    expect(r.utility.grid.length).toBe(101);
    expect(r.utility.grid[0]).toBe(r.calibration.dMin);
    expect(r.utility.grid[100]).toBe(r.calibration.dMax);
    expect(r.utility.classes).toEqual([0, 1, 2, 3, 4, 5]);
    expect(r.utility.perClass.length).toBe(6);
    expect(r.recall.k).toEqual(RECALL_KS);
    expect(r.recall.items).toBe(300);
    const x = Float32Array.from(normaliseRows(s.emb, s.n, s.d));
    expect(r.recall.value).toEqual(recallAtK(x, s.labels, s.n, s.d, RECALL_KS));
    expect(r.nmi).toBe(refClust.clusteringNmi(rows(s.emb, s.n, s.d), Array.from(s.labels), 1));
    expect(r.scoreDistribution.perQuery.length).toBe(200);
    expect(r.scoreDistribution.p5.length).toBe(100);
    expect(r.distance.pos.reduce((a, b) => a + b, 0)).toBe(r.positives);
    expect(r.distance.neg.reduce((a, b) => a + b, 0)).toBe(r.pairs - r.positives);
    expect(r.ms).toBeGreaterThan(0);
    expect(fr[fr.length - 1]).toBe(1);
    expect(JSON.stringify(r).length).toBeLessThan(200_000);
  });

  it("'exact' path: exact AP / OPIS inside the binned report's bounds; same recall, NMI, distributions", async () => {
    const s = makeSet(2, 240, 4, 6, 1.1);
    const ex = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'exact', seed: 5 });
    const js = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', seed: 5 });
    expect(ex.bins).toBeNull();
    const pairs = refPairs.snappedPairs(refPairs.allPairs(rows(s.emb, s.n, s.d), Array.from(s.labels)));
    expect(ex.ap).toBe(refPairs.averagePrecision(pairs.cos, pairs.positive));
    const h = await accumulateJs(s.emb, s.labels, s.n, s.d, s.C, 4096);
    const b = averagePrecisionBounds(h);
    expect(ex.ap).toBeGreaterThanOrEqual(b.lo);
    expect(ex.ap).toBeLessThanOrEqual(b.hi);
    expect(Math.abs(ex.opis - js.opis)).toBeLessThanOrEqual(opisErrorBound(h));
    expect(ex.pr.precision.length).toBe(PR_MAX_POINTS); // 28,680 distinct cosines, downsampled
    expect(ex.recall).toEqual(js.recall);
    expect(ex.nmi).toBe(js.nmi);
    expect(ex.scoreDistribution).toEqual(js.scoreDistribution);
    expect(ex.distance.pos.reduce((a, b) => a + b, 0)).toBe(js.positives);
    // Binned distance histograms: every pair moves UP by < one cosine bin (≤ 4.9e-4/d), i.e. a few
    // per cent of the pairs cross into the next 0.02-wide distance bin, never down.
    let carry = 0;
    let moved = 0;
    ex.distance.neg.forEach((v, k) => {
      carry += js.distance.neg[k] - v;
      expect(carry).toBeLessThanOrEqual(0);
      moved += Math.abs(carry);
    });
    expect(carry).toBe(0);
    expect(moved).toBeLessThan(0.05 * (ex.pairs - ex.positives));
  });

  it("'tf' path on the cpu backend agrees with 'js' (up to float32 edge moves) and leaks no tensor", async () => {
    await useCpuBackend();
    const s = makeSet(3, 200, 5, 16, 1);
    const before = tensorCount();
    const t = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'tf' });
    expect(tensorCount()).toBe(before);
    const j = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js' });
    expect(t.positives).toBe(j.positives);
    expect(Math.abs(t.ap - j.ap)).toBeLessThan(1e-4);
    expect(Math.abs(t.opis - j.opis)).toBeLessThan(1e-3);
    expect(t.nmi).toBe(j.nmi);
  });

  it('recall on a seeded subsample of ≤ 2,000 items above that; seeds change the subsample', async () => {
    const s = makeSet(4, 2100, 3, 4, 1.5);
    const a = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 512, queries: 20, seed: 1 });
    const b = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 512, queries: 20, seed: 1 });
    const c = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 512, queries: 20, seed: 2 });
    expect(a.recall.items).toBe(RECALL_MAX_ITEMS);
    expect(a.recall.value).toEqual(b.recall.value);
    expect(a.scoreDistribution).toEqual(b.scoreDistribution);
    expect(a.scoreDistribution.perQuery.length).toBe(20);
    expect(c.scoreDistribution.perQuery).not.toEqual(a.scoreDistribution.perQuery);
    expect(a.pairs).toBe((2100 * 2099) / 2);
  });
});
