/**
 * Embedding items with a run's model in evaluation mode: what a `Trainer` does at each refresh,
 * and what a copy of its model (src/ml/encoderCopy.ts) does elsewhere — on the metrics worker,
 * from weights read back — with the same ops in the same order, so both give the same numbers.
 */
import * as tf from '@tensorflow/tfjs';
import type { DataSplit, Dataset } from '../data/dataset';
import type { Encoder } from './encoders';
import { l2Rows } from './heads';
import type { Classifier, TrainSpec } from './objectives';
import { scheduleAt } from './schedule';

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

/** What embeds: an encoder and, for losses with class weights, their classifier. */
export interface EmbeddingModel {
  readonly spec: TrainSpec;
  readonly encoder: Encoder;
  readonly classifier: Classifier | null;
}

/** Evaluation runs in chunks so a large set never needs one huge activation tensor. */
const EVAL_CHUNK = 256;

/**
 * Embeds `n` items given row-major in `x` with `model` as it is after `step` steps: their
 * l2-normalised embeddings and, when it has class weights, the class the classifier predicts.
 * `between` runs between chunks: a worker passes a macrotask yield so commands get through.
 */
export async function embedItems(
  model: EmbeddingModel,
  step: number,
  x: Float32Array,
  n: number,
  between?: () => Promise<void>,
): Promise<{ embeddings: Float32Array; predictions: Int32Array | null }> {
  const { alpha } = scheduleAt(step, model.spec);
  const clf = model.classifier;
  const dim = model.spec.dim;
  const size = x.length / Math.max(n, 1);
  const embeddings = new Float32Array(n * dim);
  const predictions = clf ? new Int32Array(n) : null;
  for (let start = 0; start < n; start += EVAL_CHUNK) {
    const count = Math.min(EVAL_CHUNK, n - start);
    const [embT, predT] = tf.tidy(() => {
      const f = model.encoder.apply(tf.tensor2d(x.subarray(start * size, (start + count) * size), [count, size]));
      if (!clf) return [l2Rows(f), null];
      return [l2Rows(clf.feature(f, false)), tf.argMax(clf.logits(f, alpha, false), 1)];
    });
    const [emb, pred] = await Promise.all([embT.data(), predT?.data()]);
    tf.dispose([embT, ...(predT ? [predT] : [])]);
    embeddings.set(emb as Float32Array, start * dim);
    if (pred && predictions) predictions.set(pred as Int32Array, start);
    await between?.();
  }
  return { embeddings, predictions };
}

/** True when a classifier's accuracy means something on `split`: every evaluated class was trained. */
export function closedSetOf(split: DataSplit): boolean {
  const trained = new Set(Array.from(split.train.y));
  return Array.from(split.evaluation.y).every((c) => trained.has(c));
}

/**
 * Embeds the evaluation set and measures nearest-class-weight accuracy (see {@link embedItems});
 * `closedSet` from {@link closedSetOf}.
 */
export async function embedEvaluation(
  model: EmbeddingModel,
  step: number,
  evaluation: Dataset,
  closedSet: boolean,
  between?: () => Promise<void>,
): Promise<EvalEmbeddings> {
  const clf = model.classifier;
  const { embeddings, predictions } = await embedItems(model, step, evaluation.x, evaluation.n, between);
  let correct = 0;
  if (predictions) for (let i = 0; i < evaluation.n; i++) if (predictions[i] === evaluation.y[i]) correct++;
  let weights: Float32Array = new Float32Array(0);
  if (clf) {
    const wT = tf.tidy(() => l2Rows(clf.weightRows()));
    weights = (await wT.data()) as Float32Array;
    wT.dispose();
  }
  const accuracy = clf && closedSet ? correct / evaluation.n : null;
  return { step, dim: model.spec.dim, n: evaluation.n, embeddings, labels: evaluation.y, weights, accuracy };
}

/** Every variable embedding reads, in one fixed order: the encoder's, the classifier's, its state. */
export function embeddingVariables(model: EmbeddingModel): tf.Variable[] {
  const clf = model.classifier;
  return [...model.encoder.variables, ...(clf ? [...clf.variables, ...clf.state] : [])];
}
