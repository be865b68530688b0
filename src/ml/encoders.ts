/**
 * Small encoders that map an input item to an embedding f ∈ R^dim: an MLP for any input, and a
 * LeNet-like CNN for 28×28 images (HU's MNIST figure uses a LeNet-like CNN). Plain tfjs ops on
 * explicit variables — no tf.layers — so initialisation is seeded and the code reads top to bottom.
 */
import * as tf from '@tensorflow/tfjs';
import type { Rng } from '../data/rng';
import { heUniform, glorotUniform, zeros } from './init';
import { conv2dSame, maxPool2x2 } from './convOps';

export type EncoderKind = 'mlp' | 'cnn';

/** A trainable map from a batch of flattened items [B, itemSize] to embeddings [B, dim]. */
export interface Encoder {
  /** What actually runs (a CNN asked for on non-image data falls back to the MLP). */
  readonly kind: EncoderKind;
  readonly variables: tf.Variable[];
  apply(x: tf.Tensor2D): tf.Tensor2D;
}

interface Dense {
  w: tf.Variable;
  b: tf.Variable;
}

function dense(rng: Rng, fanIn: number, fanOut: number, relu: boolean): Dense {
  const w = relu
    ? heUniform(rng, [fanIn, fanOut], fanIn)
    : glorotUniform(rng, [fanIn, fanOut], fanIn, fanOut);
  return { w, b: zeros([fanOut]) };
}

const applyDense = (x: tf.Tensor2D, l: Dense) => tf.add(tf.matMul(x, l.w as tf.Tensor2D), l.b) as tf.Tensor2D;

/** Hidden widths of the MLP: wide for images, small for 2-D toy points. */
export function mlpWidths(itemSize: number): number[] {
  return itemSize > 16 ? [256, 128] : [64, 64];
}

function createMlp(itemSize: number, dim: number, rng: Rng): Encoder {
  const widths = [itemSize, ...mlpWidths(itemSize), dim];
  const layers = widths.slice(1).map((out, i) => dense(rng, widths[i], out, i < widths.length - 2));
  return {
    kind: 'mlp',
    variables: layers.flatMap((l) => [l.w, l.b]),
    apply: (x) =>
      layers.reduce((h, l, i) => {
        const z = applyDense(h, l);
        return i < layers.length - 1 ? tf.relu(z) : z;
      }, x),
  };
}

function createCnn(rows: number, cols: number, dim: number, rng: Rng): Encoder {
  // Small on purpose, for single-threaded wasm: 5×5·8, then 3×3·16 (~0.1 s a step at batch 128).
  const c1 = 8;
  const c2 = 16;
  const k1 = heUniform(rng, [5, 5, 1, c1], 25);
  const b1 = zeros([c1]);
  const k2 = heUniform(rng, [3, 3, c1, c2], 9 * c1);
  const b2 = zeros([c2]);
  const flat = (rows / 4) * (cols / 4) * c2;
  const fc = dense(rng, flat, 128, true);
  const out = dense(rng, 128, dim, false);
  return {
    kind: 'cnn',
    variables: [k1, b1, k2, b2, fc.w, fc.b, out.w, out.b],
    apply: (x) => {
      const img = tf.reshape(x, [-1, rows, cols, 1]) as tf.Tensor4D;
      const h1 = maxPool2x2(tf.relu(tf.add(conv2dSame(img, k1 as tf.Tensor4D, true), b1)) as tf.Tensor4D);
      const h2 = maxPool2x2(tf.relu(tf.add(conv2dSame(h1, k2 as tf.Tensor4D), b2)) as tf.Tensor4D);
      const h = tf.reshape(h2, [-1, flat]) as tf.Tensor2D;
      return applyDense(tf.relu(applyDense(h, fc)), out);
    },
  };
}

/**
 * Builds an encoder with weights drawn from `rng`.
 * @param itemShape shape of one item: [28, 28, 1] for images, [2] for toy points.
 */
export function createEncoder(kind: EncoderKind, itemShape: number[], dim: number, rng: Rng): Encoder {
  const itemSize = itemShape.reduce((a, b) => a * b, 1);
  if (kind === 'cnn' && itemShape.length === 3 && itemShape[0] % 4 === 0 && itemShape[1] % 4 === 0) return createCnn(itemShape[0], itemShape[1], dim, rng);
  return createMlp(itemSize, dim, rng);
}
