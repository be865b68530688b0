/**
 * Work off the training worker's thread: a second worker (nested in the training one) runs the
 * periodic all-pairs evaluation on SPEC's exact path and the arithmetic of each embedding refresh
 * — plain JS, no tfjs backend — while training goes on, so on a machine with two or more cores
 * they cost the run almost no steps. Jobs are answered in the order they were sent. Both sides
 * import the message types from here.
 */
import type { EvalReport } from '../eval/evaluate';
import type { EmbeddingSnapshot } from './protocol';
import { snapshotJobTransfers, type SnapshotJob } from './snapshotView';

/** What the metrics worker is asked: an exact evaluation of a subsample, or a refresh's view. */
export type OffloadRequest =
  | { id: number; kind: 'exact'; emb: Float32Array; labels: Int32Array; n: number; d: number; numClasses: number }
  | { id: number; kind: 'snapshot'; job: SnapshotJob };

/** Its answer: the report or the snapshot, or why there is none. */
export type OffloadReply = { id: number; report: EvalReport } | { id: number; snapshot: EmbeddingSnapshot } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (r: OffloadReply) => void; reject: (e: Error) => void }>();

function spawn(): Worker {
  const w = new Worker(new URL('./metrics.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (e: MessageEvent<OffloadReply>) => {
    const job = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if ('error' in e.data) job?.reject(new Error(e.data.error));
    else job?.resolve(e.data);
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

/** Sends one request (its arrays handed over) and waits for the answer. */
function send(request: OffloadRequest, transfer: Transferable[]): Promise<OffloadReply> {
  worker ??= spawn();
  return new Promise<OffloadReply>((resolve, reject) => {
    waiting.set(request.id, { resolve, reject });
    worker!.postMessage(request, transfer);
  });
}

/** True where a worker can start its own worker (every current browser; not Node). */
export const canOffload = (): boolean => typeof Worker !== 'undefined';

/** Evaluates on the metrics worker with the exact path; the arrays are handed over (transferred). */
export async function exactOffThread(emb: Float32Array, labels: Int32Array, n: number, d: number, numClasses: number): Promise<EvalReport> {
  const reply = await send({ id: nextId++, kind: 'exact', emb, labels, n, d, numClasses }, [emb.buffer, labels.buffer]);
  if (!('report' in reply)) throw new Error('the metrics worker answered an evaluation with something else');
  return reply.report;
}

/** Finishes an embedding refresh on the metrics worker; the job's arrays are handed over. */
export async function snapshotOffThread(job: SnapshotJob): Promise<EmbeddingSnapshot> {
  const reply = await send({ id: nextId++, kind: 'snapshot', job }, snapshotJobTransfers(job));
  if (!('snapshot' in reply)) throw new Error('the metrics worker answered a refresh with something else');
  return reply.snapshot;
}
