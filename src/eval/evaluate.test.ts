import { describe, expect, it } from 'vitest';
import { Rng } from '../data/rng';
import { tensorCount, useCpuBackend } from '../ml/ml.testkit';
import { accumulateJs, normaliseRows } from './pairs/accumulate';
import { evaluateEmbeddings, PR_MAX_POINTS, RECALL_KS } from './evaluate';
import { kmeansBest, localClustering, type ClusteringPass } from './clustering/restarts';
import { nmi } from './clustering/nmi';
import { averagePrecision, averagePrecisionBounds, calibrationRange, epsOpis, opis } from './metrics/histogramMetrics';
import { opisErrorBound } from './metrics/opisBounds';
import { retrieval, retrievalPass, R_CAP, type RetrievalPass } from './retrieval/retrieval';
import * as refPairs from './reference/pairs';

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
    expect(r.recall.sampled).toBe(false);
    const x = normaliseRows(s.emb, s.n, s.d);
    const ret = await retrieval(x, s.labels, s.n, s.d, { ks: RECALL_KS });
    expect(r.recall.value).toEqual(ret.recall);
    expect(r.mapAtR).toBe(ret.mapAtR);
    expect(r.rPrecision).toBe(ret.rPrecision);
    expect(r.rCounts).toEqual({ items: 300, cap: R_CAP, capped: 0 });
    expect(r.mapAtR).toBeGreaterThan(0);
    expect(r.mapAtR).toBeLessThanOrEqual(r.rPrecision!); // AP@R ≤ R-precision, item by item
    expect(r.nmi).toBe(nmi(s.labels, (await kmeansBest(x, s.n, s.d, s.C, 1)).assign));
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
    const pairs = refPairs.allPairs(rows(s.emb, s.n, s.d), Array.from(s.labels));
    expect(ex.ap).toBe(refPairs.averagePrecision(pairs.cos, pairs.positive));
    const h = await accumulateJs(s.emb, s.labels, s.n, s.d, s.C, 4096);
    const b = averagePrecisionBounds(h);
    expect(ex.ap).toBeGreaterThanOrEqual(b.lo);
    expect(ex.ap).toBeLessThanOrEqual(b.hi);
    expect(Math.abs(ex.opis - js.opis)).toBeLessThanOrEqual(opisErrorBound(h));
    expect(ex.pr.precision.length).toBe(PR_MAX_POINTS); // 28,680 distinct cosines, downsampled
    expect(ex.recall).toEqual(js.recall);
    expect(ex.mapAtR).toBe(js.mapAtR);
    expect(ex.rPrecision).toBe(js.rPrecision);
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

  it("'tf' path: the retrieval pass bins the pairs from its float32 rows; the report is the one the histograms made on their own give", async () => {
    await useCpuBackend();
    const s = makeSet(5, 300, 4, 8, 1);
    let binned: boolean | undefined;
    const watch: RetrievalPass = async (x, l, n, d, o) => {
      const per = await retrievalPass(x, l, n, d, o);
      binned = per.pairs !== undefined;
      return per;
    };
    const fused = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'tf', retrievalPass: watch });
    expect(binned).toBe(true);
    // A pass that bins nothing (a thread without its screen): the histograms are made after it, the same.
    const dropping: RetrievalPass = async (x, l, n, d, o) => ({ ...(await retrievalPass(x, l, n, d, o)), pairs: undefined });
    const apart = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'tf', retrievalPass: dropping });
    // A sample of queries cannot bin every pair: the histograms run beside the pass.
    const sampled = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'tf', retrievalPass: watch, recallSample: 100 });
    expect(binned).toBe(false);
    expect({ ...apart, ms: 0, msParts: null }).toEqual({ ...fused, ms: 0, msParts: null });
    // (Its score-distribution queries differ: the sample took its draw from the seed first.)
    const allPairsPart = (r: typeof fused) => ({ ap: r.ap, pr: r.pr, operating: r.operating, utility: r.utility, opis: r.opis, epsOpis: r.epsOpis, distance: r.distance, roc: r.roc, bounds: r.bounds });
    expect(allPairsPart(sampled)).toEqual(allPairsPart(fused));
    // A bad label is refused before the pass starts.
    let started = false;
    const bad = Int32Array.from(s.labels, (l, i) => (i === 7 ? 9 : l));
    await expect(evaluateEmbeddings(s.emb, bad, s.n, s.d, s.C, { path: 'tf', retrievalPass: async (...a) => ((started = true), retrievalPass(...a)) })).rejects.toThrow(/label 9 of item 7/);
    expect(started).toBe(false);
  });

  it('above 2,000 items: Recall@K, MAP@R, R-precision and NMI over every item (no subsample); a sample of queries only when asked for', async () => {
    const s = makeSet(4, 2100, 3, 4, 1.5);
    const a = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 512, queries: 20, seed: 1 });
    const b = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 512, queries: 20, seed: 1 });
    const c = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 512, queries: 20, seed: 2 });
    const x = normaliseRows(s.emb, s.n, s.d);
    const all = await retrieval(x, s.labels, s.n, s.d, { ks: RECALL_KS });
    expect(a.recall).toEqual({ k: RECALL_KS, value: all.recall, items: 2100, sampled: false, screened: false }); // 'js': no float32 screen
    expect(a.mapAtR).toBe(all.mapAtR);
    expect(a.rPrecision).toBe(all.rPrecision);
    expect(a.rCounts).toEqual({ items: 2100, cap: 1000, capped: 0 });
    expect(a.nmi).toBe(nmi(s.labels, (await kmeansBest(x, s.n, s.d, s.C, 1)).assign));
    expect(c.recall).toEqual(a.recall); // the seed no longer picks items
    expect(c.nmi).toBe(nmi(s.labels, (await kmeansBest(x, s.n, s.d, s.C, 2)).assign));
    expect(a.scoreDistribution).toEqual(b.scoreDistribution);
    expect(a.scoreDistribution.perQuery.length).toBe(20);
    expect(c.scoreDistribution.perQuery).not.toEqual(a.scoreDistribution.perQuery);
    expect(a.pairs).toBe((2100 * 2099) / 2);

    // Opt-in: 300 seeded queries, each against all 2,100 items; the report says so.
    const sm = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 512, queries: 20, seed: 1, recallSample: 300 });
    expect(sm.recall.items).toBe(300);
    expect(sm.recall.sampled).toBe(true);
    expect(sm.rCounts!.items).toBe(300);
    const picked = Int32Array.from(new Rng(1).fork().shuffle(Array.from({ length: 2100 }, (_, i) => i)).slice(0, 300)).sort();
    const whole = await retrievalPass(x, s.labels, s.n, s.d, { ks: RECALL_KS });
    const mean = (f: (i: number) => number) => Array.from(picked).reduce((t, i) => t + f(i), 0) / 300;
    RECALL_KS.forEach((k, q) => expect(sm.recall.value[q]).toBeCloseTo(mean((i) => (whole.firstHit[i] >= 0 && whole.firstHit[i] < k ? 1 : 0)), 12));
    expect(sm.mapAtR).toBeCloseTo(mean((i) => whole.apAtR[i]), 12);
    expect(sm.rPrecision).toBeCloseTo(mean((i) => whole.rPrecision[i]), 12);
    expect(sm.nmi).toBe(a.nmi); // NMI stays on every item
    // A sample as large as the set is no sample.
    const full = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 512, queries: 20, seed: 1, recallSample: 5000 });
    expect(full.recall).toEqual(a.recall);
    await expect(evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 512, recallSample: 0 })).rejects.toThrow(/recallSample/);
  });

  it('the retrieval pass runs beside the all-pairs part, and is stopped when that part fails', async () => {
    const s = makeSet(4, 400, 4, 6, 1);
    let signal: AbortSignal | undefined;
    let started = false;
    const never: RetrievalPass = async (_x, _l, _n, _d, o) => {
      started = true;
      signal = o.signal;
      return new Promise(() => undefined);
    };
    const bad = Int32Array.from(s.labels, (l, i) => (i === 7 ? 9 : l)); // outside 0 … 3: the histograms refuse it
    await expect(evaluateEmbeddings(s.emb, bad, s.n, s.d, s.C, { path: 'js', retrievalPass: never })).rejects.toThrow(/label 9 of item 7/);
    expect(started).toBe(true);
    expect(signal?.aborted).toBe(true);
  });

  it('k-means runs after the retrieval pass (each has the threads to itself); a failing pass stops the evaluation before it', async () => {
    const s = makeSet(5, 600, 4, 6, 1);
    const turn = () => new Promise<void>((r) => setTimeout(r, 0));
    let clusterings = 0;
    const counting: ClusteringPass = async (...args) => {
      clusterings++;
      return localClustering()(...args);
    };
    let fail = () => {};
    const held: RetrievalPass = () => new Promise((_, reject) => (fail = () => reject(new Error('the pass failed'))));
    const fa: number[] = [];
    const first = evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 256, retrievalPass: held, clusteringPass: counting, between: turn, onProgress: (f) => fa.push(f) });
    first.catch(() => undefined);
    for (let t = 0; t < 200; t++) await turn();
    expect(clusterings).toBe(0); // the histograms are made, the pass is held: k-means waits
    fail();
    await expect(first).rejects.toThrow('the pass failed');
    expect(clusterings).toBe(0);
    // A k-means pass that fails fails the evaluation with its reason.
    const broken: ClusteringPass = async () => {
      throw new Error('a k-means thread failed: it stopped');
    };
    await expect(evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 256, clusteringPass: broken })).rejects.toThrow('a k-means thread failed');
    // The progress rises through both passes to 1.
    const fb: number[] = [];
    const r = await evaluateEmbeddings(s.emb, s.labels, s.n, s.d, s.C, { path: 'js', bins: 256, clusteringPass: counting, onProgress: (f) => fb.push(f) });
    expect(clusterings).toBe(1);
    expect(r.nmi).toBe(nmi(s.labels, (await kmeansBest(normaliseRows(s.emb, s.n, s.d), s.n, s.d, s.C, 1)).assign));
    for (let i = 1; i < fb.length; i++) expect(fb[i]).toBeGreaterThanOrEqual(fb[i - 1]);
    expect(fb.at(-1)).toBe(1);
    expect(fb.filter((f) => f > 0.3 && f < 0.95).length).toBeGreaterThan(3);
  });
});
