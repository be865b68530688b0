/**
 * SPEC NMI's k-means: 10 seeded restarts (scikit-learn's `n_init=10`), keeping the clustering of
 * lowest inertia (the first on a tie). A {@link ClusteringPass} runs the restarts — in this thread
 * ({@link localClustering}), or dealt to threads (split.ts) — and reports its progress by the
 * products' multiply-adds against an estimate of the whole.
 */
import { Rng } from '../../data/rng';
import { KMEANS_MAX_ITER, kmeansRun, kmeansTolerance, type KmeansRun } from './kmeans';
import { jsCentreProducts, rowNorms, type CentreProductsMaker } from './products';
import { seedingWork } from './seeding';
import { ALL_PRODUCTS_UP_TO, LLOYD_PRODUCT_COST } from './assign';
import { lloydPointCost } from './lloyd';

/** Restarts by default (SPEC: scikit-learn's n_init=10). */
export const KMEANS_RESTARTS = 10;

/**
 * The seeds of the restarts: the first `restarts` draws `nextU32()` of `new Rng(seed)` (so one seed
 * fixes all of them, and different seeds give unrelated restarts).
 */
export function restartSeeds(seed: number, restarts = KMEANS_RESTARTS): number[] {
  if (!Number.isInteger(restarts) || restarts < 1) throw new Error(`k-means: need restarts ≥ 1, got ${restarts}`);
  const rng = new Rng(seed);
  return Array.from({ length: restarts }, () => rng.nextU32());
}

/** One restart's result, numbered. */
export interface RestartResult extends KmeansRun {
  restart: number;
}

/** The clustering kept, with what it was compared with. */
export interface BestClustering {
  assign: Int32Array;
  inertia: number;
  /** Which restart it came from (0-based; the first of equal inertias). */
  restart: number;
  /** The inertia of every restart, in order. */
  inertias: number[];
  /** The Lloyd steps of every restart, in order. */
  iterations: number[];
}

/** The restart of lowest inertia (the first of equal ones) among results in any order. */
export function bestOf(results: RestartResult[]): BestClustering {
  const sorted = [...results].sort((a, b) => a.restart - b.restart);
  let best = sorted[0];
  for (const r of sorted) if (r.inertia < best.inertia) best = r;
  return { assign: best.assign, inertia: best.inertia, restart: best.restart, inertias: sorted.map((r) => r.inertia), iterations: sorted.map((r) => r.iterations) };
}

/**
 * Estimated work of one restart, in units of one multiply-add of the products: the seeding's
 * exactly, and Lloyd's from {@link lloydWork}.
 */
export const restartWork = (n: number, d: number, k: number) => seedingWork(n, d, k) + lloydWork(n, d, k);

/**
 * Lloyd's estimated work: its steps, each with a cost per point, and its products, in steps of
 * products of every point with every centre. Fitted to the bench's Zipf sets (BENCHMARKS.md
 * "peer"): ~40 steps of products with every centre up to {@link ALL_PRODUCTS_UP_TO} centres; with
 * 1,000 centres ~20 steps and ~7 steps' worth of products at 20,000 items, ~100 and ~16 at 100,000
 * (more points, more steps that each move few of them); never more steps than a restart may take.
 */
export function lloydWork(n: number, d: number, k: number): number {
  const scale = Math.max(1, n / 20_000);
  const all = k <= ALL_PRODUCTS_UP_TO;
  const steps = Math.min(KMEANS_MAX_ITER, all ? 40 : 20 * scale);
  const productSteps = all ? steps : 7 * Math.sqrt(scale);
  return steps * n * d * lloydPointCost(k) + productSteps * n * k * d * LLOYD_PRODUCT_COST;
}

/**
 * The share of a restart's estimated work `estimate` to report when `done` is done: `done` itself up
 * to 90 % of the estimate, then ever more slowly towards it, so that a restart that takes more steps
 * than estimated still moves its progress.
 */
export function reportedWork(done: number, estimate: number): number {
  const knee = 0.9 * estimate;
  return done <= knee ? done : knee + (estimate - knee) * (1 - Math.exp(-(done - knee) / (estimate - knee)));
}

export interface ClusteringOptions {
  /** One seed per restart ({@link restartSeeds}). */
  seeds: number[];
  /** The restarts' numbers, when these are some of a larger set (default 0 … seeds.length − 1). */
  restarts?: number[];
  maxIter?: number;
  /** Awaited between blocks of products (the thread takes its messages). */
  between?: () => Promise<void>;
  /** Fraction done, by the products' multiply-adds against {@link restartWork}. */
  onProgress?: (fraction: number) => void;
  /** Ends the pass at its next block (its result then rejects). */
  signal?: AbortSignal;
}

/** The restarts of SPEC's k-means over n × d unit rows with k clusters, however they are run. */
export type ClusteringPass = (x: Float64Array, n: number, d: number, k: number, o: ClusteringOptions) => Promise<RestartResult[]>;

/**
 * The restarts one after another in this thread, with the products `make` makes (default: float64
 * in JavaScript).
 */
export function localClustering(make: CentreProductsMaker = jsCentreProducts): ClusteringPass {
  return async (x, n, d, k, o) => {
    const products = await make(x, n, d);
    const norms = rowNorms(x, n, d);
    const tol = kmeansTolerance(x, n, d);
    const each = restartWork(n, d, k);
    const out: RestartResult[] = [];
    let turned = performance.now();
    try {
      for (let r = 0; r < o.seeds.length; r++) {
        let done = 0;
        const ticks = {
          between: async () => {
            if (o.signal?.aborted) throw new Error('k-means: stopped');
            // A turn every ~50 ms of work (a block may take a tenth of a millisecond).
            if (o.between && performance.now() - turned > 50) {
              await o.between();
              turned = performance.now();
            }
          },
          onWork: (w: number) => {
            done += w;
            o.onProgress?.((r + reportedWork(done, each) / each) / o.seeds.length);
          },
        };
        const run = await kmeansRun(x, n, d, k, o.seeds[r], products, { maxIter: o.maxIter ?? KMEANS_MAX_ITER, ticks, norms, tol });
        o.onProgress?.((r + 1) / o.seeds.length);
        out.push({ ...run, restart: o.restarts?.[r] ?? r });
      }
      return out;
    } finally {
      products.dispose();
    }
  };
}

/** SPEC's k-means in this thread with float64 products: the best of `restarts` seeded from `seed`. */
export async function kmeansBest(x: Float64Array, n: number, d: number, k: number, seed: number, restarts = KMEANS_RESTARTS): Promise<BestClustering> {
  return bestOf(await localClustering()(x, n, d, k, { seeds: restartSeeds(seed, restarts) }));
}
