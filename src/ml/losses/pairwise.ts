/**
 * Pair-based baselines on sphere distances (SPEC "Margin losses"): contrastive over all pairs of a
 * batch and batch-hard triplet. Semantics exactly as `reference/margin.ts`; distances
 * d = sqrt(max(0, 2 − 2c)) between l2-normalised embeddings (SPEC "Notation").
 */
import * as tf from '@tensorflow/tfjs';
import { l2Rows } from '../heads';

/** Contrastive margin on sphere distance (SPEC leaves it open; d = 1 ⇔ c = 0.5). */
export const CONTRASTIVE_MARGIN = 1;
/** Batch-hard triplet margin (SPEC). */
export const TRIPLET_MARGIN = 0.2;

/**
 * Floor under 2 − 2c inside the square root. d = sqrt(x) has an infinite derivative at x = 0
 * (identical embeddings), which would make the gradient ∞ or NaN; with the floor it is finite
 * and d ≥ 1e-6. Cost: a distance below 1e-6 reads as 1e-6 (and has zero gradient) — far below
 * float32's own resolution of d near 0 (c has ulp 6e-8, so d is only known to ~3e-4 there).
 */
const DIST_FLOOR = 1e-12;

/**
 * A scalar 0 that still depends on f (gradient zero): tf.grad and optimizer.minimize throw when
 * the loss is not connected to the variables, so an empty loss must stay on the tape.
 */
function connectedZero(f: tf.Tensor): tf.Scalar {
  return tf.mul(tf.sum(f), 0);
}

/** Cosines [N, N] of the batch against itself. */
function selfCosines(f: tf.Tensor2D): tf.Tensor2D {
  const fHat = l2Rows(f);
  return tf.matMul(fHat, fHat, false, true);
}

/** Sphere distances from cosines, with the floor of DIST_FLOOR under the root. */
function sphereDistances(c: tf.Tensor2D): tf.Tensor2D {
  return tf.sqrt(tf.maximum(DIST_FLOOR, tf.sub(2, tf.mul(c, 2)))) as tf.Tensor2D;
}

/**
 * Label equality [N, N] as float 0/1, built on the device from the labels. Arithmetic
 * (1 − step|y_i − y_j|) rather than tf.equal: tfjs-wasm's broadcasting comparisons are slow, and
 * float32 holds integer labels exactly up to 2^24.
 */
function sameLabel(labels: Int32Array): tf.Tensor2D {
  const y = tf.tensor1d(Float32Array.from(labels));
  const n = labels.length;
  return tf.sub(1, tf.step(tf.abs(tf.sub(tf.reshape(y, [n, 1]), tf.reshape(y, [1, n]))))) as tf.Tensor2D;
}

/**
 * Contrastive loss: over all unordered pairs i < j, positives (same label) cost d² — written as
 * 2 − 2c, which needs no square root — negatives max(0, margin − d)²; the MEAN over the
 * N(N−1)/2 pairs. N < 2 gives 0 (with a zero gradient).
 */
export function contrastiveLoss(f: tf.Tensor2D, labels: Int32Array, margin: number = CONTRASTIVE_MARGIN): tf.Scalar {
  const n = f.shape[0];
  if (labels.length !== n) throw new Error(`contrastiveLoss: ${n} rows but ${labels.length} labels`);
  return tf.tidy(() => {
    if (n < 2) return connectedZero(f);
    const c = selfCosines(f);
    const same = sameLabel(labels);
    const idx = tf.range(0, n, 1, 'float32');
    const upper = tf.step(tf.sub(tf.reshape(idx, [1, n]), tf.reshape(idx, [n, 1]))); // [i < j]
    const posCost = tf.sub(2, tf.mul(c, 2));
    const negCost = tf.square(tf.relu(tf.sub(margin, sphereDistances(c))));
    // Both costs are finite (the floor), so the 0/1 blend passes no NaN and each gets a zero
    // gradient where the other is used.
    const cost = tf.add(tf.mul(same, posCost), tf.mul(tf.sub(1, same), negCost));
    return tf.div(tf.sum(tf.mul(cost, upper)), (n * (n - 1)) / 2) as tf.Scalar;
  });
}

/**
 * Batch-hard triplet loss: for every anchor with ≥ 1 positive (another item of its label) and
 * ≥ 1 negative, max(0, max_pos d − min_neg d + margin); the MEAN over those anchors, 0 (with a
 * zero gradient) when there is none. Anchors without a positive or a negative are skipped.
 */
export function tripletBatchHardLoss(f: tf.Tensor2D, labels: Int32Array, margin: number = TRIPLET_MARGIN): tf.Scalar {
  const n = f.shape[0];
  if (labels.length !== n) throw new Error(`tripletBatchHardLoss: ${n} rows but ${labels.length} labels`);
  // Which anchors count, from the label counts on the CPU (O(N)).
  const perClass = new Map<number, number>();
  for (const y of labels) perClass.set(y, (perClass.get(y) ?? 0) + 1);
  const valid = Float32Array.from(labels, (y) => (perClass.get(y)! >= 2 && perClass.get(y)! < n ? 1 : 0));
  const validCount = valid.reduce((a, b) => a + b, 0);
  return tf.tidy(() => {
    if (validCount === 0) return connectedZero(f);
    const d = sphereDistances(selfCosines(f));
    const same = sameLabel(labels);
    const pos = tf.sub(same, tf.eye(n));
    // Fillers outside each set lie beyond every distance in [0, 2]: −1 for the max, 4 for the min
    // (d·m + filler·(1 − m) is exact for a 0/1 mask m).
    const hardPos = tf.max(tf.add(tf.mul(pos, d), tf.sub(pos, 1)), 1);
    const hardNeg = tf.min(tf.add(tf.mul(tf.sub(1, same), d), tf.mul(same, 4)), 1);
    const hinge = tf.relu(tf.add(tf.sub(hardPos, hardNeg), margin));
    return tf.div(tf.sum(tf.mul(hinge, tf.tensor1d(valid))), validCount) as tf.Scalar;
  });
}
