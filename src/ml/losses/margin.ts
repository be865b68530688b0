/**
 * Margin-softmax logits of the baselines (SPEC "Margin losses"): ArcFace and CosFace. Both
 * compare l2-normalised embeddings with l2-normalised class weights; the caller applies
 * `softmaxCrossEntropy` (./softmax.ts) to the logits.
 */
import * as tf from '@tensorflow/tfjs';
import { l2Rows } from '../heads';

/** ArcFace defaults (SPEC: s = 64 diverges on small models, so s = 16, m = 0.3 rad). */
export const ARC_DEFAULTS = { s: 16, m: 0.3 } as const;
/** CosFace defaults: m = 0.35 is the CosFace paper's usual value, s = 16 the same small-model scale. */
export const COS_DEFAULTS = { s: 16, m: 0.35 } as const;

/**
 * Floor under 1 − c² in ArcFace's sin θ = sqrt(1 − c²). The exact formula has an infinite
 * derivative at c = ±1 (and ∞·0 = NaN in the backward pass); with the floor the gradient stays
 * finite (≤ 1e6 in |d sin θ/dc|). Cost: where 1 − c² < 1e-12, z_y is off by at most
 * s·sin m·1e-6 (≈ 5e-6 at the defaults) and its derivative along sin θ is 0 instead of ∞.
 */
const SIN_FLOOR = 1e-12;

/** Cosines [B, M] between the rows of f [B, d] and the columns of w [d, M], both l2-normalised. */
function classCosines(f: tf.Tensor2D, w: tf.Tensor2D): tf.Tensor2D {
  const wHat = tf.div(w, tf.sqrt(tf.add(tf.sum(tf.square(w), 0, true), 1e-12)));
  return tf.matMul(l2Rows(f), wHat);
}

/**
 * ArcFace logits [B, M]: z_y = s·cos(θ_y + m) = s·(c·cos m − sin θ·sin m) with
 * sin θ = sqrt(max(1e-12, 1 − c²)) (see SIN_FLOOR; no "easy margin" fallback, as the reference),
 * z_{m≠y} = s·cos θ_m. f [B, d] embeddings, w [d, M] class weights (columns = classes),
 * labels int32 [B].
 */
export function arcFaceLogits(f: tf.Tensor2D, w: tf.Tensor2D, labels: tf.Tensor1D, s: number, m: number): tf.Tensor2D {
  return tf.tidy(() => {
    const c = classCosines(f, w);
    const onehot = tf.oneHot(labels, w.shape[1]) as tf.Tensor2D;
    // Only the target cosine gets the margin, so the square root is taken on [B] values only.
    const cy = tf.sum(tf.mul(c, onehot), 1);
    const sin = tf.sqrt(tf.maximum(SIN_FLOOR, tf.sub(1, tf.square(cy))));
    const target = tf.sub(tf.mul(cy, Math.cos(m)), tf.mul(sin, Math.sin(m)));
    // z = s·c everywhere, then the target entry moved from s·c_y to s·cos(θ_y + m).
    const shift = tf.mul(onehot, tf.reshape(tf.sub(target, cy), [-1, 1]));
    return tf.mul(tf.add(c, shift), s) as tf.Tensor2D;
  });
}

/**
 * CosFace logits [B, M]: z_y = s·(cos θ_y − m), z_{m≠y} = s·cos θ_m. Same inputs as
 * {@link arcFaceLogits}.
 */
export function cosFaceLogits(f: tf.Tensor2D, w: tf.Tensor2D, labels: tf.Tensor1D, s: number, m: number): tf.Tensor2D {
  return tf.tidy(() => {
    const c = classCosines(f, w);
    const onehot = tf.oneHot(labels, w.shape[1]);
    return tf.mul(tf.sub(c, tf.mul(onehot, m)), s) as tf.Tensor2D;
  });
}
