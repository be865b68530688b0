/**
 * The tfjs part of the evaluation's all-pairs path (`accumulateTf` in src/eval/pairs/accumulate.ts):
 * the cosine matrix of n unit rows computed block by block with `tf.matMul` in float32 on the
 * active backend and read back with `await t.data()` (never dataSync). What is done with each
 * block (binning, pacing) stays in accumulate.ts, in plain JS.
 */
import * as tf from '@tensorflow/tfjs';

/**
 * Visits the cosines of every block pair I ≤ J of `xn` (n × d row-major unit rows, float64;
 * rounded to float32 on upload) cut into blocks of `block` rows. Every block is uploaded twice,
 * as rows A [w, d] and transposed Bᵀ [d, w] (on wasm, matMul(A, Bᵀ) is ~10× faster than
 * matMul(A, B, false, true) at these sizes); for each pair, in order I = 0…, J = I…,
 * `tf.matMul(A_I, Bᵀ_J)` is read back, its tensor disposed, and `visit(s, I, J)` awaited with
 * the (rows of I) × (rows of J) cosines, row-major. Every tensor it creates is disposed before it
 * returns or throws (also when `visit` throws).
 */
export async function forEachCosineBlock(
  xn: Float64Array,
  n: number,
  d: number,
  block: number,
  visit: (s: Float32Array, I: number, J: number) => Promise<void>,
): Promise<void> {
  const rows: tf.Tensor2D[] = [];
  const cols: tf.Tensor2D[] = [];
  try {
    for (let b0 = 0; b0 < n; b0 += block) {
      const w = Math.min(n, b0 + block) - b0;
      const r = new Float32Array(w * d);
      const c = new Float32Array(w * d);
      for (let i = 0; i < w; i++) {
        for (let t = 0; t < d; t++) {
          const v = xn[(b0 + i) * d + t];
          r[i * d + t] = v;
          c[t * w + i] = v;
        }
      }
      rows.push(tf.tensor2d(r, [w, d]));
      cols.push(tf.tensor2d(c, [d, w]));
    }
    for (let I = 0; I < rows.length; I++) {
      for (let J = I; J < rows.length; J++) {
        const S = tf.matMul(rows[I], cols[J]);
        let s: Float32Array;
        try {
          s = (await S.data()) as Float32Array;
        } finally {
          S.dispose();
        }
        await visit(s, I, J);
      }
    }
  } finally {
    for (const t of rows) t.dispose();
    for (const t of cols) t.dispose();
  }
}
