/**
 * The retrieval pass's bounded neighbour selections (retrieval.ts): for each query, its best `cap`
 * neighbours offered so far, ranked by (snapped cosine desc, index asc) packed into one float64
 * key, smaller = better. Pure TypeScript.
 */
import { COSINE_GRID } from './snap';

/** Packing of (snapped cosine, index) into one float64 ordered as the ranking: smaller = better. */
const KEY_SCALE = 2 ** 31;
const KEY_OFFSET = 2 ** 21; // > the largest |cosine / grid| (2²⁰, plus rounding)
export const MAX_ITEMS = 2 ** 31;

/**
 * Rearranges a[lo … hi] (distinct values) so that a[k] holds the value it would hold sorted, the
 * smaller values before it and the larger after (quickselect, median-of-three pivots).
 */
function select(a: Float64Array, lo: number, hi: number, k: number): void {
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    // Median of three to a[hi] as the pivot.
    if (a[mid] < a[lo]) swap(a, mid, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[mid] < a[hi]) swap(a, mid, hi);
    const pivot = a[hi];
    let store = lo;
    for (let i = lo; i < hi; i++) {
      if (a[i] < pivot) {
        const t = a[i];
        a[i] = a[store];
        a[store++] = t;
      }
    }
    swap(a, store, hi);
    if (store === k) return;
    if (store < k) lo = store + 1;
    else hi = store - 1;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/**
 * Bounded selections: for each slot s, the best cap[s] keys offered so far (smaller = better)
 * among at most 2·cap[s] kept in pool[off[s] …]: offers are appended (memory order, cache-friendly
 * — a heap's sifts over a large pool were 2/3 of the pass), and when the region is full it is
 * sorted and cut back to the best cap[s], whose worst becomes the bar a later offer must beat.
 */
export class Selections {
  readonly size: Int32Array;
  /** The key an offer must beat (be smaller than) to be kept: +∞ until the first cut. */
  readonly bar: Float64Array;
  /**
   * A cosine below which no offer can beat the bar (−∞ until the first cut): one comparison of the
   * raw cosine rejects most offers before their key is made (the key's rounding and packing were
   * a third of the pass). The bar's snapped cosine less one grid step, so the test is exact.
   */
  readonly floor: Float64Array;
  constructor(
    readonly pool: Float64Array,
    readonly off: Float64Array,
    readonly cap: Int32Array,
  ) {
    this.size = new Int32Array(cap.length);
    this.bar = new Float64Array(cap.length).fill(Infinity);
    this.floor = new Float64Array(cap.length).fill(-Infinity);
  }

  /** Offers `key` to slot s (the caller checked key < bar[s]). */
  push(s: number, key: number): void {
    const o = this.off[s];
    const n = this.size[s];
    this.pool[o + n] = key;
    if (n + 1 < 2 * this.cap[s]) this.size[s] = n + 1;
    else this.cut(s, n + 1);
  }

  /** Keeps slot s's best cap[s] of its `n` keys (in no order), the worst of them as the bar. */
  private cut(s: number, n: number): void {
    const o = this.off[s];
    const cap = this.cap[s];
    if (n > cap) select(this.pool, o, o + n - 1, o + cap - 1);
    this.size[s] = Math.min(n, cap);
    let worst = -Infinity;
    for (let i = o; i < o + this.size[s]; i++) if (this.pool[i] > worst) worst = this.pool[i];
    this.bar[s] = worst;
    // An offer of snapped cosine below the bar's is a larger key; round(c / grid) < the bar's
    // whenever c < (its grid step − 1) · grid.
    if (n >= cap && Number.isFinite(worst)) this.floor[s] = (KEY_OFFSET - Math.floor(worst / KEY_SCALE) - 1) * COSINE_GRID;
  }

  /** Slot s's best cap[s] keys, best first. */
  ranked(s: number): Float64Array {
    this.cut(s, this.size[s]);
    const o = this.off[s];
    return this.pool.subarray(o, o + this.size[s]).sort();
  }
}

/** The index of a key `(KEY_OFFSET − cosine / grid, snapped) · KEY_SCALE + index`: ranking order = ascending key. */
export const indexOf = (key: number): number => key - Math.floor(key / KEY_SCALE) * KEY_SCALE; // (a float64 % is a library call)

/** Cosine `c` as a key's high part: (KEY_OFFSET − c / grid, snapped) · KEY_SCALE. */
export const keyBase = (c: number): number => (KEY_OFFSET - Math.round(c / COSINE_GRID)) * KEY_SCALE;
