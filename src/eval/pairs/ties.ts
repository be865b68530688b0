/**
 * SPEC's tie rule ("PR curve and PR-AUC"; Recall@K): cosines equal in exact arithmetic — of
 * duplicate rows, or rows whose dot products are the same rational number — come out of float32
 * rows a few ulps apart and must not be split by that rounding. After sorting, cosines within
 * 2⁻⁴⁰ of their neighbour in the order form one tie group (the groups chain): one operating point
 * of the PR curve, and neighbours of one group are retrieved in index order, lower index first.
 * 2⁻⁴⁰ lies far above the rounding of float64 dot products of float32 rows and far below any
 * difference a person would call real, so near-copies (~1e-7 apart) stay apart. The cosines
 * themselves are never moved: thresholds and distances use them as computed. Pure TypeScript.
 */

/** Neighbours in the sorted order at most this far apart are one tie group. */
export const TIE_TOLERANCE = 2 ** -40;

/** Cells of the first, native sort: cosines floored to multiples of 2⁻²⁰, packed with the position. */
const CELLS = 2 ** 20;
const POSITIONS = 2 ** 31;
const CELL_OFFSET = 2 ** 21; // > |cosine| · CELLS for any cosine of unit rows

/**
 * Ranks lists of neighbours by SPEC's rule, with buffers kept between calls: cosine descending,
 * and within each tie group ({@link TIE_TOLERANCE}, chained) index ascending.
 */
export class TieRanker {
  private keys = new Float64Array(0);
  private v = new Float64Array(0);
  private it = new Int32Array(0);
  /** Where each tie group of the last ranking starts, then its end (groups[count]). */
  private starts = new Int32Array(1);
  private groups = 0;

  /**
   * Ranks items[0 … m−1] by their cosines values[0 … m−1] (parallel arrays, rearranged in place).
   * Returns where the last tie group starts. A native sort of (cell, position) keys first — cells
   * 2⁻²⁰ wide, ordered as the cosines —, then each cell's few entries by cosine, then the groups.
   */
  rank(values: Float64Array, items: Int32Array, m: number): number {
    if (this.keys.length < m) {
      this.keys = new Float64Array(m);
      this.v = new Float64Array(m);
      this.it = new Int32Array(m);
      this.starts = new Int32Array(m + 1);
    }
    const keys = this.keys.subarray(0, m);
    for (let k = 0; k < m; k++) keys[k] = (CELL_OFFSET - Math.floor(values[k] * CELLS)) * POSITIONS + k;
    keys.sort();
    const { v, it } = this;
    for (let r = 0; r < m; r++) {
      const k = keys[r] - Math.floor(keys[r] / POSITIONS) * POSITIONS; // (a float64 % is a library call)
      v[r] = values[k];
      it[r] = items[k];
    }
    for (let p = 0; p < m; ) {
      const cell = Math.floor(keys[p] / POSITIONS);
      let e = p + 1;
      while (e < m && Math.floor(keys[e] / POSITIONS) === cell) e++;
      if (e - p > 1) insertionSort(v, it, p, e, (a, i, b, j) => a > b || (a === b && i < j));
      p = e;
    }
    this.groups = 0;
    for (let p = 0; p < m; ) {
      const e = tieGroupEnd(v, p, m);
      if (e - p > 1) sortByIndex(v, it, p, e);
      this.starts[this.groups++] = p;
      p = e;
    }
    this.starts[this.groups] = m;
    values.set(v.subarray(0, m));
    items.set(it.subarray(0, m));
    return this.groups ? this.starts[this.groups - 1] : 0;
  }

  /** The lowest cosine of the tie group holding place r of the last ranking (its values as ranked). */
  groupFloor(values: Float64Array, r: number): number {
    let g = 0;
    while (this.starts[g + 1] <= r) g++;
    let low = Infinity;
    for (let k = this.starts[g]; k < this.starts[g + 1]; k++) low = Math.min(low, values[k]);
    return low;
  }
}

/** Entries p … e−1 of (v, it) sorted so that `before` holds between neighbours (stable; for short runs). */
function insertionSort(v: Float64Array, it: Int32Array, p: number, e: number, before: (a: number, i: number, b: number, j: number) => boolean): void {
  for (let k = p + 1; k < e; k++) {
    const c = v[k];
    const i = it[k];
    let j = k - 1;
    while (j >= p && before(c, i, v[j], it[j])) {
      v[j + 1] = v[j];
      it[j + 1] = it[j];
      j--;
    }
    v[j + 1] = c;
    it[j + 1] = i;
  }
}

/** A tie group p … e−1 into index order, each cosine with its item. */
function sortByIndex(v: Float64Array, it: Int32Array, p: number, e: number): void {
  if (e - p <= 32) return insertionSort(v, it, p, e, (_a, i, _b, j) => i < j);
  const pairs = Array.from({ length: e - p }, (_, k) => [it[p + k], v[p + k]] as const).sort((a, b) => a[0] - b[0]);
  pairs.forEach(([i, c], k) => ((it[p + k] = i), (v[p + k] = c)));
}

/** One past the end of the tie group that starts at p among the first m of cosines sorted DESCENDING. */
function tieGroupEnd(sortedDescending: ArrayLike<number>, p: number, m: number): number {
  let e = p + 1;
  while (e < m && sortedDescending[e - 1] - sortedDescending[e] <= TIE_TOLERANCE) e++;
  return e;
}

/**
 * The tie groups of cosines sorted DESCENDING: ends[g] is one past group g's last entry. Values
 * within {@link TIE_TOLERANCE} of their predecessor join its group.
 */
export function tieGroupEnds(sortedDescending: ArrayLike<number>): number[] {
  const ends: number[] = [];
  for (let p = 0; p < sortedDescending.length; p = ends[ends.length - 1]) ends.push(tieGroupEnd(sortedDescending, p, sortedDescending.length));
  return ends;
}
