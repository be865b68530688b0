/**
 * The WebAssembly SIMD kernel (floatProducts.wat, floatProducts.ts): every entry is the plain
 * float32 sum in coordinate order (a float32 multiply, then a float32 add), to the bit, over
 * shapes off its tiles (odd rows, columns not a multiple of 16), from item rows of a longer
 * stride and into rows of a longer stride without touching what lies between; and the module the
 * code carries is the .wat's. Its scan keeps what JavaScript's `>=` keeps, at every threshold.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { assemble, wasmModuleSource } from '../../../scripts/build-wasm.mjs';
import { ProductMemory } from './floatProducts';

/** out[a·stride + j] = Σ_t q[a·d + t]·it[t·itStride + j], each step rounded to float32 as the kernel rounds. */
function reference(q: Float32Array, na: number, it: Float32Array, w: number, d: number, stride: number, itStride: number): Float32Array {
  const out = new Float32Array(na * stride).fill(-7);
  for (let a = 0; a < na; a++) {
    for (let j = 0; j < w; j++) {
      let s = 0;
      for (let t = 0; t < d; t++) s = Math.fround(s + Math.fround(q[a * d + t] * it[t * itStride + j]));
      out[a * stride + j] = s;
    }
  }
  return out;
}

describe('the float32 products kernel', () => {
  it('gives the float32 sums in coordinate order, to the bit, on shapes off its tiles', () => {
    const rng = new Rng(3);
    for (const [na, w, d, pad] of [[1, 1, 1, 0], [4, 16, 64, 0], [7, 35, 3, 5], [13, 100, 64, 16], [2, 15, 129, 1], [9, 48, 300, 0]]) {
      const memory = new ProductMemory();
      const stride = w + pad;
      const itStride = w + 2 * pad;
      const q = memory.alloc(na * d);
      const it = memory.alloc(d * itStride);
      const out = memory.alloc(na * stride);
      const qv = memory.view(q, na * d).map(() => rng.normal());
      const itv = memory.view(it, d * itStride).map(() => rng.normal());
      memory.view(q, na * d).set(qv);
      memory.view(it, d * itStride).set(itv);
      memory.view(out, na * stride).fill(-7);
      memory.products(q, na, it, w, d, out, stride, itStride);
      expect(Array.from(memory.view(out, na * stride)), `${na} × ${w}, d = ${d}`).toEqual(Array.from(reference(qv, na, itv, w, d, stride, itStride)));
    }
  });

  it('keeps the entries of a row at or above a threshold, as JavaScript compares them', () => {
    const memory = new ProductMemory();
    const n = 1001;
    const row = memory.alloc(n);
    const items = memory.alloc(n);
    const rng = new Rng(5);
    const values = Float32Array.from({ length: n }, () => rng.normal());
    values[3] = NaN;
    values[10] = Math.fround(0.3); // above 0.3 in float64: kept at 0.3, not at the float32 above it
    memory.view(row, n).set(values);
    for (const from of [-Infinity, -1, 0, 0.3, Math.fround(0.3), 0.30000001, 2]) {
      const want = Array.from(values.keys()).filter((j) => values[j] >= from);
      const m = memory.keep(row, n, from, items);
      expect(Array.from(new Int32Array(memory.view(items, m).buffer, items, m)), `from ${from}`).toEqual(want);
    }
  });

  it('grows its memory for large regions, and keeps what it held', () => {
    const memory = new ProductMemory();
    const first = memory.alloc(4);
    memory.view(first, 4).set([1, 2, 3, 4]);
    const big = memory.alloc(3_000_000);
    memory.view(big, 3_000_000).fill(1);
    expect(Array.from(memory.view(first, 4))).toEqual([1, 2, 3, 4]);
    expect(big % 16).toBe(0);
  });

  it('carries the module assembled from floatProducts.wat (`npm run wasm` after editing it)', async () => {
    const dir = new URL('.', import.meta.url).pathname;
    const bytes = await assemble('floatProducts.wat', readFileSync(`${dir}floatProducts.wat`, 'utf8'));
    expect(readFileSync(`${dir}floatProducts.wasm.ts`, 'utf8')).toBe(wasmModuleSource('floatProducts.wat', bytes));
  });
});
