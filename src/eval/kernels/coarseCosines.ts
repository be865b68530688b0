/**
 * The retrieval pass's float32 screen (src/eval/retrieval/retrievalScreened.ts): on tfjs-wasm the
 * WebAssembly SIMD kernel (floatProducts.ts), elsewhere tfjs's `tf.matMul` read back with
 * `await t.data()`. The kernel gives tfjs-wasm's float32 products (both sum in coordinate order)
 * without the tensors, read-backs and copies, which cost about half as much again.
 */
import * as tf from '@tensorflow/tfjs';
import { float32CosineBound, type CoarseCosines } from '../retrieval/retrievalScreened';
import { ITEM_BLOCK, wasmCoarseCosines } from './floatProducts';

export { ITEM_BLOCK };

/** Backends whose matMul is IEEE float32 (webgl may compute in half precision, so it is not one). */
const FLOAT32_BACKENDS = new Set(['wasm', 'webgpu', 'cpu']);

/**
 * The float32 screen over `x` (n × d unit rows, float64) for the active tfjs backend: on wasm the
 * kernel, whose products are tfjs-wasm's to the bit (so the pairs it bins are accumulateTf's);
 * elsewhere tfjs's own; null where the backend's arithmetic is not float32. The caller disposes it.
 */
export function coarseCosines(x: Float64Array, n: number, d: number): CoarseCosines | null {
  return (tf.getBackend() === 'wasm' && wasmCoarseCosines(x, n, d)) || tfCoarseCosines(x, n, d);
}

/**
 * The float32 screen on the active tfjs backend (null where its arithmetic is not float32). The
 * items are uploaded at the first product, once, transposed, in blocks of {@link ITEM_BLOCK}
 * (on wasm, matMul(A, Bᵀ) is ~10× faster than matMul(A, B, false, true)), so a screen handed on
 * to threads that make their own costs nothing here.
 */
export function tfCoarseCosines(x: Float64Array, n: number, d: number): CoarseCosines | null {
  if (!FLOAT32_BACKENDS.has(tf.getBackend())) return null;
  let cols: tf.Tensor2D[] | null = null;
  let rows = new Float32Array(0);
  const upload = (): tf.Tensor2D[] => {
    const out: tf.Tensor2D[] = [];
    for (let b0 = 0; b0 < n; b0 += ITEM_BLOCK) {
      const w = Math.min(n, b0 + ITEM_BLOCK) - b0;
      const c = new Float32Array(w * d);
      for (let i = 0; i < w; i++) for (let t = 0; t < d; t++) c[t * w + i] = x[(b0 + i) * d + t];
      out.push(tf.tensor2d(c, [d, w]));
    }
    return out;
  };
  return {
    eps: float32CosineBound(d),
    async against(q, na) {
      cols ??= upload();
      if (rows.length < na * n) rows = new Float32Array(na * n);
      const queries = tf.tensor2d(Float32Array.from(q.subarray(0, na * d)), [na, d]);
      try {
        for (let J = 0, b0 = 0; J < cols.length; J++, b0 += ITEM_BLOCK) {
          const w = Math.min(n, b0 + ITEM_BLOCK) - b0;
          const product = tf.matMul(queries, cols[J]);
          let s: Float32Array;
          try {
            s = (await product.data()) as Float32Array;
          } finally {
            product.dispose();
          }
          for (let a = 0; a < na; a++) rows.set(s.subarray(a * w, (a + 1) * w), a * n + b0);
        }
      } finally {
        queries.dispose();
      }
      return rows.subarray(0, na * n);
    },
    dispose() {
      for (const t of cols ?? []) t.dispose();
      cols = null;
    },
  };
}
