/**
 * Softmax cross-entropy for the classifier heads, written with a log-sum-exp (which subtracts the
 * row maximum) so large scales α do not overflow.
 */
import * as tf from '@tensorflow/tfjs';

/** Mean over the batch of −log softmax(z)_y. `labels` are int32 class indices [B]. */
export function softmaxCrossEntropy(logits: tf.Tensor2D, labels: tf.Tensor1D): tf.Scalar {
  const numClasses = logits.shape[1];
  const picked = tf.sum(tf.mul(logits, tf.oneHot(labels, numClasses)), 1);
  return tf.mean(tf.sub(tf.logSumExp(logits, 1), picked));
}
