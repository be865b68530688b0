/**
 * The one entry point of the evaluation view (SPEC "Evaluation"), called by the training worker:
 * all-pairs metrics through the chosen path, plus Recall@K, NMI and the score distributions, in a
 * report small enough to post to the page every few seconds (PR curve ≤ 512 points, utility on
 * the OPIS grid only, score distributions Q × 100 bins, operating points 12 FARs × 2 rates per class).
 *
 * Paths: 'js' = accumulateJs + binned metrics, 'tf' = accumulateTf (active tfjs backend; wasm is
 * the fast CPU path) + binned metrics, 'exact' = the sort-based exact path (≤ EXACT_MAX_ITEMS).
 */
import { accumulateWgsl } from './kernels/pairHistogram';
import { accumulateJs, accumulateTf, normaliseRows } from './accumulate';
import { scoreDistributions } from './distributions';
import { exactPairs, type ExactPairs } from './exact';
import { assertFiniteEmbeddings } from './finite';
import { kmeansPlusPlus, nmi } from './kmeans';
import {
  averagePrecisionFromGroups,
  calibrationGridFrom,
  calibrationRangeFrom,
  distanceHistogram,
  epsOpisFrom,
  globalCounts,
  histogramCounts,
  opisClassesFrom,
  opisFrom,
  prCurveFromGroups,
  sphereDistance,
  utilityCurvesFrom,
  DEFAULT_EPS,
  DEFAULT_FAR_HI,
  DEFAULT_FAR_LO,
  DEFAULT_GRID,
  type CountSource,
} from './metrics';
import { binLow, DEFAULT_BINS } from './pairHistograms';
import { farGrid, operatingPoints, type OperatingPoints } from './operatingPoints';
import { recallAtK } from './recall';
import { Rng } from '../data/rng';

export interface EvalOptions {
  path: 'js' | 'tf' | 'wgsl' | 'exact';
  /** Cosine bins of the binned paths (default 4096). */
  bins?: number;
  farLo?: number;
  farHi?: number;
  /** Grid thresholds G of OPIS and the utility curves (default 101). */
  grid?: number;
  eps?: number;
  /** Target FARs to report operating points at, besides the default grid (operatingPoints.ts DEFAULT_FARS). */
  fars?: number[];
  /** Score-distribution queries Q (default 200, capped at n). */
  queries?: number;
  /** Seed of the recall subsample, the queries and k-means (default 1). */
  seed?: number;
  between?: () => Promise<void>;
  onProgress?: (fraction: number) => void;
}

export interface EvalReport {
  n: number;
  /** n(n−1)/2. */
  pairs: number;
  /** Positive pairs (same label). */
  positives: number;
  /** Which all-pairs path produced ap … distance ('exact', or 'js' / 'tf' with `bins` cosine bins). */
  path: 'js' | 'tf' | 'wgsl' | 'exact';
  bins: number | null;
  ap: number;
  /** PR curve, descending threshold, downsampled to ≤ 512 points (first and last kept). */
  pr: { precision: number[]; recall: number[] };
  /** The distances where the global FAR reaches `farLo` and `farHi` (SPEC "Calibration range"). */
  calibration: { dMin: number; dMax: number; farLo: number; farHi: number };
  /** The global threshold at each target FAR (default grid + EvalOptions.fars) and its per-class FAR/FRR. */
  operating: OperatingPoints;
  /** Class names by label, when the items came with names (not set here: the caller may add them). */
  classNames?: string[];
  /** U_t on the OPIS grid, for the classes with a positive pair (rows follow `classes`). */
  utility: { grid: number[]; perClass: number[][]; classes: number[] };
  opis: number;
  epsOpis: number;
  /** Recall@K on a seeded subsample of `items` ≤ 2,000 items (src/eval/recall.ts). */
  recall: { k: number[]; value: number[]; items: number };
  /** k-means++ (k = distinct labels, seeded) vs the labels, on the Recall@K subsample (`recall.items`). */
  nmi: number;
  scoreDistribution: { edges: number[]; perQuery: number[][]; p5: number[]; p95: number[] };
  /** Pair counts per distance bin over [0, 2] (100 bins). */
  distance: { edges: number[]; pos: number[]; neg: number[] };
  /** Wall time of the whole evaluation. */
  ms: number;
}

export const RECALL_KS = [1, 2, 4, 5, 8, 10];
export const RECALL_MAX_ITEMS = 2000;
export const PR_MAX_POINTS = 512;
const DISTANCE_BINS = 100;

/** Keeps ≤ max evenly spaced indices of a curve, the first and last included. */
function downsample(len: number, max: number): number[] {
  if (len <= max) return Array.from({ length: len }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < max; i++) out.push(Math.round((i * (len - 1)) / (max - 1)));
  return out;
}

/** Distance histogram of the exact path (reference `distanceHistograms`, exact distances). */
function exactDistanceHistogram(ex: ExactPairs, bins: number): { edges: number[]; pos: number[]; neg: number[] } {
  const edges: number[] = [];
  for (let k = 0; k <= bins; k++) edges.push((2 * k) / bins);
  const pos = new Array<number>(bins).fill(0);
  const neg = new Array<number>(bins).fill(0);
  for (let i = 0; i < ex.cos.length; i++) {
    let k = Math.floor((sphereDistance(ex.cos[i]) / 2) * bins);
    if (k < 0) k = 0;
    if (k > bins - 1) k = bins - 1;
    pos[k] += ex.pos[i];
    neg[k] += ex.neg[i];
  }
  return { edges, pos, neg };
}

/**
 * Evaluates n row-major d-dimensional embeddings (normalised here) with labels in 0 … numClasses − 1.
 * Throws NonFiniteEmbeddingsError when a row holds NaN or ±Infinity.
 */
export async function evaluateEmbeddings(
  emb: Float32Array,
  labels: Int32Array,
  n: number,
  d: number,
  numClasses: number,
  opts: EvalOptions,
): Promise<EvalReport> {
  assertFiniteEmbeddings(emb, n, d);
  const fars = farGrid(opts.fars); // refuses a bad target before the all-pairs work
  const t0 = performance.now();
  const seed = opts.seed ?? 1;
  const progress = opts.onProgress;
  const yieldNow = async (f: number) => {
    progress?.(f);
    if (opts.between) await opts.between();
  };
  const allPairsShare = 0.8;
  const acc = { between: opts.between, onProgress: progress && ((f: number) => progress(allPairsShare * f)) };

  // All-pairs part.
  let src: CountSource;
  let groups: { pos: ArrayLike<number>; neg: ArrayLike<number>; score: (i: number) => number };
  let distance: EvalReport['distance'];
  let bins: number | null = null;
  if (opts.path === 'exact') {
    const ex = exactPairs(emb, labels, n, d, numClasses);
    src = ex;
    groups = { pos: ex.pos, neg: ex.neg, score: (i) => ex.cos[i] };
    distance = exactDistanceHistogram(ex, DISTANCE_BINS);
  } else {
    bins = opts.bins ?? DEFAULT_BINS;
    const accumulate = opts.path === 'tf' ? accumulateTf : opts.path === 'wgsl' ? accumulateWgsl : accumulateJs;
    const h = await accumulate(emb, labels, n, d, numClasses, bins, acc);
    src = histogramCounts(h);
    const g = globalCounts(h);
    const b = bins;
    groups = { pos: g.pos.reverse(), neg: g.neg.reverse(), score: (i) => binLow(b - 1 - i, b) };
    distance = distanceHistogram(h, DISTANCE_BINS);
  }
  await yieldNow(allPairsShare);

  let positives = 0;
  for (let i = 0; i < groups.pos.length; i++) positives += groups.pos[i];
  const ap = averagePrecisionFromGroups(groups.pos, groups.neg);
  const fullPr = prCurveFromGroups(groups.pos, groups.neg, groups.score);
  const keep = downsample(fullPr.precision.length, PR_MAX_POINTS);
  const pr = { precision: keep.map((i) => fullPr.precision[i]), recall: keep.map((i) => fullPr.recall[i]) };
  const farLo = opts.farLo ?? DEFAULT_FAR_LO;
  const farHi = opts.farHi ?? DEFAULT_FAR_HI;
  const opisOpts = { farLo, farHi, grid: opts.grid ?? DEFAULT_GRID, eps: opts.eps ?? DEFAULT_EPS };
  const calibration = calibrationRangeFrom(src, farLo, farHi);
  const operating = operatingPoints(src, fars);
  const grid = calibrationGridFrom(src, opisOpts);
  const classes = opisClassesFrom(src);
  const curves = utilityCurvesFrom(src, grid);
  const utility = { grid, perClass: classes.map((t) => curves.utility[t]), classes };
  const opisValue = opisFrom(src, opisOpts);
  const epsOpisValue = epsOpisFrom(src, opisOpts);

  // Recall@K on a seeded subsample.
  const rng = new Rng(seed);
  const x64 = normaliseRows(emb, n, d);
  let sub: number[] = Array.from({ length: n }, (_, i) => i);
  if (n > RECALL_MAX_ITEMS) sub = rng.fork().shuffle(sub).slice(0, RECALL_MAX_ITEMS).sort((a, b) => a - b);
  const m = sub.length;
  const embSub = new Float32Array(m * d);
  const labSub = new Int32Array(m);
  sub.forEach((i, r) => {
    embSub.set(x64.subarray(i * d, (i + 1) * d), r * d);
    labSub[r] = labels[i];
  });
  const recallValue = m > 1 ? recallAtK(embSub, labSub, m, d, RECALL_KS) : RECALL_KS.map(() => NaN);
  await yieldNow(0.88);

  // NMI: k-means++ with k = distinct labels, on the same seeded subsample as Recall@K (on all
  // 10,000 items k-means alone takes ~1 s here; 2,000 items estimate NMI well).
  const k = new Set(labSub).size;
  const nmiValue = m > 0 ? nmi(labSub, kmeansPlusPlus(Float64Array.from(embSub), m, d, k, seed)) : 1;
  await yieldNow(0.95);

  // Score distributions of Q seeded distinct queries.
  const Q = Math.min(opts.queries ?? 200, n);
  const order = rng.fork().shuffle(Array.from({ length: n }, (_, i) => i));
  const queries = Int32Array.from(order.slice(0, Q));
  const scoreDistribution = scoreDistributions(emb, labels, n, d, queries, 100);
  progress?.(1);

  return {
    n,
    pairs: (n * (n - 1)) / 2,
    positives,
    path: opts.path,
    bins,
    ap,
    pr,
    calibration: { ...calibration, farLo, farHi },
    operating,
    utility,
    opis: opisValue,
    epsOpis: epsOpisValue,
    recall: { k: RECALL_KS.slice(), value: recallValue, items: m },
    nmi: nmiValue,
    scoreDistribution,
    distance,
    ms: performance.now() - t0,
  };
}
