/**
 * Work off the training worker's thread: a second worker (nested in the training one) runs the
 * periodic all-pairs evaluation on SPEC's exact path and the arithmetic of each embedding refresh
 * while training goes on, so on a machine with two or more cores they cost the run almost no
 * steps. On wasm it also embeds the evaluation set itself, with a copy of the model whose weights
 * are sent at each refresh (the embedding is the largest part of a refresh). Jobs are answered in
 * the order they were sent. Both sides import the message types from here.
 */
import type { Dataset } from '../../data/dataset';
import type { EvalReport } from '../../eval/report';
import type { TrainSpec } from '../../ml/trainer';
import type { EmbeddingSnapshot } from '../protocol';
import { snapshotJobTransfers, type SnapshotJob } from '../training/snapshotView';
import type { CpuTurns } from '../cpuTurns';

/** The model a run embeds with, sent once per run before its first `embed` (no answer). */
export interface ModelMessage {
  kind: 'model';
  spec: TrainSpec;
  /** The training set's item shape and class count (the encoder's and class head's shapes). */
  itemShape: number[];
  numClasses: number;
  evaluation: Dataset;
  /** Whether the classifier's accuracy applies (every evaluated class was trained). */
  closedSet: boolean;
}

/** A refresh embedded on the metrics worker: the model's variables at `step`, and what else the view needs. */
export interface EmbedJob extends Pick<SnapshotJob, 'step' | 'gradientAlpha' | 'gradientNote'> {
  /** Values of the run's embedding variables (src/ml/embedding.ts `embeddingVariables` order). */
  variables: Float32Array[];
  /** The periodic all-pairs evaluation of this refresh (its subsample size), when it is due. */
  metrics: { items: number; numClasses: number } | null;
}

/** What the metrics worker is asked: an exact evaluation of a subsample, a refresh's view, or a refresh to embed. */
export type OffloadRequest =
  | { id: number; kind: 'exact'; emb: Float32Array; labels: Int32Array; n: number; d: number; numClasses: number }
  | { id: number; kind: 'snapshot'; job: SnapshotJob }
  | ({ id: number; kind: 'embed'; metricsId: number | null } & EmbedJob)
  | ModelMessage
  /** The page's CPU turns, which its jobs wait for (the training worker's slot); no answer. */
  | { kind: 'turns'; turns: CpuTurns | null };

/** An embedded refresh's view, and its embeddings for the training worker's collapse check. */
export interface EmbedAnswer {
  snapshot: EmbeddingSnapshot;
  embeddings: Float32Array;
}

/** Its answer: the report or the snapshot, or why there is none. */
export type OffloadReply =
  | { id: number; report: EvalReport }
  | { id: number; snapshot: EmbeddingSnapshot }
  | ({ id: number } & EmbedAnswer)
  | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 0;
/** The turns the metrics worker's jobs take (sent again to a worker started later). */
let turns: CpuTurns | null = null;
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
  w.postMessage({ kind: 'turns', turns } satisfies OffloadRequest);
  return w;
}

/** The answer with this id, when it comes. */
const answer = (id: number) => new Promise<OffloadReply>((resolve, reject) => waiting.set(id, { resolve, reject }));

/** Sends one request (the arrays in `transfer` handed over) and waits for the answer. */
function send(request: Extract<OffloadRequest, { id: number }>, transfer: Transferable[]): Promise<OffloadReply> {
  worker ??= spawn();
  const reply = answer(request.id);
  worker.postMessage(request, transfer);
  return reply;
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

/** The page's CPU turns (cpuTurns.ts) for the metrics worker's jobs: its evaluations and refreshes compute in turns. */
export function offloadTurns(t: CpuTurns | null): void {
  turns = t;
  worker?.postMessage({ kind: 'turns', turns } satisfies OffloadRequest);
}

/** Tells the metrics worker which model the next `embedOffThread` jobs embed with (its arrays are copied). */
export function modelOffThread(model: Omit<ModelMessage, 'kind'>): void {
  worker ??= spawn();
  worker.postMessage({ kind: 'model', ...model } satisfies ModelMessage);
}

/**
 * Embeds a refresh on the metrics worker with the model last sent: its view (and embeddings), and
 * the report of its all-pairs evaluation when `job.metrics` asks for one — after the view.
 */
export function embedOffThread(job: EmbedJob): { view: Promise<EmbedAnswer>; report: Promise<EvalReport> | null } {
  const id = nextId++;
  const metricsId = job.metrics ? nextId++ : null;
  const report =
    metricsId === null
      ? null
      : answer(metricsId).then((reply) => {
          if (!('report' in reply)) throw new Error('the metrics worker answered an evaluation with something else');
          return reply.report;
        });
  const view = send({ id, kind: 'embed', metricsId, ...job }, []).then((reply) => {
    if (!('embeddings' in reply)) throw new Error('the metrics worker answered a refresh with something else');
    return reply;
  });
  return { view, report };
}
