/**
 * SPEC NMI's k-means: `restarts` (10, scikit-learn's `n_init=10`) seeded runs of k-means++ / Lloyd
 * (kmeans.ts), keeping the clustering of lowest inertia, the first on a tie.
 */
import { Rng } from '../data/rng';
import { clusteringInertia, kmeansPlusPlus } from './kmeans';
import { asF64 } from './kmeansDistances';

/** Restarts of {@link kmeansBest} by default (SPEC: scikit-learn's n_init=10). */
export const KMEANS_RESTARTS = 10;

/**
 * The seeds of the restarts of {@link kmeansBest}: the first `restarts` draws `nextU32()` of
 * `new Rng(seed)` (so one seed fixes all of them, and different seeds give unrelated restarts).
 */
export function restartSeeds(seed: number, restarts = KMEANS_RESTARTS): number[] {
  const rng = new Rng(seed);
  return Array.from({ length: restarts }, () => rng.nextU32());
}

/** The clustering {@link kmeansBest} keeps, with what it compared. */
export interface BestClustering {
  assign: Int32Array;
  /** Its inertia ({@link clusteringInertia}). */
  inertia: number;
  /** Which restart it came from (0-based; the first of equal inertias). */
  restart: number;
  /** The inertia of every restart, in order. */
  inertias: number[];
}

/**
 * SPEC NMI's k-means: `restarts` (default 10) runs of {@link kmeansPlusPlus}, seeded with
 * {@link restartSeeds}(seed), keeping the clustering of lowest inertia (the first on a tie) —
 * scikit-learn's `KMeans(n_init=10)`.
 */
export function kmeansBest(points: Float32Array | Float64Array, n: number, d: number, k: number, seed: number, restarts = KMEANS_RESTARTS, maxIter = 100): BestClustering {
  const p = asF64(points, n * d);
  const keep = keeper(restarts);
  restartSeeds(seed, restarts).forEach((s, r) => keep(p, n, d, k, s, r, maxIter));
  return keep.best();
}

/** {@link kmeansBest}, awaiting `between` after each restart (a worker takes its messages) and reporting restarts done. */
export async function kmeansBestAsync(
  points: Float32Array | Float64Array,
  n: number,
  d: number,
  k: number,
  seed: number,
  opts: { restarts?: number; maxIter?: number; between?: () => Promise<void>; onProgress?: (fraction: number) => void } = {},
): Promise<BestClustering> {
  const restarts = opts.restarts ?? KMEANS_RESTARTS;
  const p = asF64(points, n * d);
  const keep = keeper(restarts);
  const seeds = restartSeeds(seed, restarts);
  for (let r = 0; r < restarts; r++) {
    keep(p, n, d, k, seeds[r], r, opts.maxIter ?? 100);
    opts.onProgress?.((r + 1) / restarts);
    if (opts.between) await opts.between();
  }
  return keep.best();
}

/**
 * {@link kmeansBestAsync} started beside other work (after a turn, so that work starts first: a
 * retrieval pass's threads), taking turns with it at its awaits. `stop` ends it at its next restart
 * (its result then rejects): the rest of an evaluation failed.
 */
export function kmeansBeside(
  points: Float32Array | Float64Array,
  n: number,
  d: number,
  k: number,
  seed: number,
  opts: { between?: () => Promise<void>; onProgress?: (fraction: number) => void } = {},
): { result: Promise<BestClustering>; stop: () => void } {
  let stopped = false;
  const between = async () => {
    await opts.between?.();
    if (stopped) throw new Error('k-means: stopped');
  };
  const result = Promise.resolve().then(() => kmeansBestAsync(points, n, d, k, seed, { between, onProgress: opts.onProgress }));
  result.catch(() => undefined); // the caller awaits it, or has stopped it
  return { result, stop: () => void (stopped = true) };
}

/** Runs one restart at a time and keeps the first of lowest inertia. */
function keeper(restarts: number) {
  if (!Number.isInteger(restarts) || restarts < 1) throw new Error(`kmeansBest: need restarts ≥ 1, got ${restarts}`);
  let best: BestClustering | null = null;
  const inertias: number[] = [];
  const run = (p: Float64Array, n: number, d: number, k: number, s: number, r: number, maxIter: number) => {
    const assign = kmeansPlusPlus(p, n, d, k, s, maxIter);
    const inertia = clusteringInertia(p, n, d, assign, k);
    inertias.push(inertia);
    if (best === null || inertia < best.inertia) best = { assign, inertia, restart: r, inertias };
  };
  return Object.assign(run, { best: (): BestClustering => best! });
}
