/**
 * The all-pairs histograms (pairHistograms.ts: pos / neg per class and cosine bin) binned from
 * the rows of the retrieval pass's float32 screen (retrievalScreened.ts). A query i's row holds its
 * float32 cosines with every item, so binning the items after it (j > i) for every query bins every
 * unordered pair once, and the products accumulateTf would make a second time are not made.
 *
 * The cosines are tfjs's float32 products of the same float32 rows that accumulateTf multiplies,
 * each summed over the coordinates in the same order, so every pair falls in the bin accumulateTf
 * puts it in (kernels/coarseCosines.test.ts checks this on tfjs's cpu and wasm backends); the counts are whole numbers, so they do
 * not depend on which thread binned which queries. Pure TypeScript.
 */
import { cosineBin } from './pairHistograms';

/** Most int32 counters a thread's binning holds (32 MB; with the float64 totals 96 MB): one per (class, class, bin) when they fit. */
export const ROW_BINS_MAX_COUNTERS = 1 << 23;

/** What the pass is asked to bin: labels in 0 … numClasses − 1, `bins` cosine bins over [−1, 1]. */
export interface RowBinning {
  numClasses: number;
  bins: number;
}

/** Whether a thread can bin rows for `numClasses` classes in `bins` bins within {@link ROW_BINS_MAX_COUNTERS}. */
export const rowBinsFit = (numClasses: number, bins: number): boolean => 2 * numClasses * bins <= ROW_BINS_MAX_COUNTERS;

/** Whether a thread bins one counter per (class, class, bin) — each pair once — rather than pos / neg per class from every row ({@link RowBins}). */
export const rowBinsByPair = (numClasses: number, bins: number): boolean => numClasses * numClasses * bins <= ROW_BINS_MAX_COUNTERS;

/** pos / neg counts of the pairs binned (PairHistograms' arrays, without the class sizes). */
export interface BinnedPairs {
  pos: Float64Array;
  neg: Float64Array;
}

/**
 * A pair binned, in the retrieval pass's units of work (a query–item pair's float32 product and
 * ranking = 1), so that the progress of a pass that bins follows its time: a query bins the items
 * after it, so early queries bin more. Measured on one thread (tfjs-wasm, d = 64, queries spread
 * over the set): binning added 18 % to the pass at 100,000 items and 15 % at 1,000,000, where a
 * query bins n/2 pairs on average — about 0.4 of a query–item pair each.
 */
export const ROW_BIN_COST = 0.4;

/** Counts in int32 are added into the float64 totals before this many pairs could overflow one. */
const FLUSH_AT = 2 ** 31 - 1;

/**
 * Bins query rows. Counters are int32 (an increment of an int is cheaper than of a float64), added
 * into float64 totals before they could overflow. Two ways, by the number of classes:
 * - one counter per (query class, item class, bin) when that many fit in
 *   {@link ROW_BINS_MAX_COUNTERS} (a few dozen classes): each row against the items after it, one
 *   increment per pair (~40 % faster than two for a negative pair);
 * - else per class, each row against EVERY other item, into its own class's counters only: `all`
 *   counts every pair of the row, with no look at the item's class, and `counts` the positives,
 *   from the lower item's row, through the class's list of items. A negative pair is counted in
 *   each of its two classes from each of its two rows, a positive one in its class from both, so
 *   neg = all − 2·pos. Twice the pairs of the items-after way, but every increment lands in one
 *   class's counters, which stay in the cache; with 1,000 classes the other class's counters of a
 *   pair (16 MB of them) missed the cache at nearly every pair.
 */
export class RowBins {
  private readonly C: number;
  private readonly bins: number;
  private readonly byPair: boolean;
  /** Each item's offset as the item of a pair (label × bins) and as its query (label × C × bins by pair, else label × bins). */
  private readonly itemBase: Int32Array;
  private readonly queryBase: Int32Array;
  private readonly counts: Int32Array;
  /** Per class: every pair of its items' rows (the per-class way; null by pair). */
  private readonly all: Int32Array | null;
  /** The items class by class, each class's in index order, class c's from classStart[c] (the per-class way). */
  private readonly members: Int32Array;
  private readonly classStart: Int32Array;
  /** Where each item stands in `members`. */
  private readonly memberAt: Int32Array;
  private readonly totals: BinnedPairs;
  private readonly flushAt: number;
  private pending = 0;

  /** `flushAt`: most pairs binned between two additions into the totals (tests set it low). */
  constructor(labels: ArrayLike<number>, n: number, b: RowBinning, flushAt = FLUSH_AT) {
    const { numClasses: C, bins } = b;
    if (!rowBinsFit(C, bins)) throw new RangeError(`row binning: ${C} classes × ${bins} bins is more than a thread holds`);
    this.C = C;
    this.bins = bins;
    this.flushAt = flushAt;
    this.byPair = rowBinsByPair(C, bins);
    this.itemBase = new Int32Array(n);
    this.queryBase = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const y = labels[i];
      if (!(Number.isInteger(y) && y >= 0 && y < C)) throw new RangeError(`label ${y} of item ${i} is outside 0 … ${C - 1}`);
      this.itemBase[i] = y * bins;
      this.queryBase[i] = this.byPair ? y * C * bins : y * bins;
    }
    this.counts = new Int32Array(this.byPair ? C * C * bins : C * bins);
    this.all = this.byPair ? null : new Int32Array(C * bins);
    ({ members: this.members, start: this.classStart, at: this.memberAt } = classLists(labels, this.byPair ? 0 : n, C));
    this.totals = { pos: new Float64Array(C * bins), neg: new Float64Array(C * bins) };
  }

  /** The pairs {@link add} bins from query i's row of n cosines (its work). */
  pairsOf(i: number, n: number): number {
    return this.all === null ? n - 1 - i : n - 1;
  }

  /** Bins query i's row of float32 cosines with every item (see the class comment for which pairs). */
  add(row: Float32Array, i: number): void {
    const n = row.length;
    const pairs = this.pairsOf(i, n);
    if (this.pending + pairs > this.flushAt) this.flush();
    this.pending += pairs;
    const half = this.bins / 2;
    const last = this.bins - 1;
    const item = this.itemBase;
    const counts = this.counts;
    const q = this.queryBase[i];
    // (c + 1)·half truncated by |0 is ⌊(c + 1)·half⌋ for c ≥ −1, and 0 for c in (−1 − 1/half, −1): cosineBin's arithmetic.
    if (this.all === null) {
      for (let j = i + 1; j < n; j++) {
        let k = ((row[j] + 1) * half) | 0;
        if (k > last) k = last;
        else if (k < 0) k = 0;
        counts[q + item[j] + k]++;
      }
      return;
    }
    const all = this.all;
    for (let j = 0; j < n; j++) {
      let k = ((row[j] + 1) * half) | 0;
      if (k > last) k = last;
      else if (k < 0) k = 0;
      all[q + k]++;
    }
    // Not the query with itself; the items of its class after it: positives.
    all[q + cosineBin(row[i], this.bins)]--;
    const members = this.members;
    const end = this.classStart[this.itemBase[i] / this.bins + 1];
    for (let m = this.memberAt[i] + 1; m < end; m++) counts[q + cosineBin(row[members[m]], this.bins)]++;
  }

  /** The pairs binned so far, as PairHistograms counts them (neg once for each of a pair's two classes). */
  result(): BinnedPairs {
    this.flush();
    return this.totals;
  }

  private flush(): void {
    const { C, bins, counts, totals } = this;
    if (this.all === null) {
      // Counter (p, q, k): pairs of a query of class p and an item of class q after it.
      for (let p = 0; p < C; p++) {
        for (let q = 0; q < C; q++) {
          const src = (p * C + q) * bins;
          for (let k = 0; k < bins; k++) {
            const v = counts[src + k];
            if (v === 0) continue;
            if (p === q) totals.pos[p * bins + k] += v;
            else {
              totals.neg[p * bins + k] += v;
              totals.neg[q * bins + k] += v;
            }
          }
        }
      }
    } else {
      // (A thread's share may be negative in a bin: its rows hold one side of a positive pair.)
      const all = this.all!;
      for (let k = 0; k < C * bins; k++) {
        totals.pos[k] += counts[k];
        totals.neg[k] += all[k] - 2 * counts[k];
      }
      all.fill(0);
    }
    counts.fill(0);
    this.pending = 0;
  }
}

/** The first n items class by class, each class's in index order (`members`), class c's from start[c]; item i at at[i]. */
function classLists(labels: ArrayLike<number>, n: number, C: number): { members: Int32Array; start: Int32Array; at: Int32Array } {
  const start = new Int32Array(C + 1);
  for (let i = 0; i < n; i++) start[labels[i] + 1]++;
  for (let c = 0; c < C; c++) start[c + 1] += start[c];
  const members = new Int32Array(n);
  const at = new Int32Array(n);
  const fill = start.slice(0, C);
  for (let i = 0; i < n; i++) {
    at[i] = fill[labels[i]]++;
    members[at[i]] = i;
  }
  return { members, start, at };
}
