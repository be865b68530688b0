/**
 * The own-embeddings worker's jobs, one at a time: a newer job for a slot replaces that slot's
 * older one (a running one is given up by ending the worker; the next job starts a fresh one).
 */
import type { FromOwnWorker, OwnSetData, OwnStage, ToOwnWorker } from '../../worker/own/ownProtocol';
import { REMEMBER_MAX_BYTES, type Slot } from './storage';

/** A job: two files to read, or a remembered set to evaluate again. `started`: when it was asked for (performance.now()). */
export type Job = { slot: Slot; started: number } & (
  | { kind: 'files'; vectors: File; labels: File; roles: 'given' | 'guess'; column: string | null }
  | { kind: 'set'; set: OwnSetData }
);

/** What the queue reports. `busy` null: nothing runs. */
export interface JobEvents {
  busy(b: { slot: Slot; stage: OwnStage; fraction: number } | null): void;
  result(job: Job, msg: Extract<FromOwnWorker, { type: 'result' }>): void;
  failed(job: Job | null, code: string, message: string): void;
}

/** Runs jobs on the own-embeddings worker in order and reports their progress and results. */
export class JobQueue {
  private worker: Worker | null = null;
  private running: (Job & { id: number }) | null = null;
  private queue: Job[] = [];
  private nextId = 1;

  constructor(private readonly on: JobEvents) {}

  /** Adds `job`, replacing any job of its slot. */
  add(job: Job): void {
    this.cancel(job.slot);
    this.queue.push(job);
    this.pump();
  }

  /** Gives up the jobs of `slot` (all jobs when none is named). */
  cancel(slot?: Slot): void {
    this.queue = this.queue.filter((j) => slot !== undefined && j.slot !== slot);
    if (this.running && (slot === undefined || this.running.slot === slot)) {
      this.worker?.terminate();
      this.worker = null;
      this.running = null;
    }
    this.pump();
  }

  private pump(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) return this.on.busy(null);
    const id = this.nextId++;
    this.running = { ...job, id };
    this.on.busy({ slot: job.slot, stage: job.kind === 'files' ? 'reading' : 'evaluating', fraction: 0 });
    const w = (this.worker ??= this.spawn());
    let msg: ToOwnWorker;
    if (job.kind === 'files') {
      msg = { type: 'files', job: id, vectors: job.vectors, labels: job.labels, roles: job.roles, column: job.column, keepUpTo: REMEMBER_MAX_BYTES };
      w.postMessage(msg);
    } else {
      // The arrays read from storage go over without a copy (they are not used here again).
      msg = { type: 'set', job: id, set: job.set };
      w.postMessage(msg, [job.set.data.buffer, job.set.labels.buffer]);
    }
  }

  private spawn(): Worker {
    const w = new Worker(new URL('../../worker/own/ownEmbeddings.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<FromOwnWorker>) => this.receive(e.data);
    w.onerror = (e) => {
      e.preventDefault();
      const job = this.running;
      this.worker?.terminate();
      this.worker = null;
      this.running = null;
      this.on.failed(job, 'internal', `The embeddings worker failed: ${e.message || 'unknown error'}.`);
      this.pump();
    };
    return w;
  }

  private receive(msg: FromOwnWorker): void {
    const job = this.running;
    if (!job || msg.job !== job.id) return;
    if (msg.type === 'progress') return this.on.busy({ slot: job.slot, stage: msg.stage, fraction: msg.fraction });
    this.running = null;
    if (msg.type === 'failed') this.on.failed(job, msg.code, msg.message);
    else this.on.result(job, msg);
    this.pump();
  }
}
