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
  let strict = false;
  let iterations = 0;
  const total = new Float64Array(k);
  while (iterations < o.maxIter) {
    iterations++;
    s.step = iterations;
    s.drift[iterations] = total.slice();
    const changed = await assign(iterations === 1);
    const shift = updateCentres(x, n, d, k, centres, s.assign, moves);
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
 * rule). Sets each centre's move (Euclidean, rounded up) in `moves`; returns the total squared move.
 */
function updateCentres(x: Float64Array, n: number, d: number, k: number, centres: Float64Array, assign: Int32Array, moves: Float64Array): number {
  const sums = new Float64Array(k * d);
  const counts = new Int32Array(k);
  for (let i = 0; i < n; i++) {
    const j = assign[i];
    counts[j]++;
    for (let t = 0; t < d; t++) sums[j * d + t] += x[i * d + t];
  }
  relocateEmpty(x, n, d, k, centres, assign, sums, counts);
  let shift = 0;
  for (let j = 0; j < k; j++) {
    if (counts[j] === 0) {
      moves[j] = 0;
      continue;
    }
    let s = 0;
    for (let t = 0; t < d; t++) {
      const c = sums[j * d + t] / counts[j];
      const v = c - centres[j * d + t];
      s += v * v;
      centres[j * d + t] = c;
    }
    shift += s;
    moves[j] = Math.sqrt(s) * (1 + 1e-12);
  }
  return shift;
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
