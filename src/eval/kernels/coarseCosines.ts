/**
 * The retrieval pass's float32 screen (src/eval/retrieval/retrievalScreened.ts) on tfjs: query rows times
 * every item with `tf.matMul` in float32 on the active backend, read back with `await t.data()`.
 * The items are uploaded at the first product, once, transposed, in blocks of {@link ITEM_BLOCK}
 * (as cosineBlocks.ts does: on wasm, matMul(A, Bᵀ) is ~10× faster than matMul(A, B, false, true)),
 * so a screen handed on to threads that make their own costs nothing here.
 */
import * as tf from '@tensorflow/tfjs';
import { float32CosineBound, type CoarseCosines } from '../retrieval/retrievalScreened';

/** Items per block: a product of 256 queries is then 4 MB. */
export const ITEM_BLOCK = 4096;

/** Backends whose matMul is IEEE float32 (webgl may compute in half precision, so it is not one). */
const FLOAT32_BACKENDS = new Set(['wasm', 'webgpu', 'cpu']);

/**
 * The float32 screen over `x` (n × d unit rows, float64) on the active tfjs backend, or null where
 * that backend's arithmetic is not float32. The caller disposes it.
 */
export function tfCoarseCosines(x: Float64Array, n: number, d: number): CoarseCosines | null {
  if (!FLOAT32_BACKENDS.has(tf.getBackend())) return null;
  let cols: tf.Tensor2D[] | null = null;
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
    block: ITEM_BLOCK,
    async against(q, na, J) {
      cols ??= upload();
      const items = cols[J];
      const s = tf.tidy(() => tf.matMul(tf.tensor2d(Float32Array.from(q.subarray(0, na * d)), [na, d]), items));
      try {
        return (await s.data()) as Float32Array;
      } finally {
        s.dispose();
      }
    },
    dispose() {
      for (const t of cols ?? []) t.dispose();
      cols = null;
    },
  };
}
