import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { Rng } from '../data/rng';
import { conv2dFilterGrad, conv2dSame, maxPool2x2 } from './convOps';
import { useCpuBackend } from './ml.testkit';

beforeAll(useCpuBackend);

const rand = (rng: Rng, shape: number[]) => tf.tensor(Array.from({ length: shape.reduce((a, b) => a * b) }, () => rng.normal()), shape);
const maxDiff = async (a: tf.Tensor, b: tf.Tensor) => (await tf.max(tf.abs(tf.sub(a, b))).data())[0];

describe('conv and pool that every backend differentiates', () => {
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
    // The network's input: the same kernel gradient, and no gradient for the data.
    const [dx, dk] = tf.grads((a: tf.Tensor, b: tf.Tensor) => tf.sum(tf.mul(conv2dSame(a as tf.Tensor4D, b as tf.Tensor4D, true), r)))([x, k]);
    expect(await maxDiff(dk, nk)).toBeLessThan(1e-3);
    expect((await tf.max(tf.abs(dx)).data())[0]).toBe(0);
  });

  it('conv2dFilterGrad agrees with central finite differences of a float64 convolution', async () => {
    const rng = new Rng(3);
    const [b, h, w, c, f, k] = [2, 5, 4, 2, 3, 3];
    const xv = Array.from({ length: b * h * w * c }, () => rng.normal());
    const rv = Array.from({ length: b * h * w * f }, () => rng.normal());
    const at = (i: number, y: number, x: number, ch: number) => (y < 0 || y >= h || x < 0 || x >= w ? 0 : xv[((i * h + y) * w + x) * c + ch]);
    // L(W) = Σ r ⊙ conv_same(x, W), in float64.
    const loss = (kv: number[]) => {
      let s = 0;
      for (let i = 0; i < b; i++) for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let o = 0; o < f; o++) {
        let v = 0;
        for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) for (let ch = 0; ch < c; ch++) v += at(i, y + dy - 1, x + dx - 1, ch) * kv[((dy * k + dx) * c + ch) * f + o];
        s += v * rv[((i * h + y) * w + x) * f + o];
      }
      return s;
    };
    const kv = Array.from({ length: k * k * c * f }, () => rng.normal());
    const numeric = kv.map((_, j) => {
      const e = 1e-4;
      const plus = [...kv];
      const minus = [...kv];
      plus[j] += e;
      minus[j] -= e;
      return (loss(plus) - loss(minus)) / (2 * e);
    });
    const g = await conv2dFilterGrad(tf.tensor4d(xv, [b, h, w, c]), tf.tensor4d(rv, [b, h, w, f]), k).data();
    expect(g.length).toBe(numeric.length);
    numeric.forEach((v, j) => expect(Math.abs(g[j] - v)).toBeLessThan(1e-3 * Math.max(1, Math.abs(v))));
  });

  it('on tfjs-wasm, conv2dSame and maxPool2x2 give the cpu backend’s values and gradients', async () => {
    const rng = new Rng(2);
    const xv = rand(rng, [2, 8, 6, 3]);
    const kv = rand(rng, [5, 5, 3, 4]);
    const rv = rand(rng, [2, 4, 3, 4]);
    const both = async () => {
      const x = tf.tensor4d(await xv.data(), [2, 8, 6, 3]);
      const k = tf.tensor4d(await kv.data(), [5, 5, 3, 4]);
      const r = tf.tensor(await rv.data(), rv.shape);
      const f = (a: tf.Tensor, b: tf.Tensor) => tf.sum(tf.mul(maxPool2x2(tf.relu(conv2dSame(a as tf.Tensor4D, b as tf.Tensor4D)) as tf.Tensor4D), r));
      const { value, grads } = tf.valueAndGrads(f)([x, k]);
      return [await value.data(), await grads[0].data(), await grads[1].data()].map((a) => Array.from(a));
    };
    const cpu = await both();
    expect(await tf.setBackend('wasm')).toBe(true);
    const wasm = await both();
    await tf.setBackend('cpu');
    for (const [i, part] of wasm.entries()) part.forEach((v, j) => expect(Math.abs(v - cpu[i][j])).toBeLessThan(1e-3 * Math.max(1, Math.abs(cpu[i][j]))));
  });
});
