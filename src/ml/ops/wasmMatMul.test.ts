/**
 * The replacement BatchMatMul on tfjs-wasm (every transposed operand materialised, then the plain
 * XNNPACK product) must give the products and gradients of the cpu backend for every combination
 * of transposes, 2-D and batched, and must really be installed.
 */
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { installWasmMatMul } from './wasmMatMul';
import { Rng } from '../../data/rng';

const rng = new Rng(5);
const rand = (shape: number[]) => Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => rng.normal());
const CASES: Array<{ a: number[]; b: number[]; tA: boolean; tB: boolean }> = [];
for (const tA of [false, true]) for (const tB of [false, true]) {
  CASES.push({ a: tA ? [37, 23] : [23, 37], b: tB ? [19, 37] : [37, 19], tA, tB });
  CASES.push({ a: tA ? [3, 11, 7] : [3, 7, 11], b: tB ? [3, 5, 11] : [3, 11, 5], tA, tB });
}
const data = CASES.map((c) => ({ a: rand(c.a), b: rand(c.b), dy: null as number[] | null }));

/** Each case's product and the gradients of Σ w ⊙ product (fixed random weights w) on the active backend. */
async function run(): Promise<number[][]> {
  const out: number[][] = [];
  for (const [i, c] of CASES.entries()) {
    const a = tf.tensor(data[i].a, c.a);
    const b = tf.tensor(data[i].b, c.b);
    const prod = tf.matMul(a, b, c.tA, c.tB);
    data[i].dy ??= rand(prod.shape);
    const w = tf.tensor(data[i].dy!, prod.shape);
    const [da, db] = tf.grads((x: tf.Tensor, y: tf.Tensor) => tf.sum(tf.mul(tf.matMul(x, y, c.tA, c.tB), w)))([a, b]);
    out.push([...(await prod.data()), ...(await da.data()), ...(await db.data())]);
    tf.dispose([a, b, prod, w, da, db]);
  }
  return out;
}

describe('installWasmMatMul', () => {
  it('gives the cpu backend’s products and gradients for every transpose, 2-D and batched, leaking nothing', async () => {
    await tf.setBackend('cpu');
    const cpu = await run();
    installWasmMatMul();
    installWasmMatMul(); // idempotent
    expect((tf.getKernel('BatchMatMul', 'wasm')?.kernelFunc as { fast?: boolean }).fast).toBe(true);
    expect(await tf.setBackend('wasm')).toBe(true);
    const before = tf.memory().numTensors;
    const wasm = await run();
    expect(tf.memory().numTensors).toBe(before);
    for (const [i, values] of wasm.entries()) {
      expect(values.length).toBe(cpu[i].length);
      const scale = Math.max(...cpu[i].map(Math.abs));
      const worst = Math.max(...values.map((v, j) => Math.abs(v - cpu[i][j])));
      expect(worst / scale, `case ${JSON.stringify(CASES[i])}`).toBeLessThan(1e-5);
    }
  });
});
