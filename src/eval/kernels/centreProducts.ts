/**
 * k-means's products (src/eval/clustering/products.ts) for the active tfjs backend: on wasm the
 * WebAssembly SIMD kernel's (floatProducts.ts: tfjs-wasm's products to the bit, with no tensors or
 * read-backs), elsewhere each block of points times the centres with `tf.matMul` in float32. On
 * tfjs the points are uploaded once, in blocks; the centres at each `use`, transposed (d × k),
 * because on wasm matMul(A, B) is ~10× faster than matMul(A, B, false, true) (coarseCosines.ts).
 */
import * as tf from '@tensorflow/tfjs';
import { CENTRE_BLOCK, type CentreProducts } from '../clustering/products';
import { float32CosineBound } from '../retrieval/retrievalScreened';
import { wasmCentreProducts } from './floatProducts';

/** Backends whose matMul is IEEE float32 (webgl may compute in half precision). */
const FLOAT32_BACKENDS = new Set(['wasm', 'webgpu', 'cpu']);

/** The products over `x` (n × d rows of norm ≤ 1) for the active backend, or null where it is not float32. */
export function centreProducts(x: Float64Array, n: number, d: number): CentreProducts | null {
  return (tf.getBackend() === 'wasm' && wasmCentreProducts(x, n, d)) || tfCentreProducts(x, n, d);
}

/** The products over `x` (n × d rows of norm ≤ 1) on tfjs's active backend, or null where it is not float32. */
export function tfCentreProducts(x: Float64Array, n: number, d: number, block = CENTRE_BLOCK): CentreProducts | null {
  if (!FLOAT32_BACKENDS.has(tf.getBackend())) return null;
  const blocks: (tf.Tensor2D | undefined)[] = [];
  let centresT: tf.Tensor2D | null = null;
  let k = 0;
  const upload = (rowOf: (q: number) => number, count: number) => {
    const a = new Float32Array(count * d);
    for (let q = 0; q < count; q++) {
      const o = rowOf(q) * d;
      for (let t = 0; t < d; t++) a[q * d + t] = x[o + t];
    }
    return tf.tensor2d(a, [count, d]);
  };
  const times = async (a: tf.Tensor2D) => {
    const s = tf.matMul(a, centresT!);
    try {
      return (await s.data()) as Float32Array;
    } finally {
      s.dispose();
    }
  };
  return {
    block,
    error: float32CosineBound(d),
    get stride() {
      return k;
    },
    use(centres, count) {
      k = count;
      centresT?.dispose();
      const c = new Float32Array(d * k);
      for (let j = 0; j < k; j++) for (let t = 0; t < d; t++) c[t * k + j] = centres[j * d + t];
      centresT = tf.tensor2d(c, [d, k]);
    },
    async blockProducts(b) {
      const first = b * block;
      blocks[b] ??= upload((q) => first + q, Math.min(n, first + block) - first);
      return times(blocks[b]!);
    },
    async rowProducts(rows, count) {
      const a = upload((q) => rows[q], count);
      try {
        return await times(a);
      } finally {
        a.dispose();
      }
    },
    dispose() {
      for (const t of blocks) t?.dispose();
      blocks.length = 0;
      centresT?.dispose();
      centresT = null;
    },
  };
}
