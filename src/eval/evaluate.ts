/**
 * The one entry point of the evaluation view (SPEC "Evaluation"), called by the training worker:
 * all-pairs metrics through the chosen path, plus Recall@K, MAP@R, R-precision and NMI over every
 * item (retrieval.ts, clustering/) and the score distributions, in a
 * report small enough to post to the page every few seconds (PR curve ≤ 512 points, utility on
 * the OPIS grid only, score distributions Q × 100 bins, operating points 12 FARs × 2 rates per class).
 *
 * Paths: 'js' = accumulateJs + binned metrics, 'tf' = accumulateTf (active tfjs backend; wasm is
 * the fast CPU path) + binned metrics — or, when every item is a query, the same counts binned from
 * the retrieval pass's float32 rows (rowBins.ts) — 'exact' = the sort-based exact path (≤ EXACT_MAX_ITEMS).
 */
import { coarseCosines } from './kernels/coarseCosines';
import { countClasses, normaliseRows } from './pairs/accumulate';
import { allPairs, binnedPairs, type AllPairs } from './pairs/allPairs';
import { scoreDistributions } from './metrics/distributions';
import { assertFiniteEmbeddings } from './finite';
import { bestOf, KMEANS_RESTARTS, localClustering, restartSeeds, restartWork, type BestClustering, type ClusteringPass } from './clustering/restarts';
import { nmi } from './clustering/nmi';
import { jsCentreProducts } from './clustering/products';
import { centreProducts } from './kernels/centreProducts';
import { DEFAULT_EPS, DEFAULT_FAR_HI, DEFAULT_FAR_LO, DEFAULT_GRID } from './pairs/countSource';
import { averagePrecisionFromGroups, prCurveFromGroups } from './metrics/prAuc';
import { calibrationGridFrom, calibrationRangeFrom, utilityCurvesFrom } from './metrics/calibration';
import { epsOpisFrom, opisClassesFrom, opisFrom } from './metrics/opis';
import { averagePrecisionBounds } from './metrics/histogramMetrics';
import { DEFAULT_BINS, emptyHistograms } from './pairs/pairHistograms';
import { rowBinsByPair, rowBinsFit } from './pairs/rowBins';
import { farGrid, operatingPoints } from './metrics/operatingPoints';
import { binningBounds } from './metrics/opisBounds';
import { rocCurve } from './metrics/roc';
import { retrieval, R_CAP, type Retrieval } from './retrieval/retrieval';
import type { EvalOptions, EvalReport } from './report';
import { Rng } from '../data/rng';
import { sharedRows } from './threads';

export const RECALL_KS = [1, 2, 4, 5, 8, 10];
export const PR_MAX_POINTS = 512;

/** The rows on shared memory where the thread has it (threads.ts), else as they are. */
const shareable = (x: Float64Array, len: number) => (typeof SharedArrayBuffer === 'undefined' || len === 0 ? x : new Float64Array(sharedRows(x, len)));

/** Keeps ≤ max evenly spaced indices of a curve, the first and last included. */
function downsample(len: number, max: number): number[] {
  if (len <= max) return Array.from({ length: len }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < max; i++) out.push(Math.round((i * (len - 1)) / (max - 1)));
  return out;
}

/**
 * Work of ranking one (query, item) pair, in units of binning one unordered pair by accumulateTf
 * (for the progress only, when both run): measured in Node at 20,000–100,000 items, a pass screened
 * by the WebAssembly SIMD kernel ranks a pair (its float32 product included) in ~0.56× the time
 * accumulateTf takes to multiply and bin one on tfjs-wasm (0.8× when the screen ran on tfjs-wasm;
 * the kernel made the pass ~0.7× as long).
 */
const RANK_COST = 0.56;

/**
 * Work of one multiply-add of k-means's products, in the same units (for the progress only):
 * measured in Node on the kernel's products on the bench's Zipf sets (BENCHMARKS.md "peer"; on
 * tfjs-wasm's, 0.0072: the kernel made k-means 0.7–0.85× as long).
 */
const MULTIPLY_ADD_COST = 0.0058;

/**
 * Work of binning one unordered pair here while the retrieval pass ranks on the same cores (more
 * classes than its rows can bin), in the same units: fitted, with {@link MULTIPLY_ADD_COST}, to the
 * bench's Zipf sets of ~1,000 classes when the rows could bin only 512 (BENCHMARKS.md "peer").
 * Binned alone (a sample of queries): 1 by definition.
 */
const PAIR_COST_BESIDE_PASS = 3.2;

/**
 * The retrieval pass's work per pair, against {@link RANK_COST}, when its rows bin per class (too
 * many classes for a counter per class pair: twice the pairs binned, and neighbours of many classes
 * to tell apart): fitted on the bench's Zipf sets of ~1,000 classes (BENCHMARKS.md "peer"), less
 * the 8 % the pass at 100,000 × 1,000 lost when those rows stopped looking up each item's class.
 */
const PER_CLASS_BINNING_COST = 1.85;

/**
 * Work of the metrics after the passes, in the same units (for the progress only): per (query,
 * item) pair of the score distributions, and per (class, bin) of the histograms' metrics. Fitted
 * on the bench's Zipf sets (BENCHMARKS.md "peer"): ~2 s after 260 s of passes at 100,000 × 1,000,
 * ~0.4 s after 6 s at 20,000 × 10.
 */
const SCORE_PAIR_COST = 14;
const CLASS_BIN_COST = 7.5;

/** Queries of the score distributions by default (a seeded sample). */
const SCORE_QUERIES = 200;

/** k-means's products: float32 on the active tfjs backend where it has them, else float64 in JavaScript. */
const fastProducts = (x: Float64Array, n: number, d: number) => centreProducts(x, n, d) ?? jsCentreProducts(x, n, d);

/**
 * k-means's restarts in this thread, as a path has them: the tfjs paths with float32 products on the
 * active backend, the others in float64.
 */
export const clusteringHere = (path: EvalOptions['path']): ClusteringPass => localClustering(path === 'tf' || path === 'wgsl' ? fastProducts : jsCentreProducts);

/**
 * The all-pairs metrics of a report from its pairs (exact or binned), with the binned path's error
 * bounds; `turn` is awaited between the heavier ones (each can take a few hundred ms at 1,000 classes).
 */
async function pairMetrics(pairs: AllPairs, fars: number[], opts: EvalOptions, turn: () => Promise<void>) {
  const { src, groups, hist } = pairs;
  let positives = 0;
  for (let i = 0; i < groups.pos.length; i++) positives += groups.pos[i];
  const ap = averagePrecisionFromGroups(groups.pos, groups.neg);
  const fullPr = prCurveFromGroups(groups.pos, groups.neg, groups.score);
  const keep = downsample(fullPr.precision.length, PR_MAX_POINTS);
  const pr = { precision: keep.map((i) => fullPr.precision[i]), recall: keep.map((i) => fullPr.recall[i]) };
  const farLo = opts.farLo ?? DEFAULT_FAR_LO;
  const farHi = opts.farHi ?? DEFAULT_FAR_HI;
  const opisOpts = { farLo, farHi, grid: opts.grid ?? DEFAULT_GRID, eps: opts.eps ?? DEFAULT_EPS };
  await turn();
  const calibration = calibrationRangeFrom(src, farLo, farHi);
  const operating = operatingPoints(src, fars);
  const grid = calibrationGridFrom(src, opisOpts);
  const classes = opisClassesFrom(src);
  await turn();
  const curves = utilityCurvesFrom(src, grid);
  const utility = { grid, perClass: classes.map((t) => curves.utility[t]), classes };
  await turn();
  const opisValue = opisFrom(src, opisOpts);
  await turn();
  const epsOpisValue = epsOpisFrom(src, opisOpts);
  await turn();
  const roc = rocCurve(src);
  // The binned path's error bounds, from one set of brackets over the counts made above.
  let bounds: EvalReport['bounds'] = null;
  if (hist) {
    await turn();
    const apBounds = averagePrecisionBounds(hist.h);
    await turn();
    const b = binningBounds(hist.h, opisOpts, hist.counts);
    bounds = { prAuc: [apBounds.lo, apBounds.hi], opis: b.opis, epsOpis: Number.isNaN(b.epsOpis.bound) ? null : b.epsOpis.bound, epsOpisGroupsKnown: b.epsOpis.separated };
  }
  await turn();
  return { positives, ap, pr, calibration, farLo, farHi, operating, utility, opisValue, epsOpisValue, roc, bounds };
}

/** What the passes leave: the pairs (binned or exact), the retrieval verdicts, the best clustering, and when each ended. */
interface Passes {
  pairs: AllPairs;
  ret: Retrieval | null;
  clustering: BestClustering | null;
  tPairs: number;
  tKmeans: number;
  /** The share of the progress done when the passes end. */
  passesShare: number;
}

/** The opt-in sample of Recall@K's queries (ascending; each still against every item), or undefined for every item. */
function recallQueriesOf(n: number, sample: number | undefined, rng: Rng): Int32Array | undefined {
  if (sample !== undefined && !(Number.isInteger(sample) && sample >= 1)) throw new Error(`evaluateEmbeddings: recallSample must be a whole number ≥ 1, got ${sample}`);
  if (sample === undefined || sample >= n) return undefined;
  return Int32Array.from(rng.fork().shuffle(Array.from({ length: n }, (_, i) => i)).slice(0, sample)).sort();
}

/**
 * The progress by work, in units of binning one unordered pair: the pairs binned here, the (query,
 * item) pairs ranked, k-means's multiply-adds, and the metrics after them (`after`). Each part's
 * `set(f)` reports its fraction done; `passes` is the share done when the passes end.
 */
function workShares(work: { pairs: number; ranked: number; clustered: number; after: number }, progress: ((f: number) => void) | undefined) {
  const done = { pairs: 0, ranked: 0, clustered: 0 };
  const total = Math.max(1, work.pairs + work.ranked + work.clustered + work.after);
  const part = (name: keyof typeof done) =>
    progress &&
    ((f: number) => {
      done[name] = f;
      progress((done.pairs * work.pairs + done.ranked * work.ranked + done.clustered * work.clustered) / total);
    });
  // The passes' share as their progress reaches it when all are done (not 1 − after / total, which may round above it).
  return { pairs: part('pairs'), ranked: part('ranked'), clustered: part('clustered'), passes: (work.pairs + work.ranked + work.clustered) / total };
}

/**
 * The two passes: retrieval over every item (or the opt-in sample of queries), each against every
 * other item, and the all-pairs histograms; then NMI's k-means on every item (SPEC's 10 restarts).
 * On the tfjs paths the retrieval pass ranks with a float32 screen (retrievalScreened.ts), and when
 * every item is a query the screen's rows also bin every unordered pair (rowBins.ts): the all-pairs
 * histograms without products of their own. Otherwise the pass is started first and the histograms
 * are made here while it runs. k-means starts after both, so each pass has every thread to itself.
 */
async function runPasses(emb: Float32Array, x64: Float64Array, labels: Int32Array, n: number, d: number, numClasses: number, opts: EvalOptions, seed: number, recallQueries: Int32Array | undefined): Promise<Passes> {
  const coarse = (opts.path === 'tf' || opts.path === 'wgsl') && n > 1 ? coarseCosines(x64, n, d) : null;
  const binCount = opts.bins ?? DEFAULT_BINS;
  // (On 'wgsl' the GPU's kernel bins the pairs: the pass only ranks.)
  const binnedByPass = opts.path === 'tf' && coarse && !recallQueries && rowBinsFit(numClasses, binCount) ? emptyHistograms(numClasses, binCount) : null;
  if (binnedByPass) countClasses(binnedByPass, labels, n); // a bad label is refused before any work
  const k = new Set(labels.subarray(0, n)).size;
  const restarts = restartSeeds(seed, KMEANS_RESTARTS);
  const tell = workShares(
    {
      pairs: binnedByPass ? 0 : ((n * (n - 1)) / 2) * (recallQueries ? 1 : PAIR_COST_BESIDE_PASS),
      ranked: (recallQueries ? recallQueries.length : n) * n * RANK_COST * (binnedByPass && !rowBinsByPair(numClasses, binCount) ? PER_CLASS_BINNING_COST : 1),
      clustered: n > 0 ? restarts.length * restartWork(n, d, k) * MULTIPLY_ADD_COST : 0,
      after: Math.min(opts.queries ?? SCORE_QUERIES, n) * n * SCORE_PAIR_COST + numClasses * binCount * CLASS_BIN_COST,
    },
    opts.onProgress,
  );
  const stopAll = new AbortController();
  const retrievalRun =
    n > 1
      ? retrieval(x64, labels, n, d, {
          ks: RECALL_KS,
          queries: recallQueries,
          pass: opts.retrievalPass,
          coarse: coarse ?? undefined,
          binPairs: binnedByPass ? { numClasses, bins: binCount } : undefined,
          between: opts.between,
          signal: stopAll.signal,
          onProgress: tell.ranked,
        }).finally(() => coarse?.dispose())
      : Promise.resolve(null);
  // Stopped if the rest fails, and caught then: awaited below.
  retrievalRun.catch(() => undefined);
  const acc = { between: opts.between, onProgress: tell.pairs, unit: x64 };
  try {
    let pairs = binnedByPass ? null : await allPairs(emb, labels, n, d, numClasses, opts.path, opts.bins, acc);
    const ret = await retrievalRun;
    if (binnedByPass && ret?.pairs) {
      binnedByPass.pos.set(ret.pairs.pos);
      binnedByPass.neg.set(ret.pairs.neg);
      pairs = binnedPairs(binnedByPass);
    }
    // A pass that could not bin (a thread that could not start its screen): the histograms on their own.
    pairs ??= await allPairs(emb, labels, n, d, numClasses, opts.path, opts.bins, acc);
    const tPairs = performance.now();
    let clustering: BestClustering | null = null;
    if (n > 0) {
      const pass = opts.clusteringPass ?? clusteringHere(opts.path);
      clustering = bestOf(await pass(x64, n, d, k, { seeds: restarts, between: opts.between, signal: stopAll.signal, onProgress: tell.clustered }));
    }
    return { pairs, ret, clustering, tPairs, tKmeans: clustering ? performance.now() : tPairs, passesShare: tell.passes };
  } catch (e) {
    // Whatever failed, the rest stops: the passes and their threads.
    stopAll.abort();
    throw e;
  }
}

/**
 * Evaluates n row-major d-dimensional embeddings (normalised here) with labels in 0 … numClasses − 1.
 * Throws NonFiniteEmbeddingsError when a row holds NaN or ±Infinity.
 */
export async function evaluateEmbeddings(emb: Float32Array, labels: Int32Array, n: number, d: number, numClasses: number, opts: EvalOptions): Promise<EvalReport> {
  assertFiniteEmbeddings(emb, n, d);
  const fars = farGrid(opts.fars); // refuses a bad target before the all-pairs work
  const t0 = performance.now();
  const seed = opts.seed ?? 1;
  const yieldNow = async (f: number) => {
    opts.onProgress?.(f);
    if (opts.between) await opts.between();
  };
  // The rows l2-normalised once (SPEC "Notation"), for every metric below; on shared memory where
  // there is some, so the passes' threads read them without a copy.
  const x64 = shareable(normaliseRows(emb, n, d), n * d);
  const rng = new Rng(seed);
  const recallQueries = recallQueriesOf(n, opts.recallSample, rng);
  const { pairs, ret, clustering, tPairs, tKmeans, passesShare } = await runPasses(emb, x64, labels, n, d, numClasses, opts, seed, recallQueries);
  await yieldNow(passesShare);
  const m = await pairMetrics(pairs, fars, opts, () => yieldNow(passesShare));
  const nmiValue = clustering ? nmi(labels.subarray(0, n), clustering.assign) : 1;

  // Score distributions of Q seeded distinct queries.
  await yieldNow(passesShare);
  const Q = Math.min(opts.queries ?? SCORE_QUERIES, n);
  const order = rng.fork().shuffle(Array.from({ length: n }, (_, i) => i));
  const scoreDistribution = scoreDistributions(emb, labels, n, d, Int32Array.from(order.slice(0, Q)), 100, x64);
  opts.onProgress?.(1);

  return {
    n,
    pairs: (n * (n - 1)) / 2,
    positives: m.positives,
    path: opts.path,
    bins: pairs.bins,
    ap: m.ap,
    pr: m.pr,
    calibration: { ...m.calibration, farLo: m.farLo, farHi: m.farHi },
    operating: m.operating,
    utility: m.utility,
    opis: m.opisValue,
    epsOpis: m.epsOpisValue,
    recall: { k: RECALL_KS.slice(), value: ret ? ret.recall : RECALL_KS.map(() => NaN), items: recallQueries ? recallQueries.length : n, sampled: recallQueries !== undefined, screened: ret?.screened ?? false },
    mapAtR: ret ? ret.mapAtR : NaN,
    rPrecision: ret ? ret.rPrecision : NaN,
    rCounts: { items: ret ? ret.rItems : 0, cap: R_CAP, capped: ret ? ret.capped : 0 },
    nmi: nmiValue,
    kmeans: clustering ? { inertia: clustering.inertia, restart: clustering.restart } : undefined,
    scoreDistribution,
    distance: pairs.distance,
    roc: m.roc,
    bounds: m.bounds,
    ms: performance.now() - t0,
    msParts: { pairsAndRetrieval: tPairs - t0, kmeans: Math.max(0, tKmeans - tPairs) },
  };
}
