/**
 * The training worker's state, in one object: the run being built or trained, its configuration,
 * the flags that order the page's commands, the backend and the refreshes. The message handler
 * (commands.ts), the run's life cycle (lifecycle.ts) and the training loop (trainingLoop.ts)
 * all act on the one session the worker holds; here are the reports and refreshes they share.
 */
import * as tf from '@tensorflow/tfjs';
import type { Checkpoint, EvalEmbeddings, StepPoint, Trainer } from '../../ml/trainer';
import type { Config } from '../../state/params';
import { BackendSetup } from './backendSetup';
import type { CollapseWatch } from './collapseWatch';
import type { Faults } from './faults';
import type { AutoChoice, WorkerReport } from '../protocol';
import { Refreshes } from './refreshes';
import { takeTurn, type CpuTurns } from '../cpuTurns';
import { offloadTurns } from '../metrics/metricsOffload';

/** Sends a message to the page: the worker's own `postMessage`. */
export type PostToPage = (msg: unknown, transfer: Transferable[]) => void;

/** The worker's one session: the state of its run and the reports, refreshes and checkpoints it shares. */
export class TrainingSession {
  /** Number of the run being built or trained; stamped on every report. */
  runId = 0;
  config: Config | null = null;
  dataUrl = '';
  faults: Faults = {};
  /** Another run's measured auto choice, taken instead of measuring (B of a comparison takes A's). */
  autoFrom: AutoChoice | null = null;
  readonly backend: BackendSetup;
  run: Trainer | null = null;
  collapse: CollapseWatch | null = null;
  /** The run's state at its latest snapshot, kept on webgpu only: a lost device continues from it. */
  checkpoint: Checkpoint | null = null;
  /** On webgpu, the next step queued while this one's loss is read back (see trainingLoop.ts). */
  ahead: { run: Trainer; point: Promise<StepPoint> } | null = null;
  running = false;
  /** Bumped by every command but play: a loop ends when it changes, so a later play cannot revive it. */
  generation = 0;
  /** Bumped by every init and reset: commands that arrived before the latest one belong to an old run. */
  epoch = 0;
  /** The run cannot continue in this worker (the GPU device was lost and wasm failed too). */
  dead = false;
  /** The loss became non-finite: play and step do nothing until the run is rebuilt. */
  diverged = false;
  /** "Evaluate all" asked for while training: served between two steps, without pausing. */
  fullEvalWanted = false;
  /** The commands, run one after another. */
  chain: Promise<void> = Promise.resolve();
  /** Bumped when the GPU device is lost: commands queued before that are abandoned, errors included. */
  deviceLosses = 0;
  readonly refreshes: Refreshes;
  /** The page's CPU turns and this worker's slot (cpuTurns.ts); null where the page has none. */
  private turns: CpuTurns | null = null;
  /** The turns the metrics worker's jobs take now (the run's, while it trains on a CPU backend). */
  private offloaded: CpuTurns | null = null;

  private readonly channel = new MessageChannel();
  /** Who waits in {@link yieldToEvents}, first come first served: an evaluation's histograms and its retrieval pass may wait at once. */
  private readonly wakers: (() => void)[] = [];

  constructor(private readonly postToPage: PostToPage) {
    this.channel.port1.onmessage = () => this.wakers.shift()?.();
    this.backend = new BackendSetup((msg) => this.post(msg));
    this.refreshes = new Refreshes({
      post: (msg, transfer) => this.post(msg, transfer),
      between: () => this.yieldToEvents(),
      realGpu: () => this.backend.realGpu,
      faults: () => this.faults,
      // Embedded on the metrics worker: a collapse found now pauses the run as a pause command would.
      embedded: (ev) => {
        if (this.running && this.collapsed(ev)) this.halt();
      },
    });
  }

  /** Posts a report about the current run. */
  post(msg: WorkerReport, transfer: Transferable[] = []): void {
    this.postToPage({ ...msg, run: this.runId }, transfer);
  }

  /** Takes the page's CPU turns for this worker's steps and its metrics worker's jobs. */
  useTurns(turns: CpuTurns | null): void {
    this.turns = turns;
  }

  /**
   * Waits for a turn on the CPU for one step, and returns its end. Only a run on a CPU backend
   * (wasm, cpu) takes turns, for its steps and its metrics worker's jobs: a GPU run spends its
   * steps on the device, and its few jobs on the CPU need not wait behind other runs' steps.
   */
  takeTurn(): Promise<() => void> {
    const backend = this.backend.up ? tf.getBackend() : '';
    const turns = backend === 'wasm' || backend === 'cpu' ? this.turns : null;
    if (turns !== this.offloaded) offloadTurns((this.offloaded = turns));
    return takeTurn(turns);
  }

  /** Lets queued messages (pause, …) in between steps; a resolved promise alone would not. Re-entrant. */
  readonly yieldToEvents = (): Promise<void> =>
    new Promise<void>((resolve) => {
      this.wakers.push(resolve);
      this.channel.port2.postMessage(0);
    });

  /** Ends the training loop after the step in flight, for good: a later play starts a new one. */
  halt(): void {
    this.running = false;
    this.generation++;
  }

  /** Tells the page whether the run trains, its step, and whether it finished or diverged. */
  postState(): void {
    const limit = this.config?.steps ?? 0;
    const step = this.run?.step ?? 0;
    const finished = limit > 0 && step >= limit;
    const numTensors = this.backend.up ? tf.memory().numTensors : 0;
    this.post({ type: 'state', running: this.running, step, finished, diverged: this.diverged, numTensors });
  }

  /**
   * Embeds the evaluation set, posts the 2-D view, and the all-pairs metrics when they are due.
   * False when the embedding has collapsed (the run pauses with an explanation).
   */
  async sendSnapshot(): Promise<boolean> {
    if (!this.run || !this.config) return true;
    const ev = await this.refreshes.refresh(this.run, this.config);
    await this.keepCheckpoint();
    return !ev || !this.collapsed(ev);
  }

  /** All-pairs metrics of the run now, on the periodic subsample or every item (`full`). */
  async sendEvaluation(full: boolean): Promise<void> {
    if (this.run && this.config) await this.refreshes.metricsInPlace(this.run, this.config, await this.run.evaluate(this.yieldToEvents), full);
  }

  /** On webgpu, the run's state at this refresh: a lost device continues from it. */
  async keepCheckpoint(): Promise<void> {
    // Only a GPU device can be lost; elsewhere the readback would be wasted.
    if (this.run && tf.getBackend() === 'webgpu') this.checkpoint = await this.run.checkpoint();
  }

  /** True, with the explanation posted, when `ev` shows the run's embedding collapsed (once per run). */
  collapsed(ev: EvalEmbeddings): boolean {
    const verdict = this.collapse?.check(ev);
    if (!verdict) return false;
    this.post({ type: 'notice', level: 'warn', message: `Paused at step ${ev.step}: ${verdict.message}` });
    return true;
  }
}
