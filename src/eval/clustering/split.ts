/**
 * k-means's restarts dealt to threads (../threads.ts): restart r to thread r mod threads, each
 * thread running its restarts one after another on its own products (tfjs in that thread) and
 * posting them back. A restart's clustering does not depend on the thread that makes it, so the
 * result is the same as in one thread, in about 1/threads of the time. The rows are shared
 * (SharedArrayBuffer: in a page, only a cross-origin isolated one; elsewhere one thread runs them all).
 */
import { runOnThreads, sharedRows, type StartThread, type ThreadMessage } from '../threads';
import { localClustering, type ClusteringPass, type RestartResult } from './restarts';
import { jsCentreProducts, type CentreProductsMaker } from './products';

/** What a k-means thread is given: the shared rows (n × d float64, unit), k, and its restarts. */
export interface KmeansThreadJob {
  x: SharedArrayBuffer;
  n: number;
  d: number;
  k: number;
  /** The restarts' numbers and seeds. */
  restarts: number[];
  seeds: number[];
  maxIter?: number;
}

/** What a k-means thread posts. */
export type KmeansThreadMessage = ThreadMessage<RestartResult[]>;

/** Starts a k-means thread. */
export type StartKmeansThread = StartThread<KmeansThreadJob, RestartResult[]>;

/** From this many products per restart (n·k) the restarts are dealt to threads. */
export const KMEANS_THREADS_FROM = 1_000_000;

/**
 * The restarts dealt to `threads` threads that `start` starts; in this thread (with `local`) below
 * {@link KMEANS_THREADS_FROM}, with one restart or thread, or where memory cannot be shared.
 */
export function splitClustering(threads: number, start: StartKmeansThread, local: ClusteringPass, o: { onSplit?: (threads: number) => void } = {}): ClusteringPass {
  return async (x, n, d, k, opts) => {
    const parts = Math.min(threads, opts.seeds.length);
    if (parts < 2 || n * k < KMEANS_THREADS_FROM || typeof SharedArrayBuffer === 'undefined') return local(x, n, d, k, opts);
    o.onSplit?.(parts);
    const xs = sharedRows(x, n * d);
    const numbers = opts.restarts ?? opts.seeds.map((_, r) => r);
    const jobs = Array.from({ length: parts }, (_, p): KmeansThreadJob => {
      const mine = numbers.map((_, r) => r).filter((r) => r % parts === p);
      return { x: xs, n, d, k, restarts: mine.map((r) => numbers[r]), seeds: mine.map((r) => opts.seeds[r]), maxIter: opts.maxIter };
    });
    return (await runOnThreads('k-means', jobs, start, { onProgress: opts.onProgress, signal: opts.signal })).flat();
  };
}

/** A thread's work: its restarts with the products `make` makes (float64 in JavaScript without one), posted through `post`. */
export async function runKmeansJob(job: KmeansThreadJob, post: (m: KmeansThreadMessage) => void, make?: CentreProductsMaker): Promise<void> {
  try {
    const x = new Float64Array(job.x);
    let ticked = 0;
    const result = await localClustering(make ?? jsCentreProducts)(x, job.n, job.d, job.k, {
      seeds: job.seeds,
      restarts: job.restarts,
      maxIter: job.maxIter,
      onProgress: (progress) => {
        // At most every 1/500 of the work: a message per block would flood the parent.
        if (progress - ticked < 0.002 && progress < 1) return;
        ticked = progress;
        post({ progress });
      },
    });
    post({ result });
  } catch (e) {
    post({ error: e instanceof Error ? e.message : String(e) });
  }
}
