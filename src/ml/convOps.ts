/**
 * Convolution and pooling from ops whose gradients every tfjs backend has. tfjs-wasm registers no
 * Conv2DBackpropFilter (nor max-pool backprop), so the CNN is built from shifted slices of the
 * padded input (im2col) and one matMul, and pooling from a reshape and a max. The same code runs
 * on every backend, so a run means the same computation whichever backend executes it.
 */
import * as tf from '@tensorflow/tfjs';

/**
 * 'same'-padded, stride-1 2-D convolution: x [B, H, W, C] with kernel [k, k, C, F] → [B, H, W, F].
 * Equals `tf.conv2d(x, kernel, 1, 'same')` (odd k).
 */
export function conv2dSame(x: tf.Tensor4D, kernel: tf.Tensor4D): tf.Tensor4D {
  const [b, h, w, c] = x.shape;
  const [k, , , f] = kernel.shape;
  const p = (k - 1) / 2;
  const padded = tf.pad(x, [[0, 0], [p, p], [p, p], [0, 0]]);
  const patches: tf.Tensor4D[] = [];
  for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) patches.push(tf.slice(padded, [0, dy, dx, 0], [b, h, w, c]));
  // Patch order (dy, dx, c) matches the kernel's [k, k, C, F] layout flattened to [k·k·C, F].
  const cols = tf.reshape(tf.concat(patches, 3), [b * h * w, k * k * c]) as tf.Tensor2D;
  return tf.reshape(tf.matMul(cols, tf.reshape(kernel, [k * k * c, f]) as tf.Tensor2D), [b, h, w, f]) as tf.Tensor4D;
}

/** 2×2 max-pooling with stride 2 of x [B, H, W, C] (H, W even) → [B, H/2, W/2, C]. */
export function maxPool2x2(x: tf.Tensor4D): tf.Tensor4D {
  const [b, h, w, c] = x.shape;
  const blocks = tf.reshape(x, [b, h / 2, 2, w / 2, 2, c]);
  return tf.max(tf.max(blocks, 4), 2) as tf.Tensor4D;
}
