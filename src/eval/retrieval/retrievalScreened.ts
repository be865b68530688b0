/**
 * The retrieval pass's float32-screened sweep (retrieval.ts). A block of queries is multiplied with
 * every item by a fast float32 product ({@link CoarseCosines}: WebAssembly SIMD on the CPU,
 * src/eval/kernels/floatProducts.ts; tfjs matMul on other backends, coarseCosines.ts), whose
 * cosines are within a stated bound `eps` of the float64 ones. From each query's row only the
 * items that may be among its best are kept, and of those only the ones the float32 cosines
 * cannot order get a float64 dot product (summed in coordinate order, as the float64 tiles sum
 * it), ranked by the float64 pass's own keys (see {@link screenedSweep}). So
 * every verdict, and every number, is the float64 pass's; the float32 product only decides which
 * dot products need not be made — all but a few hundred of a query's n. The same rows can bin the
 * all-pairs histograms (rowBins.ts). Pure TypeScript.
 */
import { radixSortWithItems } from './radixSort';
import { ROW_BIN_COST, type RowBins } from '../pairs/rowBins';
import { dotsOf, rankWholeRow } from './retrievalTiles';
import { TIE_TOLERANCE, TieRanker } from '../pairs/ties';

/** Float32 cosines of query rows with every item. */
export interface CoarseCosines {
  /** Largest |float32 cosine − float64 cosine| of two rows of norm ≤ 1 ({@link float32CosineBound}). */
  readonly eps: number;
  /**
   * Cosines of `na` query rows (na × d, float64, unit) with every item: na × n, row-major, in an
   * array the screen may reuse at its next call.
   */
  against(q: Float64Array, na: number): Promise<Float32Array>;
  /**
   * Optional, a faster scan: writes each j with row[j] ≥ from into items, ascending, for a `row` of
   * the last array `against` returned; returns how many, or null where it cannot (then JavaScript scans).
   */
  keep?(row: Float32Array, from: number, items: Int32Array): number | null;
  /** Frees what it holds. */
  dispose(): void;
}

/**
 * A bound on |float32 cosine − float64 cosine| for rows of norm ≤ 1 rounded to float32 and
 * multiplied in float32 in any order, with or without fused multiply-adds (u = 2⁻²⁴): rounding the
 * rows moves the exact product by ≤ (2u + u²)·Σ|a_t·b_t|, a d-term float32 sum in any order errs
 * by ≤ γ_d·(1 + u)²·Σ|a_t·b_t| (γ_d = d·u / (1 − d·u)), with Σ|a_t·b_t| ≤ ‖a‖·‖b‖ ≤ 1; the float64
 * sum errs by ≤ d·2⁻⁵² (γ_d at 2⁻⁵³, doubled). About (d + 2)·u; 1e-6 of it more, for the rounding
 * of this formula.
 */
export function float32CosineBound(d: number): number {
  const u = 2 ** -24;
  const gamma = (d * u) / (1 - d * u);
  return (gamma * (1 + u) ** 2 + 2 * u + u * u + d * 2 ** -52) * (1 + 1e-6);
}

/** Float32 cosines held at once (32 MB): a block of queries' rows against every item. */
const ROWS_HELD = 1 << 23;
/** Queries per block: as many whole rows as {@link ROWS_HELD} holds, within these bounds. */
const MIN_QUERY_BLOCK = 16;
const MAX_QUERY_BLOCK = 256;
/** Bins per unit of cosine of the histogram that finds each query's screening threshold. */
const THRESHOLD_BINS = 1024;

/**
 * Ranks each query's cap[q] best neighbours among every item, screened by `coarse`, and hands them
 * to `finish` (item indices, best first); `pace` is told the (query, item) pairs done, and the pairs
 * binned ({@link ROW_BIN_COST} each, when `binRows` bins; {@link screenedWork}). Resolves to
 * how many queries' sampled thresholds held.
 *
 * A block of queries' float32 rows against every item is held whole (at most {@link ROWS_HELD}
 * cosines); each query is ranked from its row ({@link rankScreened}).
 * Given `labels`, a run whose members all share the query's label, or all do not, is taken in its
 * float32 order without dot products: its order changes no verdict (Recall@K, AP@R and R-precision
 * see only whether each rank holds a same-class item), so `ranked` then holds the SPEC ranking's
 * same-class pattern rather than its items. `binRows` also bins each query's row against the items
 * after it (rowBins.ts).
 */
export async function screenedSweep(
  x: Float64Array,
  n: number,
  d: number,
  queries: Int32Array,
  cap: Int32Array,
  coarse: CoarseCosines,
  pace: (pairs: number) => Promise<void>,
  finish: (q: number, ranked: Int32Array, count: number) => void,
  also: { labels?: ArrayLike<number>; binRows?: RowBins } = {},
): Promise<{ guessed: number }> {
  const { labels, binRows } = also;
  const m = queries.length;
  const qb = Math.max(MIN_QUERY_BLOCK, Math.min(MAX_QUERY_BLOCK, Math.floor(ROWS_HELD / n)));
  const qx = new Float64Array(qb * d);
  const work: RankWork = {
    counts: new Int32Array(2 * THRESHOLD_BINS + 1),
    steps: new Int32Array(n),
    items: new Int32Array(n),
    steps2: new Int32Array(n),
    items2: new Int32Array(n),
    dots: new Float64Array(n),
    run: new Int32Array(n),
    ranked: new Int32Array(n),
    ranker: new TieRanker(),
    kept: 0,
    guessed: 0,
    sample: sampleOf(n),
    labels,
    screen: coarse,
  };
  for (let a0 = 0; a0 < m; a0 += qb) {
    const na = Math.min(qb, m - a0);
    for (let a = 0; a < na; a++) qx.set(x.subarray(queries[a0 + a] * d, (queries[a0 + a] + 1) * d), a * d);
    const rows = await coarse.against(qx, na);
    await pace((na * n) / 2);
    for (let a = 0; a < na; a++) {
      if (binRows) {
        binRows.add(rows.subarray(a * n, (a + 1) * n), queries[a0 + a]);
        await pace(ROW_BIN_COST * binRows.pairsOf(queries[a0 + a], n));
      }
      const count = rankScreened(rows.subarray(a * n, (a + 1) * n), x, d, queries[a0 + a], cap[a0 + a], coarse.eps, work);
      finish(a0 + a, work.ranked, count);
    }
    await pace((na * n) / 2);
  }
  return { guessed: work.guessed };
}

/** The work {@link screenedSweep} paces in all: (query, item) pairs, and the pairs binned when it bins. */
export function screenedWork(n: number, queries: Int32Array, bins?: RowBins): number {
  let work = queries.length * n;
  if (bins) for (let q = 0; q < queries.length; q++) work += ROW_BIN_COST * bins.pairsOf(queries[q], n);
  return work;
}

/** Steps of a float32 cosine in the sort (2⁻²⁴, its resolution near 1). */
const COSINE_STEPS = 2 ** 24;

/** Item's sort step at float32 cosine c: (2 − c)·2²⁴ rounded; ascending = cosine descending (to 2⁻²⁴). */
const stepOf = (c: number): number => Math.round((2 - c) * COSINE_STEPS);

/** Buffers of {@link rankScreened}, n long (counts: the threshold histogram, then the radix sort's counts). */
interface RankWork {
  counts: Int32Array;
  steps: Int32Array;
  items: Int32Array;
  steps2: Int32Array;
  items2: Int32Array;
  dots: Float64Array;
  /** A run's items, ranked in place. */
  run: Int32Array;
  ranked: Int32Array;
  ranker: TieRanker;
  /** How many items {@link screenItems} kept. */
  kept: number;
  /** The items the first guess at a threshold reads ({@link sampleOf}). */
  sample: Int32Array;
  /** Queries whose sampled threshold held (the others were screened from their whole row). */
  guessed: number;
  /** The items' labels, when runs of one relevance may be taken unordered. */
  labels: ArrayLike<number> | undefined;
  /** The screen whose rows these are (its `keep` scans them). */
  screen: CoarseCosines;
}

/**
 * Query i's best `cap` neighbours into work.ranked (see {@link screenedSweep}); returns how many
 * (cap, or every other item when fewer). `row` holds its float32 cosines with every item (its own
 * entry is overwritten):
 * 1. a threshold t with at least cap other items of float32 cosine ≥ t, so that its cap-th best
 *    float64 cosine is ≥ t − eps: first guessed from a histogram of a sample of its row
 *    ({@link sampleOf}) and kept when the count over the whole row proves it, else read off a
 *    histogram of the whole row;
 * 2. the items of float32 cosine ≥ t − 2·eps − tolerance − margin are kept ({@link keptFrom}):
 *    any other is more than the tie tolerance (2⁻⁴⁰, ties.ts) below the cap-th best in float64;
 * 3. those are sorted by float32 cosine, and cut into runs wherever two neighbours differ by more
 *    than 2·eps + tolerance: across such a gap the float64 cosines differ by more than the
 *    tolerance, so the runs are whole tie groups, in order. Only within a run are the float64 dot
 *    products made and the members ranked by SPEC's rule (cosine desc, a tie group by index asc);
 *    runs are taken until cap neighbours are ranked. The run holding the last place, when it
 *    reaches the last kept item, is shown to hold that place's whole tie group (its floor lies
 *    above every item not kept), else the query's whole row is ranked in float64.
 */
function rankScreened(row: Float32Array, x: Float64Array, d: number, i: number, cap: number, eps: number, work: RankWork): number {
  const { steps, items } = work;
  const t = screenItems(row, i, cap, eps, work);
  const m = work.kept;
  // By float32 cosine descending, then index (a stable sort of the index-ordered list).
  radixSortWithItems(steps, items, m, work.steps2, work.items2, work.counts);
  // Two kept neighbours more than this many steps apart (2·eps + the tie tolerance, plus the
  // steps' rounding) differ by more than the tolerance in float64: different tie groups, in order.
  const gap = Math.ceil((2 * eps + TIE_TOLERANCE) * COSINE_STEPS) + 2;
  const labels = work.labels;
  const own = labels?.[i];
  let count = 0;
  for (let p = 0; p < m && count < cap; ) {
    let e = p + 1;
    let mixed = labels === undefined;
    const first = labels !== undefined && labels[items[p]] === own;
    while (e < m && steps[e] - steps[e - 1] <= gap) {
      if (!mixed && (labels![items[e]] === own) !== first) mixed = true;
      e++;
    }
    // The run holding the last place, reaching the last kept item: its tie group there might
    // continue among the items not kept.
    const open = count + e - p >= cap && e === m && m < row.length - 1;
    if (!open && (e - p === 1 || !mixed)) {
      for (let k = p; k < e && count < cap; k++) work.ranked[count++] = items[k];
    } else {
      const len = e - p;
      const run = work.run.subarray(0, len);
      run.set(items.subarray(p, e));
      const dots = work.dots.subarray(0, len);
      dotsOf(x, d, i, run, len, dots);
      work.ranker.rank(dots, run, len);
      // Items not kept have float64 cosines below keptFrom(t) + eps: outside that group when its floor is a tolerance above.
      if (open && !(work.ranker.groupFloor(dots, cap - count - 1) > keptFrom(t, eps) + eps + TIE_TOLERANCE)) {
        return rankWholeRow(x, row.length, d, i, cap, work.ranked, work.ranker);
      }
      for (let k = 0; k < len && count < cap; k++) work.ranked[count++] = run[k];
    }
    p = e;
  }
  return count;
}

/**
 * Lists in work.steps / work.items (index order) the items of `row` that may be among query i's
 * cap best: those of float32 cosine ≥ keptFrom(t), for a threshold t with at least cap others
 * ≥ t — first guessed from a sample of the items (kept only when at least cap others prove to be
 * ≥ it), else read off every entry. Sets work.kept; returns t.
 */
function screenItems(row: Float32Array, i: number, cap: number, eps: number, work: RankWork): number {
  // Query i is not its own neighbour: below every threshold, and in the lowest bin, which no
  // threshold reads (so cap others, not cap + 1 entries, are counted above one).
  row[i] = -1;
  const guess = thresholdOf(row, Math.ceil(((cap + 1) * work.sample.length * 1.25) / row.length) + 4, work.counts, work.sample);
  if (guess > -Infinity) {
    const m = keptItems(row, keptFrom(guess, eps), work);
    let proven = 0;
    for (let k = 0; k < m; k++) if (row[work.items[k]] >= guess) proven++;
    if (proven >= cap) {
      work.guessed++;
      return guess;
    }
  }
  const t = thresholdOf(row, cap, work.counts);
  keptItems(row, keptFrom(t, eps), work);
  return t;
}

/**
 * The items of `row` of float32 cosine ≥ from into work.items (index order) with their sort steps
 * in work.steps; sets work.kept and returns it. The scan is the screen's own where it has one.
 */
function keptItems(row: Float32Array, from: number, work: RankWork): number {
  const { steps, items } = work;
  let m = work.screen.keep?.(row, from, items) ?? null;
  if (m === null) {
    m = 0;
    for (let j = 0; j < row.length; j++) if (row[j] >= from) items[m++] = j;
  }
  for (let k = 0; k < m; k++) steps[k] = stepOf(row[items[k]]);
  work.kept = m;
  return m;
}

/**
 * The lowest float32 cosine an item may have and still be among a query's cap best, when at least
 * cap others are ≥ t: its cap-th best float64 cosine is ≥ t − eps, and an item below
 * t − 2·eps − the tie tolerance in float32 is more than the tolerance below that in float64.
 * {@link TIE_MARGIN} lower still, so that the tie group at the last place can be shown whole.
 */
const keptFrom = (t: number, eps: number): number => t - 2 * eps - TIE_TOLERANCE - TIE_MARGIN;

/**
 * How far below the last place's cosine a tie group may reach and still be known whole (1,024
 * chained tolerances; a longer chain sends the query to its whole row).
 */
const TIE_MARGIN = 2 ** -30;

/**
 * A cosine t such that at least `k` entries of `row` (those at `at`, when given) are ≥ t: the lower
 * edge of the histogram bin (1/{@link THRESHOLD_BINS} wide) where the count from the top reaches k;
 * −∞ when it reaches k only in the lowest bin (which also holds any entry below −1), or never.
 */
function thresholdOf(row: Float32Array, k: number, counts: Int32Array, at?: Int32Array): number {
  if (k > (at ? at.length : row.length)) return -Infinity;
  counts.fill(0);
  // (c + 1)·bins is exact in float64 for a float32 c, and |0 truncates: c in bin b ⇒ c ≥ b/bins − 1.
  if (at) for (let s = 0; s < at.length; s++) counts[((row[at[s]] + 1) * THRESHOLD_BINS) | 0]++;
  else for (let b = 0; b < row.length; b++) counts[((row[b] + 1) * THRESHOLD_BINS) | 0]++;
  let above = 0;
  for (let bin = counts.length - 1; bin > 0; bin--) {
    above += counts[bin];
    if (above >= k) return bin / THRESHOLD_BINS - 1;
  }
  return -Infinity;
}

/**
 * About one item in 8, ascending, picked by a multiplicative hash of its index: a stride
 * would alias with labels that repeat in a period (items listed class by class in turn).
 */
export function sampleOf(n: number): Int32Array {
  const out: number[] = [];
  for (let j = 0; j < n; j++) if (Math.imul(j, 0x9e3779b1) >>> 29 === 0) out.push(j);
  return Int32Array.from(out);
}
