/**
 * The own-embeddings evaluation's two passes on every core, with workers nested in the
 * own-embeddings worker: the retrieval pass (src/eval/retrieval/retrievalSplit.ts, retrieval.worker.ts) and
 * k-means's restarts (src/eval/clustering/split.ts, kmeans.worker.ts). Shared memory needs a
 * cross-origin isolated page (its server's headers, or its service worker); elsewhere both run in
 * the own-embeddings worker alone.
 */
import { splitRetrieval } from '../../eval/retrieval/retrievalSplit';
import { splitClustering } from '../../eval/clustering/split';
import type { RetrievalPass } from '../../eval/retrieval/retrieval';
import type { ClusteringPass } from '../../eval/clustering/restarts';
import type { StartThread } from '../../eval/threads';

/** Threads for the passes here: the logical cores where memory can be shared, else one. */
export const threadsHere = (): number => (globalThis.crossOriginIsolated === true ? Math.max(1, globalThis.navigator?.hardwareConcurrency || 1) : 1);

/**
 * Starts a nested worker that `make` makes on a job. (Each `new Worker(new URL(…))` is written out
 * where the worker is named: that is the form the bundler finds and builds a worker from.)
 */
function nestedWorkers<J, R>(make: () => Worker): StartThread<J, R> {
  return (job, onMessage, onFailure) => {
    const w = make();
    w.onmessage = (e: MessageEvent) => onMessage(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      onFailure(e.message || 'it could not start');
    };
    w.postMessage(job);
    return { stop: () => w.terminate() };
  };
}

/** The retrieval pass split between `threads` nested workers; `onSplit` hears how many a pass was split between. */
export function workerRetrieval(threads: number, onSplit?: (threads: number) => void): RetrievalPass {
  return splitRetrieval(threads, nestedWorkers(() => new Worker(new URL('./retrieval.worker.ts', import.meta.url), { type: 'module' })), { onSplit });
}

/** k-means's restarts dealt to `threads` nested workers; `local` runs them here when not worth workers. */
export function workerClustering(threads: number, local: ClusteringPass, onSplit?: (threads: number) => void): ClusteringPass {
  return splitClustering(threads, nestedWorkers(() => new Worker(new URL('./kmeans.worker.ts', import.meta.url), { type: 'module' })), local, { onSplit });
}
