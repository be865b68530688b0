/**
 * The composite ops and losses on tfjs-wasm (the backend a user without a GPU gets): every
 * forward op and every gradient they need must exist there (tfjs-wasm lacks some gradient
 * kernels), and the results must match the cpu backend, which the other tests hold to the float64
 * references. Masks must match exactly, ties included.
 */
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { tfjsPairOps as ops } from './tfjsPairOps';
import { pairNegatives } from './negatives';
import { rowTopKCounts, topKCount } from './topk';
import { crossExampleLoss } from '../losses/crossExample';
import { arcFaceLogits, cosFaceLogits } from '../losses/margin';
import { softmaxCrossEntropy } from '../losses/softmax';
import { contrastiveLoss, tripletBatchHardLoss } from '../losses/pairwise';
import { tcmLoss } from '../losses/tcm';
import { l2Rows } from '../heads';
import { Rng } from '../../data/rng';
import { randomMatrix } from '../ml.testkit';

/** Values and gradients of every op and loss on the current backend, keyed by name. */
async function everything(): Promise<Record<string, number[]>> {
  const rng = new Rng(1);
  const n = 33;
  const d = 8;
  const out: Record<string, number[]> = {};
  const read = async (name: string, ts: tf.Tensor[]) => {
    out[name] = (await Promise.all(ts.map((t) => t.data()))).flatMap((a) => Array.from(a));
    tf.dispose(ts);
  };
  const Q = tf.tensor2d(randomMatrix(rng, n, d));
  const D = tf.tensor2d(randomMatrix(rng, n, d));
  const W = tf.tensor2d(randomMatrix(rng, d, 5));
  const y = Int32Array.from({ length: n }, () => rng.int(5));
  const yt = tf.tensor1d(y, 'int32');
  const ints = tf.tensor2d(Array.from({ length: n }, () => Array.from({ length: n }, () => rng.int(5) - 2)));
  const neg = pairNegatives(y, 'class');
  for (const kind of ['ssm', 'snm', 'ces', 'cenm'] as const) {
    const { value, grads } = tf.valueAndGrads((q, dd) =>
      crossExampleLoss(kind, ops, ops.scaledCosine(q as tf.Tensor2D, dd as tf.Tensor2D, 20), neg, 0.5),
    )([Q, D]);
    await read(kind, [value, ...grads]);
  }
  for (const rho of [0.3, 1]) {
    await read(`rowMask ρ=${rho}`, [ops.rowTopKMask(ints as tf.Tensor2D, neg, rowTopKCounts(rho, neg.rowCount))]);
    await read(`globalMask ρ=${rho}`, [ops.globalTopKMask(ints as tf.Tensor2D, neg, topKCount(rho, neg.total))]);
  }
  for (const [name, logits] of [
    ['arcface', arcFaceLogits],
    ['cosface', cosFaceLogits],
  ] as const) {
    const { value, grads } = tf.valueAndGrads((f, w) => softmaxCrossEntropy(logits(f as tf.Tensor2D, w as tf.Tensor2D, yt, 16, 0.3), yt))([Q, W]);
    await read(name, [value, ...grads]);
  }
  const selfCos = (f: tf.Tensor2D): tf.Tensor2D => tf.matMul(l2Rows(f), l2Rows(f), false, true);
  const embeddingLosses: [string, (f: tf.Tensor2D) => tf.Scalar][] = [
    ['contrastive', (f) => contrastiveLoss(f, y)],
    ['triplet', (f) => tripletBatchHardLoss(f, y)],
    ['tcm self', (f) => tcmLoss(selfCos(f), y, y, { mode: 'self' })],
    ['tcm cross', (f) => tcmLoss(tf.matMul(l2Rows(f), l2Rows(D), false, true), y, y, { mode: 'cross', marginNeg: 0.2 })],
  ];
  for (const [name, loss] of embeddingLosses) {
    const { value, grad } = tf.valueAndGrad((f: tf.Tensor) => loss(f as tf.Tensor2D))(Q);
    await read(name, [value, grad]);
  }
  tf.dispose([Q, D, W, yt, ints, neg.mask]);
  return out;
}

describe('tfjsPairOps and the losses on tfjs-wasm', () => {
  it('run forward and backward on wasm and agree with the cpu backend', async () => {
    await tf.setBackend('cpu');
    const cpu = await everything();
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    expect(await tf.setBackend('wasm')).toBe(true);
    expect(tf.getBackend()).toBe('wasm');
    const before = tf.memory().numTensors;
    const wasm = await everything();
    expect(tf.memory().numTensors).toBe(before);
    for (const name of Object.keys(cpu)) {
      if (name.includes('Mask')) {
        expect(wasm[name], name).toEqual(cpu[name]);
        continue;
      }
      // Different summation orders (XNNPACK): relative to the larger of |value| and 1e-3.
      cpu[name].forEach((v, i) => expect(Math.abs(v - wasm[name][i]) / Math.max(1e-3, Math.abs(v)), name).toBeLessThan(1e-3));
    }
  });
});
