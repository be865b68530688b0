/**
 * The periodic all-pairs evaluation off the training worker's thread: a second worker (nested in
 * the training one) runs SPEC's exact path — plain JS, no tfjs backend — while training goes on,
 * so on a machine with two or more cores the metrics cost the run almost no steps. Both sides
 * import the message types from here.
 */
import type { EvalReport } from '../eval/evaluate';

/** What the metrics worker is asked: a subsample's embeddings (rows of d) and labels. */
export interface ExactRequest {
  id: number;
  emb: Float32Array;
  labels: Int32Array;
  n: number;
  d: number;
  numClasses: number;
}

/** Its answer: the report, or why there is none. */
export type ExactReply = { id: number; report: EvalReport } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (r: EvalReport) => void; reject: (e: Error) => void }>();

function spawn(): Worker {
  const w = new Worker(new URL('./metrics.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<ExactReply>) => {
    const job = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if ('report' in e.data) job?.resolve(e.data.report);
    else job?.reject(new Error(e.data.error));
  };
  w.onerror = (e) => {
    // A worker that cannot start (or died) fails its jobs; the next request starts a new one.
    e.preventDefault();
    for (const job of waiting.values()) job.reject(new Error(`the metrics worker failed: ${e.message || 'it could not start'}`));
    waiting.clear();
    worker = null;
  };
  return w;
}

/** True where a worker can start its own worker (every current browser; not Node). */
export const canOffload = (): boolean => typeof Worker !== 'undefined';

/** Evaluates on the metrics worker with the exact path; the arrays are handed over (transferred). */
export function exactOffThread(emb: Float32Array, labels: Int32Array, n: number, d: number, numClasses: number): Promise<EvalReport> {
  worker ??= spawn();
  const id = nextId++;
  const request: ExactRequest = { id, emb, labels, n, d, numClasses };
  return new Promise<EvalReport>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker!.postMessage(request, [emb.buffer, labels.buffer]);
  });
}
