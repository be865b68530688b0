/**
 * The training worker's refreshes: at each `evalEvery` step the evaluation set is embedded, its
 * view (src/worker/training/snapshot.ts) is posted, and at each `metricsEvery` step its all-pairs metrics.
 * Where a second worker can start, the arithmetic of both runs there (metricsOffload.ts) while
 * training goes on — on wasm the embedding too, from the weights; the answers are posted in step
 * order, and only if their run still is.
 */
import * as tf from '@tensorflow/tfjs';
import { closedSetOf } from '../../ml/embedding';
import type { Trainer, EvalEmbeddings } from '../../ml/trainer';
import type { Config } from '../../state/params';
import { EXACT_UP_TO, evaluateSubset, type WebgpuAdapter } from '../../eval/evaluateSubset';
import { canOffload, embedOffThread, exactOffThread, modelOffThread, snapshotOffThread } from '../metrics/metricsOffload';
import { buildSnapshot, gradientAlpha, hasInputPlane, prepareSnapshot, snapshotTransfers } from './snapshot';
import type { WorkerReport } from '../protocol';
import type { EvalReport } from '../../eval/report';
import type { Faults } from './faults';

/** What the refreshes need from the worker that owns the run. */
export interface RefreshHost {
  post(msg: WorkerReport, transfer?: Transferable[]): void;
  /** Lets queued messages in (see the worker's yieldToEvents). */
  between(): Promise<void>;
  /** WebGPU on a real GPU adapter (picks the binned evaluation's path). */
  realGpu(): boolean;
  /** The embeddings of a refresh embedded on the metrics worker, when they are back (the collapse check). */
  embedded(ev: EvalEmbeddings): void;
  /** The test-only faults asked for (src/worker/training/faults.ts). */
  faults(): Faults;
}

/** Jobs on the metrics worker beyond which training waits (the series keeps every point, lags little). */
const MAX_BEHIND = 4;

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class Refreshes {
  /** Jobs still on the metrics worker; work done in place waits for them (order). */
  private backlog: Promise<void>[] = [];
  /** Bumped by every new run, not when a run goes on on wasm after a lost device (the same run). */
  private lineage = 0;
  /** The run whose model the metrics worker has (see {@link embedsOffThread}). */
  private modelSent: Trainer | null = null;
  /** False once embedding on the metrics worker failed: refreshes are embedded here from then on. */
  private embedElsewhere = true;

  constructor(private readonly host: RefreshHost) {}

  /** On webgpu, whether the adapter is a real GPU (the WGSL kernel bins) or a CPU fallback (plain JS does). */
  private webgpuAdapter(): WebgpuAdapter {
    return tf.getBackend() !== 'webgpu' ? null : this.host.realGpu() ? 'gpu' : 'fallback';
  }

  /** A new run begins: answers still due for the previous one are dropped. */
  newRun(): void {
    this.lineage++;
  }

  /**
   * Embeds the evaluation set of `run`, posts its view, and its metrics when they are due; returns
   * the embeddings (for the collapse check), or null when they are made on the metrics worker (they
   * go to the host's `embedded` when back). The run's last step is finished in place, so a finished
   * run shows its final view and metrics.
   */
  async refresh(run: Trainer, config: Config): Promise<EvalEmbeddings | null> {
    const offload = canOffload() && run.step !== config.steps;
    while (offload && this.backlog.length >= MAX_BEHIND) await this.backlog[0];
    const metricsDue = config.metricsEvery > 0 && run.step % config.metricsEvery === 0;
    const exactElsewhere = offload && Math.min(config.evalItems, run.split.evaluation.n) <= EXACT_UP_TO;
    if (offload && this.embedsOffThread(run) && (!metricsDue || exactElsewhere)) {
      await this.embedInBackground(run, config, metricsDue);
      return null;
    }
    const ev = await run.evaluate(this.host.between);
    if (offload) await this.viewInBackground(run, ev);
    else await this.viewInPlace(run, ev);
    if (metricsDue) {
      if (exactElsewhere) this.metricsInBackground(run, config, ev);
      else await this.metricsInPlace(run, config, ev, false);
    }
    return ev;
  }

  /**
   * Whether `run`'s refreshes are embedded on the metrics worker: on wasm (whose numbers a wasm copy
   * there repeats exactly), where embedding costs (not the input plane's 2-D points, cheap to embed).
   */
  private embedsOffThread(run: Trainer): boolean {
    return this.embedElsewhere && tf.getBackend() === 'wasm' && !hasInputPlane(run);
  }

  /** The view of `ev` made here, posted after those still on the metrics worker. */
  async viewInPlace(run: Trainer, ev: EvalEmbeddings): Promise<void> {
    const snapshot = await buildSnapshot(run, ev, this.host.between);
    await Promise.all(this.backlog);
    this.host.post({ type: 'snapshot', snapshot }, snapshotTransfers(snapshot));
  }

  /** All-pairs metrics of `ev` on the periodic subsample, or on every item (`full`), made here. */
  async metricsInPlace(run: Trainer, config: Config, ev: EvalEmbeddings, full: boolean): Promise<void> {
    const { post } = this.host;
    post({ type: 'evalProgress', fraction: 0 });
    try {
      const report = await evaluateSubset(ev, full ? ev.n : config.evalItems, full, run.split.evaluation.numClasses, this.webgpuAdapter(), this.host.between, (fraction) =>
        post({ type: 'evalProgress', fraction: Math.min(fraction, 0.999) }),
      );
      await Promise.all(this.backlog);
      post({ type: 'evaluation', step: ev.step, full, report });
    } catch (err) {
      // The panel must not stay "evaluating": end the progress, then report the reason.
      post({ type: 'evalProgress', fraction: 1 });
      throw err;
    }
  }

  private async viewInBackground(run: Trainer, ev: EvalEmbeddings): Promise<void> {
    const owner = this.lineage;
    const job = await prepareSnapshot(run, ev, this.host.between);
    this.queue(
      snapshotOffThread(job).then(
        (snapshot) => owner === this.lineage && this.host.post({ type: 'snapshot', snapshot }, snapshotTransfers(snapshot)),
        (err: unknown) => owner === this.lineage && this.host.post({ type: 'notice', level: 'warn', message: `The view at step ${ev.step} failed: ${reason(err)}` }),
      ),
    );
  }

  /** Sends `run`'s weights to the metrics worker, which embeds this refresh and evaluates it when due. */
  private async embedInBackground(run: Trainer, config: Config, metricsDue: boolean): Promise<void> {
    const { post } = this.host;
    const [owner, step, { evaluation, train }] = [this.lineage, run.step, run.split];
    if (this.modelSent !== run) {
      modelOffThread({ spec: run.spec, itemShape: train.itemShape, numClasses: train.numClasses, evaluation, closedSet: closedSetOf(run.split) });
      this.modelSent = run;
    }
    const metrics = metricsDue ? { items: config.evalItems, numClasses: evaluation.numClasses } : null;
    const variables = await run.readEmbeddingVariables();
    if (this.host.faults().embedFailsAtStep === step) variables.length = 0;
    const { view, report } = embedOffThread({ step, variables, ...gradientAlpha(run, step), metrics });
    this.queue(
      view.then(
        ({ snapshot, embeddings }) => {
          if (owner !== this.lineage) return;
          post({ type: 'snapshot', snapshot }, snapshotTransfers(snapshot));
          const { dim } = run.spec;
          this.host.embedded({ step, dim, n: evaluation.n, embeddings, labels: evaluation.y, weights: new Float32Array(0), accuracy: snapshot.classifierAccuracy });
        },
        (err: unknown) => {
          // Say why once, and embed the next refreshes here.
          this.embedElsewhere = false;
          if (owner === this.lineage) post({ type: 'notice', level: 'warn', message: `The view at step ${step} failed on the metrics worker (${reason(err)}); the next views are embedded on the training thread.` });
        },
      ),
    );
    // A refresh that could not be embedded has no evaluation either: its view's notice says why.
    if (report) this.reportInBackground(step, report, () => this.embedElsewhere);
  }

  private metricsInBackground(run: Trainer, config: Config, ev: EvalEmbeddings): void {
    const job = evaluateSubset(ev, config.evalItems, false, run.split.evaluation.numClasses, this.webgpuAdapter(), this.host.between, () => {}, exactOffThread);
    this.reportInBackground(ev.step, job);
  }

  /** Posts the report of step `step` when the metrics worker has it (progress shown meanwhile); `speak`: whether a failure gets a notice. */
  private reportInBackground(step: number, job: Promise<EvalReport>, speak = () => true): void {
    const { post } = this.host;
    const owner = this.lineage;
    post({ type: 'evalProgress', fraction: 0 });
    this.queue(
      job.then(
        (report) => post(owner === this.lineage ? { type: 'evaluation', step, full: false, report } : { type: 'evalProgress', fraction: 1 }),
        (err: unknown) => {
          post({ type: 'evalProgress', fraction: 1 });
          if (owner === this.lineage && speak()) post({ type: 'notice', level: 'warn', message: `The evaluation at step ${step} failed: ${reason(err)}` });
        },
      ),
    );
  }

  private queue(job: Promise<unknown>): void {
    const done = job.then(() => {});
    this.backlog.push(done);
    void done.finally(() => (this.backlog = this.backlog.filter((j) => j !== done)));
  }
}
