/**
 * Negatives of a pair batch from its labels (SPEC "Batches"): in class mode (i, j) is a negative
 * iff y_i ≠ y_j — same-class off-diagonal entries are neither positive nor negative; in instance
 * mode every off-diagonal entry is one. Counts come from the labels on the CPU; the mask is built
 * on the device from a label tensor, so no N×N array crosses to the GPU.
 */
import * as tf from '@tensorflow/tfjs';
import type { Negatives } from './pairOps';

export type PairMode = 'class' | 'instance';

/** The negatives of N pairs whose query i and document i share label `labels[i]`. */
export function pairNegatives(labels: Int32Array, mode: PairMode): Negatives {
  const n = labels.length;
  const rowCount = new Int32Array(n);
  if (mode === 'instance') rowCount.fill(Math.max(0, n - 1));
  else {
    const perClass = new Map<number, number>();
    for (const y of labels) perClass.set(y, (perClass.get(y) ?? 0) + 1);
    for (let i = 0; i < n; i++) rowCount[i] = n - perClass.get(labels[i])!;
  }
  const total = rowCount.reduce((a, b) => a + b, 0);
  const mask = tf.tidy(() => {
    if (mode === 'instance') return tf.sub(1, tf.eye(n)) as tf.Tensor2D;
    const y = tf.tensor1d(labels, 'int32');
    return tf.cast(tf.notEqual(tf.reshape(y, [n, 1]), tf.reshape(y, [1, n])), 'float32') as tf.Tensor2D;
  });
  return { mask, rowCount, total };
}
