/**
 * Retrieval metrics over the whole gallery (SPEC "Evaluation"), as pytorch-metric-learning's
 * AccuracyCalculator defines them: Recall@K (1 when any of the K first neighbours shares the
 * query's label), MAP@R and R-precision (over the query's R first neighbours, R = the other items
 * of its class, capped at {@link R_CAP} = 1,000; a query alone in its class is left out). Every
 * item is a query, ranked by float64 cosine (coordinate order), tie groups by index (ties.ts), in
 * one pass: float64 tiles into bounded selections (retrievalTiles.ts, neighbourSelections.ts), or
 * a float32 screen with float64 products only where it cannot decide (retrievalScreened.ts), whose
 * rows can bin the all-pairs histograms too.
 */
import { MAX_ITEMS, Selections } from './neighbourSelections';
import { dotTile, offerBoth, rankWholeRow, tiledSweep, TILE } from './retrievalTiles';
import { TieRanker } from '../pairs/ties';
import { screenedSweep, screenedWork, type CoarseCosines } from './retrievalScreened';
import { RowBins, type BinnedPairs, type RowBinning } from '../pairs/rowBins';

export { TILE } from './retrievalTiles';

/** MAP@R's R is capped at this many neighbours per query (pytorch-metric-learning's `k`). */
export const R_CAP = 1000;
/** Selection entries held at once by default (a cosine and an index, 12 bytes each: 96 MB). */
export const MAX_ENTRIES = 1 << 23;

export interface RetrievalOptions {
  /** The K of Recall@K (positive integers). */
  ks: number[];
  /** Cap on R per query (default {@link R_CAP}). */
  rCap?: number;
  /**
   * The queries (distinct item indices, ascending): default every item. Each is still ranked
   * against EVERY other item of the set — a sample of queries, never of the gallery.
   */
  queries?: Int32Array;
  /** Most selection keys held at once (default {@link MAX_ENTRIES}); above it, query blocks. */
  maxEntries?: number;
  /**
   * A fast float32 product of the rows (src/eval/kernels/coarseCosines.ts): the pass
   * then ranks with it (retrievalScreened.ts), the same numbers with most float64 dot products not made.
   */
  coarse?: CoarseCosines;
  /**
   * With `coarse`: also bin each query's float32 cosines with the items after it (rowBins.ts), so
   * that passes whose queries are, together, every item bin every unordered pair once: the
   * evaluation's all-pairs histograms without products of their own. Ignored without `coarse`.
   */
  binPairs?: RowBinning;
  /** Awaited every `yieldMs` of work (default 50 ms) so that a worker can take messages. */
  between?: () => Promise<void>;
  yieldMs?: number;
  /** Aborted: the pass stops at its next step and rejects (an evaluation whose other part failed). */
  signal?: AbortSignal;
  /** Fraction of the pass done, in [0, 1]. */
  onProgress?: (fraction: number) => void;
  /**
   * The pass to run (default {@link retrievalPass}, in this thread): the CLI runs it on worker
   * threads, each over a range of the queries (src/cli/evaluate/evalThreads.ts), with the same result.
   */
  pass?: RetrievalPass;
}

/** A retrieval pass: {@link retrievalPass}, or one that splits its queries between threads. */
export type RetrievalPass = (x: Float64Array, labels: ArrayLike<number>, n: number, d: number, opts: RetrievalOptions) => Promise<RetrievalPerQuery>;

/** What the pass finds for each query (the arrays follow `queries`). */
export interface RetrievalPerQuery {
  queries: Int32Array;
  /** Rank (0-based) of the first same-class neighbour within the query's `cap` first, or −1. */
  firstHit: Int32Array;
  /** The query's same-class others (its class size − 1). */
  others: Int32Array;
  /** R of the query: min(others, rCap); 0 = left out of MAP@R and R-precision. */
  r: Int32Array;
  /** R-precision of the query (NaN when r = 0). */
  rPrecision: Float64Array;
  /** AP@R of the query (NaN when r = 0). */
  apAtR: Float64Array;
  /** Whether a float32 screen ranked every query (RetrievalOptions.coarse): the same verdicts, faster. */
  screened: boolean;
  /** The pairs (query, later item) binned, when RetrievalOptions.binPairs asked and a screen ranked. */
  pairs?: BinnedPairs;
}

/** The retrieval metrics of a set. */
export interface Retrieval {
  k: number[];
  /** Recall@K for each K of `k`. */
  recall: number[];
  /** Queries the means are over (n, or the sample's size). */
  items: number;
  /** Mean AP@R and R-precision over the queries whose class has another item (NaN when none). */
  mapAtR: number;
  rPrecision: number;
  /** Queries in MAP@R and R-precision. */
  rItems: number;
  /** The cap on R, and how many queries it capped. */
  rCap: number;
  capped: number;
  /** Ranked with a float32 screen (the same numbers). */
  screened: boolean;
  /** Every unordered pair binned, when the pass was asked to (RetrievalOptions.binPairs) and could. */
  pairs?: BinnedPairs;
}

/**
 * The pass: for each query, its ranked neighbours' verdicts. `x` holds n unit rows (n × d,
 * float64, normalised by the caller); labels are compared with ===.
 */
export async function retrievalPass(x: Float64Array, labels: ArrayLike<number>, n: number, d: number, opts: RetrievalOptions): Promise<RetrievalPerQuery> {
  const { queries, kMax, rCap } = checkedQueries(n, opts);
  const m = queries.length;
  const { others, r, cap } = querySizes(labels, queries, n, rCap, kMax);
  const out: RetrievalPerQuery = {
    queries,
    firstHit: new Int32Array(m).fill(-1),
    others,
    r,
    rPrecision: new Float64Array(m).fill(NaN),
    apAtR: new Float64Array(m).fill(NaN),
    screened: opts.coarse !== undefined,
  };
  const finish = verdictsInto(out, labels);
  // Selections keep one neighbour more than a query needs, so that the ranking sees whether the
  // tie group at its last place is whole (neighbourSelections.ts); when it may not be, that
  // query's whole row is ranked instead.
  const keep = cap.map((c) => Math.min(n - 1, c + 1));
  let entries = 0; // (twice the selections' sizes: see Selections)
  let most = 0;
  for (let q = 0; q < m; q++) {
    entries += 2 * keep[q];
    most = Math.max(most, keep[q]);
  }
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const symmetric = m === n && entries <= maxEntries && !opts.coarse;
  const binRows = opts.coarse && opts.binPairs ? new RowBins(labels, n, opts.binPairs) : undefined;
  const pace = pacer(opts.coarse ? screenedWork(n, queries, binRows) : symmetric ? (n * (n + 1)) / 2 : m * n, opts);
  if (opts.coarse) {
    await screenedSweep(x, n, d, queries, cap, opts.coarse, pace, finish, { labels, binRows });
    if (binRows) out.pairs = binRows.result();
  } else {
    const s: SelectionSweep = { x, n, d, queries, cap, keep, finish, indices: new Int32Array(most), ranker: new TieRanker() };
    await (symmetric ? symmetricSweep(s, entries, pace) : queryBlockSweeps(s, maxEntries, pace));
  }
  opts.onProgress?.(1);
  return out;
}

/** The queries asked for (every item by default), checked, with the largest K and the R cap. */
function checkedQueries(n: number, opts: RetrievalOptions): { queries: Int32Array; kMax: number; rCap: number } {
  for (const k of opts.ks) if (!Number.isInteger(k) || k < 1) throw new Error(`retrieval: bad K ${k}`);
  if (n >= MAX_ITEMS) throw new Error(`retrieval: at most ${MAX_ITEMS - 1} items`);
  const rCap = opts.rCap ?? R_CAP;
  if (!Number.isInteger(rCap) || rCap < 1) throw new Error(`retrieval: bad R cap ${rCap}`);
  const queries = opts.queries ?? Int32Array.from({ length: n }, (_, i) => i);
  for (let q = 0; q < queries.length; q++) {
    if (!(queries[q] >= 0 && queries[q] < n) || (q > 0 && queries[q] <= queries[q - 1])) throw new Error('retrieval: queries must be distinct item indices in ascending order');
  }
  return { queries, kMax: opts.ks.length ? Math.max(...opts.ks) : 1, rCap };
}

/** Each query's other items of its class, its R (capped) and how many neighbours it needs ranked. */
function querySizes(labels: ArrayLike<number>, queries: Int32Array, n: number, rCap: number, kMax: number): { others: Int32Array; r: Int32Array; cap: Int32Array } {
  const classSize = new Map<number, number>();
  for (let i = 0; i < n; i++) classSize.set(labels[i], (classSize.get(labels[i]) ?? 0) + 1);
  const m = queries.length;
  const others = new Int32Array(m);
  const r = new Int32Array(m);
  const cap = new Int32Array(m);
  for (let q = 0; q < m; q++) {
    others[q] = classSize.get(labels[queries[q]])! - 1;
    r[q] = Math.min(others[q], rCap);
    cap[q] = Math.min(n - 1, Math.max(r[q], kMax));
  }
  return { others, r, cap };
}

/** Query q's verdicts into out[q], from its neighbours' indices, best first (the first `count` of `ranked`). */
type Finish = (q: number, ranked: Int32Array, count: number) => void;

/** The {@link Finish} that writes first hit, R-precision and AP@R into `out`. */
function verdictsInto(out: RetrievalPerQuery, labels: ArrayLike<number>): Finish {
  return (q, ranked, count) => {
    const own = labels[out.queries[q]];
    const R = out.r[q];
    let hits = 0;
    let ap = 0;
    for (let i = 0; i < count; i++) {
      if (labels[ranked[i]] !== own) continue;
      if (out.firstHit[q] < 0) out.firstHit[q] = i;
      if (i < R) {
        hits++;
        ap += hits / (i + 1);
      }
    }
    if (R > 0) {
      out.rPrecision[q] = hits / R;
      out.apAtR[q] = ap / R;
    }
  };
}

/** Tells the pass's progress against `total` work and takes a turn every `yieldMs`; throws once stopped. */
function pacer(total: number, opts: RetrievalOptions): (work: number) => Promise<void> {
  const yieldMs = opts.yieldMs ?? 50;
  let last = performance.now();
  let done = 0;
  return async (work) => {
    done += work;
    if (opts.signal?.aborted) throw new Error('retrieval: stopped');
    if (performance.now() - last < yieldMs) return;
    opts.onProgress?.(Math.min(1, done / total));
    if (opts.between) await opts.between();
    last = performance.now();
  };
}

/** What the float64 sweeps into selections share. */
interface SelectionSweep {
  x: Float64Array;
  n: number;
  d: number;
  queries: Int32Array;
  cap: Int32Array;
  keep: Int32Array;
  finish: Finish;
  indices: Int32Array;
  ranker: TieRanker;
}

/** Slot `slot` of `sel` (query q's neighbours), ranked by the tie rule (its whole row when its last place's group may not be whole), into its verdicts. */
function finishSlot(s: SelectionSweep, sel: Selections, slot: number, q: number): void {
  let count = sel.ranked(slot, s.cap[q], s.indices, s.ranker);
  if (count < 0) {
    if (s.indices.length < s.n) s.indices = new Int32Array(s.n);
    count = rankWholeRow(s.x, s.n, s.d, s.queries[q], s.cap[q], s.indices, s.ranker);
  }
  s.finish(q, s.indices, count);
}

/** Every item a query: every tile pair I ≤ J once, each cosine offered to both items. */
async function symmetricSweep(s: SelectionSweep, entries: number, pace: (work: number) => Promise<void>): Promise<void> {
  const { x, n, d, keep } = s;
  const off = new Float64Array(n);
  for (let i = 1; i < n; i++) off[i] = off[i - 1] + 2 * keep[i - 1];
  const sel = new Selections(new Float64Array(entries), new Int32Array(entries), off, keep);
  const tile = new Float64Array(TILE * TILE);
  for (let a0 = 0; a0 < n; a0 += TILE) {
    const na = Math.min(TILE, n - a0);
    for (let b0 = a0; b0 < n; b0 += TILE) {
      const nb = Math.min(TILE, n - b0);
      dotTile(x, a0, na, x, b0, nb, d, tile, TILE);
      offerBoth(tile, a0, na, b0, nb, sel);
      await pace(na * nb);
    }
  }
  for (let i = 0; i < n; i++) finishSlot(s, sel, i, i);
}

/** Query blocks, each against every item; a block's selections fit in maxEntries (at least one query). */
async function queryBlockSweeps(s: SelectionSweep, maxEntries: number, pace: (work: number) => Promise<void>): Promise<void> {
  const { x, n, d, queries, keep } = s;
  const m = queries.length;
  const tile = new Float64Array(TILE * TILE);
  for (let q0 = 0; q0 < m; ) {
    let q1 = q0;
    let e = 0;
    while (q1 < m && (q1 === q0 || e + 2 * keep[q1] <= maxEntries)) e += 2 * keep[q1++];
    const off = new Float64Array(q1 - q0);
    for (let slot = 1; slot < q1 - q0; slot++) off[slot] = off[slot - 1] + 2 * keep[q0 + slot - 1];
    const sel = new Selections(new Float64Array(e), new Int32Array(e), off, keep.subarray(q0, q1));
    await tiledSweep(x, n, d, queries, q0, q1, sel, tile, pace);
    for (let slot = 0; slot < q1 - q0; slot++) finishSlot(s, sel, slot, q0 + slot);
    q0 = q1;
  }
}

/** Recall@K, MAP@R and R-precision of a pass's per-query verdicts. */
export function summariseRetrieval(per: RetrievalPerQuery, ks: number[], rCap = R_CAP): Retrieval {
  const m = per.queries.length;
  const recall = ks.map((k) => {
    let hits = 0;
    for (let q = 0; q < m; q++) if (per.firstHit[q] >= 0 && per.firstHit[q] < k) hits++;
    return m > 0 ? hits / m : NaN;
  });
  let rItems = 0;
  let map = 0;
  let rp = 0;
  let capped = 0;
  for (let q = 0; q < m; q++) {
    if (per.r[q] === 0) continue;
    rItems++;
    map += per.apAtR[q];
    rp += per.rPrecision[q];
    if (per.others[q] > rCap) capped++;
  }
  const summary: Retrieval = { k: ks.slice(), recall, items: m, mapAtR: rItems ? map / rItems : NaN, rPrecision: rItems ? rp / rItems : NaN, rItems, rCap, capped, screened: per.screened };
  if (per.pairs) summary.pairs = per.pairs;
  return summary;
}

/** Recall@K, MAP@R and R-precision of n unit rows (see the file comment). */
export async function retrieval(x: Float64Array, labels: ArrayLike<number>, n: number, d: number, opts: RetrievalOptions): Promise<Retrieval> {
  const pass = opts.pass ?? retrievalPass;
  return summariseRetrieval(await pass(x, labels, n, d, opts), opts.ks, opts.rCap ?? R_CAP);
}
