/**
 * The own-embeddings evaluation's retrieval pass on every core (src/eval/retrievalSplit.ts), with
 * workers nested in the own-embeddings worker (retrieval.worker.ts). Shared memory needs a
 * cross-origin isolated page (its server's headers, or its service worker); elsewhere the pass
 * runs in the own-embeddings worker alone, as before.
 */
import { splitRetrieval } from '../eval/retrievalSplit';
import type { RetrievalPass } from '../eval/retrieval';

/** Threads for the pass here: the logical cores where memory can be shared, else one. */
export const threadsHere = (): number => (globalThis.crossOriginIsolated === true ? Math.max(1, globalThis.navigator?.hardwareConcurrency || 1) : 1);

/** The pass split between `threads` nested workers; `onSplit` hears how many a pass was split between. */
export function workerRetrieval(threads: number, onSplit?: (threads: number) => void): RetrievalPass {
  return splitRetrieval(
    threads,
    (job, onMessage, onFailure) => {
      const w = new Worker(new URL('./retrieval.worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent) => onMessage(e.data);
      w.onerror = (e) => {
        e.preventDefault();
        onFailure(e.message || 'it could not start');
      };
      w.postMessage(job);
      return { stop: () => w.terminate() };
    },
    { onSplit },
  );
}
