/**
 * One training run: an encoder, the objective of the chosen loss, and Adam. Framework-free (no
 * DOM, no worker API) so the worker drives it in the browser and unit tests drive it in Node.
 *
 * Reproducibility: weights come from `seed`, batches from `dataSeed`; both are consumed only
 * here, so the same spec on the same backend gives the same loss curve.
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../data/rng';
import type { DataSplit } from '../data/dataset';
import { createEncoder, type Encoder } from './encoders';
import { l2Rows } from './heads';
import { createObjective, type Objective, type TrainSpec } from './objectives';
import type { PairOps } from './ops/pairOps';
import { tfjsPairOps } from './ops/tfjsPairOps';
import { scheduleAt } from './schedule';
import { itemSizeOf } from './objectives/batching';

export type { TrainSpec } from './objectives';

/** One finished training step. */
export interface StepPoint {
  /** Number of steps done after this one (1 for the first). */
  step: number;
  loss: number;
  alpha: number;
  lr: number;
}

/** Evaluation-set embeddings and class weights, l2-normalised, plus the evaluation accuracy. */
export interface EvalEmbeddings {
  step: number;
  dim: number;
  n: number;
  /** n × dim, rows l2-normalised. */
  embeddings: Float32Array;
  labels: Int32Array;
  /** M × dim class weights, rows l2-normalised (empty when the loss learns none). */
  weights: Float32Array;
  /** Nearest-class-weight accuracy when the loss has class weights for the evaluated classes, else null. */
  accuracy: number | null;
}

/**
 * A run's learned state read back to the CPU (weights and Adam's moments), so a run can go on
 * on another backend — after a lost GPU device — from where it was.
 */
export interface Checkpoint {
  step: number;
  /** Encoder then objective variables, in their order. */
  variables: Float32Array[];
  /** Adam's iteration count and moments, in `getWeights` order. */
  optimizer: { name: string; shape: number[]; dtype: tf.DataType; values: Float32Array | Int32Array }[];
}

/** Evaluation runs in chunks so a large set never needs one huge activation tensor. */
const EVAL_CHUNK = 256;

export class Trainer {
  readonly encoder: Encoder;
  readonly objective: Objective;
  private readonly optimizer: tf.AdamOptimizer;
  private stepsDone = 0;

  /** @param ops the similarity/selection kernels to use (our WGSL ones on webgpu, composite tfjs elsewhere). */
  constructor(
    readonly spec: TrainSpec,
    readonly split: DataSplit,
    readonly ops: PairOps = tfjsPairOps,
  ) {
    const initRng = new Rng(spec.seed);
    this.encoder = createEncoder(spec.model, split.train.itemShape, spec.dim, initRng);
    this.objective = createObjective(spec, split, initRng, new Rng(spec.dataSeed), ops);
    this.optimizer = tf.train.adam(spec.lr);
  }

  /** Steps done so far. */
  get step(): number {
    return this.stepsDone;
  }

  /** Runs one optimisation step and reads its loss back (asynchronously: never dataSync on webgpu). */
  trainStep(): Promise<StepPoint> {
    return this.queueStep();
  }

  /**
   * Queues one optimisation step — the step counts as done now — and starts reading its loss back;
   * the point resolves when the loss arrives. On webgpu the caller can queue the next step before
   * awaiting this one, so the GPU never idles while the CPU waits for a readback.
   */
  queueStep(): Promise<StepPoint> {
    const { alpha, lr } = scheduleAt(this.stepsDone, this.spec);
    // Adam reads its learning rate at every update, so heating-up can lower it mid-run.
    (this.optimizer as unknown as { learningRate: number }).learningRate = lr;
    const batch = this.objective.next();
    const size = itemSizeOf(this.split.train);
    const lossT = tf.tidy(() => {
      const x = tf.tensor2d(batch.inputs, [batch.count, size]);
      return this.optimizer.minimize(() => this.objective.loss(this.encoder.apply(x), batch, alpha), true, this.allVariables) as tf.Scalar;
    });
    const step = ++this.stepsDone;
    return lossT.data().then(
      (v) => {
        lossT.dispose();
        return { step, loss: v[0], alpha, lr };
      },
      (e: unknown) => {
        lossT.dispose();
        throw e;
      },
    );
  }

  /**
   * Embeds `n` items given row-major in `x` (in evaluation mode, in chunks): their l2-normalised
   * embeddings and, when the loss has class weights, the class the classifier predicts.
   * `between` runs between chunks: the worker passes a macrotask yield so commands get through.
   */
  async embed(x: Float32Array, n: number, between?: () => Promise<void>): Promise<{ embeddings: Float32Array; predictions: Int32Array | null }> {
    const { alpha } = scheduleAt(this.stepsDone, this.spec);
    const clf = this.objective.classifier;
    const size = x.length / Math.max(n, 1);
    const embeddings = new Float32Array(n * this.spec.dim);
    const predictions = clf ? new Int32Array(n) : null;
    for (let start = 0; start < n; start += EVAL_CHUNK) {
      const count = Math.min(EVAL_CHUNK, n - start);
      const [embT, predT] = tf.tidy(() => {
        const f = this.encoder.apply(tf.tensor2d(x.subarray(start * size, (start + count) * size), [count, size]));
        if (!clf) return [l2Rows(f), null];
        return [l2Rows(clf.feature(f, false)), tf.argMax(clf.logits(f, alpha, false), 1)];
      });
      const [emb, pred] = await Promise.all([embT.data(), predT?.data()]);
      tf.dispose([embT, ...(predT ? [predT] : [])]);
      embeddings.set(emb as Float32Array, start * this.spec.dim);
      if (pred && predictions) predictions.set(pred as Int32Array, start);
      await between?.();
    }
    return { embeddings, predictions };
  }

  /** Embeds the evaluation set and measures nearest-class-weight accuracy (see {@link embed}). */
  async evaluate(between?: () => Promise<void>): Promise<EvalEmbeddings> {
    const ev = this.split.evaluation;
    const clf = this.objective.classifier;
    const trained = new Set(Array.from(this.split.train.y));
    const closedSet = clf !== null && Array.from(ev.y).every((c) => trained.has(c));
    const { embeddings, predictions } = await this.embed(ev.x, ev.n, between);
    let correct = 0;
    if (predictions) for (let i = 0; i < ev.n; i++) if (predictions[i] === ev.y[i]) correct++;
    let weights: Float32Array = new Float32Array(0);
    if (clf) {
      const wT = tf.tidy(() => l2Rows(clf.weightRows()));
      weights = (await wT.data()) as Float32Array;
      wT.dispose();
    }
    return { step: this.stepsDone, dim: this.spec.dim, n: ev.n, embeddings, labels: ev.y, weights, accuracy: closedSet ? correct / ev.n : null };
  }

  private get allVariables(): tf.Variable[] {
    return [...this.encoder.variables, ...this.objective.variables];
  }

  /** Reads the run's state back (asynchronously: never dataSync on webgpu). */
  async checkpoint(): Promise<Checkpoint> {
    const variables = await Promise.all(this.allVariables.map(async (v) => (await v.data()) as Float32Array));
    const named = await this.optimizer.getWeights();
    const optimizer = await Promise.all(
      named.map(async ({ name, tensor }) => ({ name, shape: tensor.shape, dtype: tensor.dtype, values: (await tensor.data()) as Float32Array | Int32Array })),
    );
    // getWeights makes a fresh tensor for the iteration count; the moments are the optimizer's own.
    named[0]?.tensor.dispose();
    return { step: this.stepsDone, variables, optimizer };
  }

  /**
   * Puts a checkpoint of the same configuration into this fresh run, and draws (and drops) the
   * batches it had already used, so the batches that follow are the ones the run would have seen.
   */
  async restore(cp: Checkpoint): Promise<void> {
    tf.tidy(() => this.allVariables.forEach((v, i) => v.assign(tf.tensor(cp.variables[i], v.shape))));
    if (cp.optimizer.length > 0) {
      const named = cp.optimizer.map(({ name, shape, dtype, values }) => ({ name, tensor: tf.tensor(values, shape, dtype) }));
      await this.optimizer.setWeights(named);
      tf.dispose(named.map((n) => n.tensor));
      exactAdamCorrections(this.optimizer, cp.step);
    }
    for (let i = 0; i < cp.step; i++) this.objective.next();
    this.stepsDone = cp.step;
  }

  /** Frees every tensor this run holds. */
  dispose(): void {
    tf.dispose(this.encoder.variables);
    this.objective.dispose();
    this.optimizer.dispose();
  }
}

/**
 * tfjs's `Adam.setWeights` sets its bias corrections to β^(t+1) with `pow`, which can differ in the
 * last bit from the running product β·β·…·β that t steps accumulate (measured on cpu: 15 of 25
 * restored runs then trained differently). This sets them to that product, computed in float32
 * as the steps compute it, so a restored run trains bit for bit like the original. It reaches
 * into Adam's fields (as named in tfjs 4.22) and does nothing if they are not there.
 */
function exactAdamCorrections(optimizer: tf.Optimizer, iterations: number): void {
  const o = optimizer as unknown as { beta1?: number; beta2?: number; accBeta1?: unknown; accBeta2?: unknown };
  const { beta1, beta2, accBeta1, accBeta2 } = o;
  if (typeof beta1 !== 'number' || typeof beta2 !== 'number' || !(accBeta1 instanceof tf.Variable) || !(accBeta2 instanceof tf.Variable)) return;
  const power = (beta: number) => {
    const b = Math.fround(beta);
    let acc = b;
    for (let i = 0; i < iterations; i++) acc = Math.fround(acc * b);
    return acc;
  };
  tf.tidy(() => {
    accBeta1.assign(tf.scalar(power(beta1)));
    accBeta2.assign(tf.scalar(power(beta2)));
  });
}
