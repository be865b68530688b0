/**
 * The softmax classifier heads of the HU paper (SPEC "Softmax classifier with temperature"):
 * - sm: z = Wᵀf + b, nothing normalised (the baseline, α unused);
 * - ln: z_m = α·⟨f̂, ŵ_m⟩, no bias;
 * - bn: z_m = α·⟨BN(f)/√k, ŵ_m⟩, BN with batch statistics in training and running ones in
 *   evaluation, no learned scale or shift; k is the embedding size.
 */
import * as tf from '@tensorflow/tfjs';
import type { Rng } from '../data/rng';
import { glorotUniform } from './init';

export type HeadKind = 'sm' | 'ln' | 'bn';

/** BN's variance epsilon and running-statistics momentum. */
const BN_EPS = 1e-5;
const BN_MOMENTUM = 0.9;

/** l2-normalises the rows of x, with SPEC's ε = 1e-12 under the root. */
export function l2Rows(x: tf.Tensor2D): tf.Tensor2D {
  return tf.div(x, tf.sqrt(tf.add(tf.sum(tf.square(x), 1, true), 1e-12)));
}

/** A softmax classifier over `numClasses` classes on top of an embedding. */
export interface SoftmaxHead {
  readonly kind: HeadKind;
  /** Trainable variables (class weights, and the bias for sm). */
  readonly variables: tf.Variable[];
  /** What evaluation reads but the optimiser does not train: BN's running mean and variance. */
  readonly state: tf.Variable[];
  /** Logits [B, M]. `training` selects BN's batch statistics (and updates the running ones). */
  logits(f: tf.Tensor2D, alpha: number, training: boolean): tf.Tensor2D;
  /** The feature the classifier compares with the weights, before l2 normalisation. */
  feature(f: tf.Tensor2D, training: boolean): tf.Tensor2D;
  /** Class weights as rows [M, d]. */
  weightRows(): tf.Tensor2D;
  dispose(): void;
}

/** Creates a head with seeded Glorot-uniform class weights W [d, M]. */
export function createSoftmaxHead(kind: HeadKind, dim: number, numClasses: number, rng: Rng): SoftmaxHead {
  const w = glorotUniform(rng, [dim, numClasses], dim, numClasses);
  const [b, runMean, runVar] = tf.tidy(() => [
    tf.variable(tf.zeros([numClasses]), true),
    tf.variable(tf.zeros([dim]), false),
    tf.variable(tf.ones([dim]), false),
  ]);

  const batchNorm = (f: tf.Tensor2D, training: boolean): tf.Tensor2D => {
    let mean: tf.Tensor = runMean;
    let variance: tf.Tensor = runVar;
    if (training) {
      // The running averages are assigned, not differentiated: assign() is not taped.
      const m = tf.moments(f, 0);
      mean = m.mean;
      variance = m.variance;
      runMean.assign(tf.add(tf.mul(runMean, BN_MOMENTUM), tf.mul(mean, 1 - BN_MOMENTUM)));
      runVar.assign(tf.add(tf.mul(runVar, BN_MOMENTUM), tf.mul(variance, 1 - BN_MOMENTUM)));
    }
    return tf.div(tf.sub(f, mean), tf.sqrt(tf.add(variance, BN_EPS)));
  };

  const feature = (f: tf.Tensor2D, training: boolean): tf.Tensor2D =>
    kind === 'bn' ? tf.div(batchNorm(f, training), Math.sqrt(dim)) : f;

  return {
    kind,
    variables: kind === 'sm' ? [w, b] : [w],
    state: kind === 'bn' ? [runMean, runVar] : [],
    feature,
    logits(f, alpha, training) {
      if (kind === 'sm') return tf.add(tf.matMul(f, w as tf.Tensor2D), b);
      const g = feature(f, training);
      const gn = kind === 'ln' ? l2Rows(g) : g;
      const wHat = tf.transpose(l2Rows(tf.transpose(w) as tf.Tensor2D)) as tf.Tensor2D;
      return tf.mul(tf.matMul(gn, wHat), alpha);
    },
    weightRows: () => tf.transpose(w) as tf.Tensor2D,
    dispose: () => tf.dispose([w, b, runMean, runVar]),
  };
}
