/**
 * The loss benchmark's work: one forward + backward pass of the similarity matrix, the
 * cross-example (global) top-k and the CENM loss, for N pairs of d-dimensional embeddings.
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../../src/data/rng';
import { crossExampleLoss } from '../../src/ml/losses/crossExample';
import { pairNegatives } from '../../src/ml/ops/negatives';
import type { PairOps } from '../../src/ml/ops/pairOps';
import { l2NormalizePadWgsl, l2NormalizeRows, scaledProductWgsl } from '../../src/ml/kernels/similarity/similarity';
import { flushAndWait } from '../../src/ml/kernels/program';

/** Seeded inputs: N queries, N documents, labels over 10 classes (as MNIST), in class mode. */
export function pairInputs(n: number, d: number, seed = 1) {
  const rng = new Rng(seed);
  const rand = () => Float32Array.from({ length: n * d }, () => rng.normal());
  return { q: rand(), doc: rand(), labels: Int32Array.from({ length: n }, () => rng.int(10)) };
}

/** One forward + backward of CENM (λ = 20, ρ = 0.5) with `ops`; awaits the gradients' checksum. */
export async function cenmStep(ops: PairOps, inputs: ReturnType<typeof pairInputs>, n: number, d: number): Promise<number> {
  const out = tf.tidy(() => {
    const q = tf.tensor2d(inputs.q, [n, d]);
    const doc = tf.tensor2d(inputs.doc, [n, d]);
    const neg = pairNegatives(inputs.labels, 'class');
    const loss = (a: tf.Tensor, b: tf.Tensor) => crossExampleLoss('cenm', ops, ops.scaledCosine(a as tf.Tensor2D, b as tf.Tensor2D, 20), neg, 0.5);
    const { value, grads } = tf.valueAndGrads(loss)([q, doc]);
    return tf.addN([value, tf.sum(grads[0]), tf.sum(grads[1])]);
  });
  const v = (await out.data())[0];
  out.dispose();
  return v;
}

/**
 * The N×N×d product alone (2·N²·d flops), inputs already l2-normalised on the GPU: our WGSL kernel
 * (`wgsl`) or tf.matMul (`tfjs`). Returns a function that runs it once and waits for the GPU.
 */
export function productOnly(kind: 'wgsl' | 'tfjs', inputs: ReturnType<typeof pairInputs>, n: number, d: number): { once: () => Promise<void>; dispose: () => void } {
  const [a, b] = tf.tidy(() => {
    const q = tf.tensor2d(inputs.q, [n, d]);
    const doc = tf.tensor2d(inputs.doc, [n, d]);
    return kind === 'wgsl' ? [l2NormalizePadWgsl(q), l2NormalizePadWgsl(doc)] : [l2NormalizeRows(q), l2NormalizeRows(doc)];
  });
  return {
    async once() {
      const s = kind === 'wgsl' ? scaledProductWgsl(a, b, 20) : tf.matMul(a, b, false, true);
      await flushAndWait();
      s.dispose();
    },
    dispose: () => tf.dispose([a, b]),
  };
}
