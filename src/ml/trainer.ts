/**
 * One training run: encoder + softmax head + Adam, fed by a seeded sampler. Framework-free (no DOM,
 * no worker API) so the worker drives it in the browser and unit tests drive it in Node.
 *
 * Reproducibility: weights come from `seed`, data order from `dataSeed`; both are consumed only
 * here, so the same spec on the same backend gives the same loss curve.
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../data/rng';
import type { DataSplit, Dataset } from '../data/dataset';
import { ShuffleSampler } from '../data/samplers';
import { createEncoder, type Encoder, type EncoderKind } from './encoders';
import { createSoftmaxHead, l2Rows, type HeadKind, type SoftmaxHead } from './heads';
import { softmaxCrossEntropy } from './losses/softmax';
import { scheduleAt, type ScheduleSpec } from './schedule';

/** What a run needs from the configuration (the app's Config satisfies it structurally). */
export interface TrainSpec extends ScheduleSpec {
  model: EncoderKind;
  dim: number;
  head: HeadKind;
  batch: number;
  seed: number;
  dataSeed: number;
}

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
  /** M × dim class weights, rows l2-normalised. */
  weights: Float32Array;
  /** Nearest-class-weight accuracy when the evaluation classes were trained on, else null. */
  accuracy: number | null;
}

/** Rows `indices` of a dataset's features, packed for a batch tensor. */
function gatherRows(ds: Dataset, indices: Int32Array, size: number): Float32Array {
  const out = new Float32Array(indices.length * size);
  for (let r = 0; r < indices.length; r++) out.set(ds.x.subarray(indices[r] * size, (indices[r] + 1) * size), r * size);
  return out;
}

/** Evaluation runs in chunks so a large set never needs one huge activation tensor. */
const EVAL_CHUNK = 512;

export class Trainer {
  readonly encoder: Encoder;
  readonly head: SoftmaxHead;
  private readonly optimizer: tf.AdamOptimizer;
  private readonly sampler: ShuffleSampler;
  private readonly itemSize: number;
  private stepsDone = 0;

  constructor(
    readonly spec: TrainSpec,
    readonly split: DataSplit,
  ) {
    const { train } = split;
    this.itemSize = train.itemShape.reduce((a, b) => a * b, 1);
    const initRng = new Rng(spec.seed);
    this.encoder = createEncoder(spec.model, train.itemShape, spec.dim, initRng);
    this.head = createSoftmaxHead(spec.head, spec.dim, train.numClasses, initRng);
    this.optimizer = tf.train.adam(spec.lr);
    this.sampler = new ShuffleSampler(train.n, Math.min(spec.batch, train.n), new Rng(spec.dataSeed));
  }

  /** Steps done so far. */
  get step(): number {
    return this.stepsDone;
  }

  /** Runs one optimisation step and reads its loss back (asynchronously: never dataSync on webgpu). */
  async trainStep(): Promise<StepPoint> {
    const { alpha, lr } = scheduleAt(this.stepsDone, this.spec);
    // Adam reads its learning rate at every update, so heating-up can lower it mid-run.
    (this.optimizer as unknown as { learningRate: number }).learningRate = lr;
    const idx = this.sampler.next();
    const labels = Int32Array.from(idx, (i) => this.split.train.y[i]);
    const lossT = tf.tidy(() => {
      const x = tf.tensor2d(gatherRows(this.split.train, idx, this.itemSize), [idx.length, this.itemSize]);
      const y = tf.tensor1d(labels, 'int32');
      const vars = [...this.encoder.variables, ...this.head.variables];
      return this.optimizer.minimize(
        () => softmaxCrossEntropy(this.head.logits(this.encoder.apply(x), alpha, true), y),
        true,
        vars,
      ) as tf.Scalar;
    });
    const loss = (await lossT.data())[0];
    lossT.dispose();
    this.stepsDone++;
    return { step: this.stepsDone, loss, alpha, lr };
  }

  /** Embeds the evaluation set (in evaluation mode) and measures nearest-class-weight accuracy. */
  async evaluate(): Promise<EvalEmbeddings> {
    const ev = this.split.evaluation;
    const { alpha } = scheduleAt(this.stepsDone, this.spec);
    const trained = new Set(Array.from(this.split.train.y));
    const closedSet = Array.from(ev.y).every((c) => trained.has(c));
    const embeddings = new Float32Array(ev.n * this.spec.dim);
    let correct = 0;
    for (let start = 0; start < ev.n; start += EVAL_CHUNK) {
      const idx = Int32Array.from({ length: Math.min(EVAL_CHUNK, ev.n - start) }, (_, i) => start + i);
      const [embT, predT] = tf.tidy(() => {
        const x = tf.tensor2d(gatherRows(ev, idx, this.itemSize), [idx.length, this.itemSize]);
        const f = this.encoder.apply(x);
        return [l2Rows(this.head.feature(f, false)), tf.argMax(this.head.logits(f, alpha, false), 1)];
      });
      const [emb, pred] = await Promise.all([embT.data(), predT.data()]);
      tf.dispose([embT, predT]);
      embeddings.set(emb as Float32Array, start * this.spec.dim);
      for (let r = 0; r < idx.length; r++) if (pred[r] === ev.y[start + r]) correct++;
    }
    const wT = tf.tidy(() => l2Rows(this.head.weightRows()));
    const weights = (await wT.data()) as Float32Array;
    wT.dispose();
    return {
      step: this.stepsDone,
      dim: this.spec.dim,
      n: ev.n,
      embeddings,
      labels: ev.y,
      weights,
      accuracy: closedSet ? correct / ev.n : null,
    };
  }

  /** Frees every tensor this run holds. */
  dispose(): void {
    tf.dispose(this.encoder.variables);
    this.head.dispose();
    this.optimizer.dispose();
  }
}
