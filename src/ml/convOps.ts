/**
 * Convolution and pooling that every tfjs backend can differentiate, fast on wasm. tfjs-wasm has
 * the Conv2D, Conv2DBackpropInput, MaxPool and MaxPoolGrad kernels (XNNPACK) but no
 * Conv2DBackpropFilter, so the filter's gradient is itself a convolution (see
 * {@link conv2dFilterGrad}). The same code runs on every backend, so a run means the same
 * computation whichever backend executes it. (An earlier im2col of 25 shifted slices and a
 * reshape-and-max pooling spent ~90% of a CNN step in slice, concat and broadcast kernels.)
 */
import * as tf from '@tensorflow/tfjs';

/**
 * The filter gradient of a 'same', stride-1 convolution as one 'valid' convolution: channels
 * become the batch and the batch becomes channels, dy is the filter.
 * dW[i, j, c, f] = Σ_b Σ_h Σ_w xPadded[b, h + i, w + j, c] · dy[b, h, w, f].
 */
export function conv2dFilterGrad(x: tf.Tensor4D, dy: tf.Tensor4D, k: number): tf.Tensor4D {
  return tf.tidy(() => {
    const p = (k - 1) / 2;
    const xt = tf.transpose(tf.pad(x, [[0, 0], [p, p], [p, p], [0, 0]]), [3, 1, 2, 0]) as tf.Tensor4D; // [C, H+2p, W+2p, B]
    const filter = tf.transpose(dy, [1, 2, 0, 3]) as tf.Tensor4D; // [H, W, B, F]
    return tf.transpose(tf.conv2d(xt, filter, 1, 'valid'), [1, 2, 0, 3]) as tf.Tensor4D; // [C, k, k, F] → [k, k, C, F]
  });
}

/** The custom-gradient convolution; with `inputGrad` false, x's gradient is zeros (x is data). */
function convSame(inputGrad: boolean) {
  return tf.customGrad((...args: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const [x, kernel, save] = args as [tf.Tensor4D, tf.Tensor4D, tf.GradSaveFunc];
    save([x, kernel]);
    return {
      value: tf.conv2d(x, kernel, 1, 'same'),
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [xs, ks] = saved as [tf.Tensor4D, tf.Tensor4D];
        const dx = inputGrad ? tf.conv2dTranspose(dy as tf.Tensor4D, ks, xs.shape, 1, 'same') : tf.zerosLike(xs);
        return [dx, conv2dFilterGrad(xs, dy as tf.Tensor4D, ks.shape[0])];
      },
    };
  }) as unknown as (x: tf.Tensor4D, kernel: tf.Tensor4D) => tf.Tensor4D;
}
const convWithInputGrad = convSame(true);
const convOfData = convSame(false);

/**
 * 'same'-padded, stride-1 2-D convolution: x [B, H, W, C] with kernel [k, k, C, F] → [B, H, W, F]
 * (odd k). Equals `tf.conv2d(x, kernel, 1, 'same')`, gradients included — but when `xIsData`
 * (the network's input, which nothing trains), x's gradient is left out (zeros): tfjs's custom
 * gradients are computed eagerly, and that one would cost as much as the filter's.
 */
export function conv2dSame(x: tf.Tensor4D, kernel: tf.Tensor4D, xIsData = false): tf.Tensor4D {
  return (xIsData ? convOfData : convWithInputGrad)(x, kernel);
}

/** 2×2 max-pooling with stride 2 of x [B, H, W, C] (H, W even) → [B, H/2, W/2, C]. */
export function maxPool2x2(x: tf.Tensor4D): tf.Tensor4D {
  return tf.maxPool(x, 2, 2, 'valid');
}
