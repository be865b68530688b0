import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../data/rng';
import { conv2dSame, maxPool2x2 } from './convOps';
import { useCpuBackend } from './testing';

beforeAll(useCpuBackend);

const rand = (rng: Rng, shape: number[]) => tf.tensor(Array.from({ length: shape.reduce((a, b) => a * b) }, () => rng.normal()), shape);
const maxDiff = async (a: tf.Tensor, b: tf.Tensor) => (await tf.max(tf.abs(tf.sub(a, b))).data())[0];

describe('composite conv and pool (for backends without their gradients)', () => {
  it("conv2dSame equals tf.conv2d(…, 'same') in value and in both gradients", async () => {
    const rng = new Rng(1);
    const x = rand(rng, [2, 8, 6, 3]) as tf.Tensor4D;
    const k = rand(rng, [5, 5, 3, 4]) as tf.Tensor4D;
    const r = rand(rng, [2, 8, 6, 4]);
    expect(await maxDiff(conv2dSame(x, k), tf.conv2d(x, k, 1, 'same'))).toBeLessThan(1e-4);
    const ours = tf.grads((a: tf.Tensor, b: tf.Tensor) => tf.sum(tf.mul(conv2dSame(a as tf.Tensor4D, b as tf.Tensor4D), r)));
    const native = tf.grads((a: tf.Tensor, b: tf.Tensor) => tf.sum(tf.mul(tf.conv2d(a as tf.Tensor4D, b as tf.Tensor4D, 1, 'same'), r)));
    const [gx, gk] = ours([x, k]);
    const [nx, nk] = native([x, k]);
    expect(await maxDiff(gx, nx)).toBeLessThan(1e-4);
    expect(await maxDiff(gk, nk)).toBeLessThan(1e-3);
  });

  it('maxPool2x2 equals tf.maxPool(2, 2) in value and gradient', async () => {
    const rng = new Rng(2);
    const x = rand(rng, [2, 6, 4, 3]) as tf.Tensor4D;
    const r = rand(rng, [2, 3, 2, 3]);
    expect(await maxDiff(maxPool2x2(x), tf.maxPool(x, 2, 2, 'valid'))).toBe(0);
    const g1 = tf.grad((a: tf.Tensor) => tf.sum(tf.mul(maxPool2x2(a as tf.Tensor4D), r)))(x);
    const g2 = tf.grad((a: tf.Tensor) => tf.sum(tf.mul(tf.maxPool(a as tf.Tensor4D, 2, 2, 'valid'), r)))(x);
    expect(await maxDiff(g1, g2)).toBeLessThan(1e-6);
  });
});
