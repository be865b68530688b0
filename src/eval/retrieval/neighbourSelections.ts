/**
 * The retrieval pass's bounded neighbour selections (retrieval.ts, float64 tiles): for each query,
 * its `keep` best neighbours by cosine offered so far (cosines and item indices in parallel pools),
 * ranked at the end by SPEC's tie rule (ties.ts). One more than the query needs is kept, so the
 * ranking can tell whether the tie group at its last place is whole. Pure TypeScript.
 */
import type { TieRanker } from '../pairs/ties';

/** Items the pass ranks at most (indices are Int32). */
export const MAX_ITEMS = 2 ** 31;

/**
 * Rearranges c[lo … hi] (with it[lo … hi] alongside) so that c[k] holds the value it would hold
 * sorted DESCENDING, the larger values before it and the smaller after (quickselect, median of three).
 */
function selectLargest(c: Float64Array, it: Int32Array, lo: number, hi: number, k: number): void {
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    // Median of three to c[hi] as the pivot.
    if (c[mid] > c[lo]) swap(c, it, mid, lo);
    if (c[hi] > c[lo]) swap(c, it, hi, lo);
    if (c[mid] > c[hi]) swap(c, it, mid, hi);
    const pivot = c[hi];
    let store = lo;
    for (let i = lo; i < hi; i++) if (c[i] > pivot) swap(c, it, i, store++);
    swap(c, it, store, hi);
    if (store === k) return;
    if (store < k) lo = store + 1;
    else hi = store - 1;
  }
}

function swap(c: Float64Array, it: Int32Array, i: number, j: number): void {
  const t = c[i];
  c[i] = c[j];
  c[j] = t;
  const u = it[i];
  it[i] = it[j];
  it[j] = u;
}

/**
 * Bounded selections: for each slot s, the best keep[s] cosines offered so far (with their items)
 * among at most 2·keep[s] held in the pools from off[s]: offers are appended (memory order,
 * cache-friendly — a heap's sifts over a large pool cost more), and when the region is full it is
 * cut back to its best keep[s] by quickselect, whose worst becomes the bar a later offer must beat.
 */
export class Selections {
  readonly size: Int32Array;
  /** The cosine an offer must exceed to be kept: −∞ until the first cut. */
  readonly bar: Float64Array;
  constructor(
    readonly cosines: Float64Array,
    readonly items: Int32Array,
    readonly off: Float64Array,
    readonly keep: Int32Array,
  ) {
    this.size = new Int32Array(keep.length);
    this.bar = new Float64Array(keep.length).fill(-Infinity);
  }

  /** Offers item j at cosine c to slot s (the caller checked c > bar[s]). */
  push(s: number, c: number, j: number): void {
    const o = this.off[s];
    const n = this.size[s];
    this.cosines[o + n] = c;
    this.items[o + n] = j;
    if (n + 1 < 2 * this.keep[s]) this.size[s] = n + 1;
    else this.cut(s, n + 1);
  }

  /** Keeps slot s's best keep[s] of its `n` offers (in no order), the worst of them as the bar. */
  private cut(s: number, n: number): void {
    const o = this.off[s];
    const keep = this.keep[s];
    if (n > keep) selectLargest(this.cosines, this.items, o, o + n - 1, o + keep - 1);
    this.size[s] = Math.min(n, keep);
    if (n < keep) return;
    let worst = Infinity;
    for (let i = o; i < o + keep; i++) if (this.cosines[i] < worst) worst = this.cosines[i];
    this.bar[s] = worst;
  }

  /**
   * Slot s's first `want` neighbours by SPEC's ranking into out[0 …]; returns how many (fewer when
   * fewer were offered), or −1 when the tie group at the last place may continue among items not
   * kept — its members could not all be kept — so the caller ranks that query's whole row.
   */
  ranked(s: number, want: number, out: Int32Array, ranker: TieRanker): number {
    this.cut(s, this.size[s]);
    const o = this.off[s];
    const m = this.size[s];
    const c = this.cosines.subarray(o, o + m);
    const it = this.items.subarray(o, o + m);
    const lastGroup = ranker.rank(c, it, m);
    if (m === this.keep[s] && m > want && lastGroup < want) return -1;
    const count = Math.min(want, m);
    out.set(it.subarray(0, count));
    return count;
  }
}
