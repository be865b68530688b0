/**
 * Lloyd's steps of SPEC's k-means (scikit-learn's `KMeans` defaults): assign each point to its
 * nearest centre (assign.ts), move each centre to its points' mean, until the assignment repeats,
 * or the centres' total squared move is ≤ tol, or maxIter steps; then, unless the assignment
 * repeated, assign once more. The same steps as the reference (../reference/clustering.ts).
 */
import { ALL_PRODUCTS_UP_TO, assignAll, assignNear, NEAR, type Assigning, type Near } from './assign';
import type { CentreProducts } from './products';
import type { KmeansTicks } from './seeding';

/** Where Lloyd's steps left the clustering. */
export interface LloydResult {
  assign: Int32Array;
  /** The final centres (row-major k × d). */
  centres: Float64Array;
  /** Steps run (assignment + update). */
  iterations: number;
}

/**
 * Lloyd's work per point and step besides its products (the update step; past
 * {@link ALL_PRODUCTS_UP_TO} centres the bounds and their distances), in multiply-adds of the
 * products per coordinate: each step reports it (for the progress only; measured on the bench's
 * Zipf sets, BENCHMARKS.md "peer").
 */
export const lloydPointCost = (k: number): number => (k <= ALL_PRODUCTS_UP_TO ? 40 : 250);

/**
 * Lloyd's steps from `centres` (k × d, updated in place) over the n × d points `x` (squared norms
 * `norms`), to scikit-learn's stopping rule with tolerance `tol`.
 */
export async function lloyd(
  x: Float64Array,
  norms: Float64Array,
  n: number,
  d: number,
  k: number,
  centres: Float64Array,
  products: CentreProducts,
  o: { tol: number; maxIter: number; ticks?: KmeansTicks },
): Promise<LloydResult> {
  const ticks = o.ticks ?? {};
  const m = k <= ALL_PRODUCTS_UP_TO ? 0 : Math.min(NEAR, k - 1);
  const s: Near = { assign: new Int32Array(n).fill(-1), near: new Int32Array(n * m), m, low: new Float64Array(n * m), up: new Float64Array(n), rest: new Float64Array(n), since: new Int32Array(n), step: 0, drift: [] };
  const a: Assigning = { x, norms, n, d, k, centres, products, ticks, s };
  const assign = (first: boolean) => (first || k <= ALL_PRODUCTS_UP_TO ? assignAll(a) : assignNear(a));
  const moves = new Float64Array(k);
  const updateCentres = centreUpdate(x, n, d, k);
  let strict = false;
  let iterations = 0;
  const total = new Float64Array(k);
  while (iterations < o.maxIter) {
    iterations++;
    s.step = iterations;
    s.drift[iterations] = total.slice();
    const changed = await assign(iterations === 1);
    const shift = updateCentres(centres, s.assign, moves);
    ticks.onWork?.(n * d * lloydPointCost(k));
    for (let j = 0; j < k; j++) total[j] += moves[j];
    if (iterations > 1 && changed === 0) {
      strict = true;
      break;
    }
    if (shift <= o.tol) break;
  }
  s.step = iterations + 1;
  s.drift[s.step] = total;
  if (!strict && iterations > 0) await assign(false);
  return { assign: s.assign, centres, iterations };
}

/**
 * The update step: each centre = the mean of its points (sums in index order), a cluster left
 * empty given the point farthest from its centre among clusters of ≥ 2 points (the reference's
 * rule). `update(centres, assign, moves)` sets each centre's move (Euclidean, rounded up) in
 * `moves` and returns the total squared move. Only the clusters whose points changed since the
 * last step are summed again, in index order as before, so every sum has the bits a full pass
 * would give; late steps, where few points move, then cost a pass over the assignment.
 */
function centreUpdate(x: Float64Array, n: number, d: number, k: number): (centres: Float64Array, assign: Int32Array, moves: Float64Array) => number {
  const sums = new Float64Array(k * d);
  const counts = new Int32Array(k);
  const held = new Int32Array(n).fill(-1); // the assignment the sums hold
  const dirty = new Uint8Array(k);
  return (centres, assign, moves) => {
    dirty.fill(0);
    let any = false;
    for (let i = 0; i < n; i++) {
      const j = assign[i];
      if (j === held[i]) continue;
      if (held[i] >= 0) dirty[held[i]] = 1;
      dirty[j] = 1;
      held[i] = j;
      any = true;
    }
    if (any) sumClusters(x, n, d, k, assign, dirty, sums, counts);
    let stepSums = sums;
    let stepCounts = counts;
    if (counts.includes(0)) {
      // The relocation's moves hold for this step's centres only: the sums keep the assignment.
      stepSums = sums.slice();
      stepCounts = counts.slice();
      relocateEmpty(x, n, d, k, centres, assign, stepSums, stepCounts);
    }
    let shift = 0;
    for (let j = 0; j < k; j++) {
      if (stepCounts[j] === 0) {
        moves[j] = 0;
        continue;
      }
      let s = 0;
      for (let t = 0; t < d; t++) {
        const c = stepSums[j * d + t] / stepCounts[j];
        const v = c - centres[j * d + t];
        s += v * v;
        centres[j * d + t] = c;
      }
      shift += s;
      moves[j] = Math.sqrt(s) * (1 + 1e-12);
    }
    return shift;
  };
}

/** The sums and counts of the `dirty` clusters, summed again over their points in index order. */
function sumClusters(x: Float64Array, n: number, d: number, k: number, assign: Int32Array, dirty: Uint8Array, sums: Float64Array, counts: Int32Array): void {
  for (let j = 0; j < k; j++) {
    if (!dirty[j]) continue;
    counts[j] = 0;
    sums.fill(0, j * d, (j + 1) * d);
  }
  for (let i = 0; i < n; i++) {
    const j = assign[i];
    if (!dirty[j]) continue;
    counts[j]++;
    const so = j * d;
    const xo = i * d;
    let t = 0;
    for (; t + 4 <= d; t += 4) {
      sums[so + t] += x[xo + t];
      sums[so + t + 1] += x[xo + t + 1];
      sums[so + t + 2] += x[xo + t + 2];
      sums[so + t + 3] += x[xo + t + 3];
    }
    for (; t < d; t++) sums[so + t] += x[xo + t];
  }
}

/** Gives each empty cluster (in index order) the point farthest from its assigned centre, among clusters of ≥ 2 points. */
function relocateEmpty(x: Float64Array, n: number, d: number, k: number, centres: Float64Array, assign: Int32Array, sums: Float64Array, counts: Int32Array): void {
  let far: Float64Array | null = null;
  for (let j = 0; j < k; j++) {
    if (counts[j] > 0) continue;
    if (far === null) {
      far = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let t = 0; t < d; t++) s += (x[i * d + t] - centres[assign[i] * d + t]) ** 2;
        far[i] = s;
      }
    }
    let pick = -1;
    for (let i = 0; i < n; i++) if (far[i] >= 0 && counts[assign[i]] >= 2 && (pick < 0 || far[i] > far[pick])) pick = i;
    if (pick < 0) continue;
    far[pick] = -1; // taken
    const from = assign[pick];
    counts[from]--;
    counts[j] = 1;
    for (let t = 0; t < d; t++) {
      sums[from * d + t] -= x[pick * d + t];
      sums[j * d + t] = x[pick * d + t];
    }
  }
}
