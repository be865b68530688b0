/**
 * One restart of SPEC's k-means (scikit-learn's `KMeans` with its defaults, one init): greedy
 * k-means++ seeding (seeding.ts), then Lloyd's steps (lloyd.ts) to scikit-learn's tolerance,
 * 1e-4 × the points' mean per-coordinate variance. The reference it follows step for step is
 * ../reference/clustering.ts `kmeans`.
 */
import { Rng } from '../../data/rng';
import { lloyd } from './lloyd';
import { rowNorms, type CentreProducts } from './products';
import { greedySeeding, type KmeansTicks } from './seeding';

/** scikit-learn's max_iter. */
export const KMEANS_MAX_ITER = 300;

/** One restart's clustering. */
export interface KmeansRun {
  /** Cluster (0 … k−1) of each point. */
  assign: Int32Array;
  /** Σ_i ‖x_i − c_{assign_i}‖² with the final centres. */
  inertia: number;
  /** Lloyd steps run. */
  iterations: number;
}

/** scikit-learn's tolerance: 1e-4 × the mean over coordinates of the points' population variance. */
export function kmeansTolerance(x: Float64Array, n: number, d: number): number {
  if (n === 0) return 0;
  let total = 0;
  for (let t = 0; t < d; t++) {
    let mean = 0;
    for (let i = 0; i < n; i++) mean += x[i * d + t];
    mean /= n;
    let v = 0;
    for (let i = 0; i < n; i++) v += (x[i * d + t] - mean) ** 2;
    total += v / n;
  }
  return (1e-4 * total) / d;
}

/** Σ_i ‖x_i − c_{assign_i}‖², summed in index order. */
export function inertiaOf(x: Float64Array, n: number, d: number, centres: Float64Array, assign: Int32Array): number {
  let s = 0;
  for (let i = 0; i < n; i++) {
    const o = assign[i] * d;
    for (let t = 0; t < d; t++) {
      const v = x[i * d + t] - centres[o + t];
      s += v * v;
    }
  }
  return s;
}

/**
 * One seeded restart over the n × d points `x` (used as given: normalise first) with k clusters,
 * 1 ≤ k ≤ n (throws otherwise). `norms` and `tol` may be passed in when several restarts share them.
 */
export async function kmeansRun(
  x: Float64Array,
  n: number,
  d: number,
  k: number,
  seed: number,
  products: CentreProducts,
  o: { maxIter?: number; ticks?: KmeansTicks; norms?: Float64Array; tol?: number } = {},
): Promise<KmeansRun> {
  if (!Number.isInteger(k) || k < 1 || k > n) throw new Error(`k-means: need 1 ≤ k ≤ n, got k=${k}, n=${n}`);
  const norms = o.norms ?? rowNorms(x, n, d);
  const centres = await greedySeeding(x, norms, n, d, k, new Rng(seed), products, o.ticks);
  const tol = o.tol ?? kmeansTolerance(x, n, d);
  const run = await lloyd(x, norms, n, d, k, centres, products, { tol, maxIter: o.maxIter ?? KMEANS_MAX_ITER, ticks: o.ticks });
  return { assign: run.assign, inertia: inertiaOf(x, n, d, run.centres, run.assign), iterations: run.iterations };
}
