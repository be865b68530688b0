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
import { closedSetOf, embedEvaluation, embeddingVariables, embedItems, type EmbeddingModel, type EvalEmbeddings } from './embedding';
import { createObjective, type Classifier, type Objective, type TrainSpec } from './objectives';
import type { PairOps } from './ops/pairOps';
import { tfjsPairOps } from './ops/tfjsPairOps';
import { scheduleAt } from './schedule';
import { itemSizeOf } from './objectives/batching';

export type { TrainSpec } from './objectives';
export type { EvalEmbeddings } from './embedding';

/** One finished training step. */
export interface StepPoint {
  /** Number of steps done after this one (1 for the first). */
  step: number;
  loss: number;
  alpha: number;
  lr: number;
}

/**
 * A run's learned state read back to the CPU (weights and Adam's moments), so a run can go on
 * on another backend — after a lost GPU device — from where it was.
 */
export interface Checkpoint {
  step: number;
  /** Encoder then objective variables, then the untrained state (`Trainer.stateVariables`). */
  variables: Float32Array[];
  /** Adam's iteration count and moments, in `getWeights` order. */
  optimizer: { name: string; shape: number[]; dtype: tf.DataType; values: Float32Array | Int32Array }[];
}

export class Trainer implements EmbeddingModel {
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

  /** Embeds `n` items given row-major in `x` with the model as it is now (see {@link embedItems}). */
  embed(x: Float32Array, n: number, between?: () => Promise<void>): Promise<{ embeddings: Float32Array; predictions: Int32Array | null }> {
    return embedItems(this, this.stepsDone, x, n, between);
  }

  /** Embeds the evaluation set and measures nearest-class-weight accuracy (see {@link embedEvaluation}). */
  evaluate(between?: () => Promise<void>): Promise<EvalEmbeddings> {
    return embedEvaluation(this, this.stepsDone, this.split.evaluation, closedSetOf(this.split), between);
  }

  /** The values of every variable embedding reads, for an {@link EncoderCopy} (asynchronously: never dataSync on webgpu). */
  readEmbeddingVariables(): Promise<Float32Array[]> {
    return Promise.all(this.stateVariables.map(async (v) => (await v.data()) as Float32Array));
  }

  /** The classifier, for losses with class weights ({@link EmbeddingModel}). */
  get classifier(): Classifier | null {
    return this.objective.classifier;
  }

  /** What the optimiser trains: the encoder's variables, then the objective's. */
  private get allVariables(): tf.Variable[] {
    return [...this.encoder.variables, ...this.objective.variables];
  }

  /**
   * Every variable of the run's state, as checkpoints and model files hold them: the trained ones,
   * then what evaluation reads but the optimiser does not train (BN's running statistics).
   */
  get stateVariables(): tf.Variable[] {
    return embeddingVariables(this);
  }

  /** Reads the run's state back (asynchronously: never dataSync on webgpu). */
  async checkpoint(): Promise<Checkpoint> {
    const variables = await Promise.all(this.stateVariables.map(async (v) => (await v.data()) as Float32Array));
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
   * A checkpoint without the untrained state (a model file saved before it was kept) leaves that
   * state as a fresh run has it.
   */
  async restore(cp: Checkpoint): Promise<void> {
    tf.tidy(() => this.stateVariables.forEach((v, i) => i < cp.variables.length && v.assign(tf.tensor(cp.variables[i], v.shape))));
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
