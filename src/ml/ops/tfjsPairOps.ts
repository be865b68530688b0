/**
 * PairOps from plain tfjs ops (SPEC "Losses", CE Eq. 2, 3, 5, 6): runs on every backend (cpu,
 * wasm, webgl, webgpu) and is the baseline the WGSL kernels are benchmarked against. Everything is
 * vectorised and O(N²) in memory: no N³ tensor, no per-row loop issuing ops.
 *
 * Masks are float 0/1 and every comparison is arithmetic: [x > y] = step(x − y), [x = y] =
 * 1 − step(|x − y|), "where" = m·a + (1 − m)·b, because tfjs-wasm's comparison ops and
 * broadcasting `where` take a slow path, and the products are exact for 0/1 masks. The rounded
 * difference x − y is 0 only when x = y and otherwise has the right sign (IEEE arithmetic with
 * gradual underflow; a backend that flushes subnormals could call two distinct values below ~1e-38 a tie).
 */
import * as tf from '@tensorflow/tfjs';
import { l2Rows } from '../heads';
import type { Negatives, PairOps } from './pairOps';

/** Below every real similarity (|s| ≤ scale): the most negative finite float32. */
const SENTINEL = -3.4028234663852886e38;

/**
 * Runs `f(x)` off the gradient tape: the result is a constant as far as `tf.grad` is concerned
 * (its gradient with respect to x is zero). A customGrad's forward function is not taped, so
 * nothing inside reaches the tape — needed for selections, because tfjs has no gradient for
 * TopK (nor for comparison ops such as Greater or Equal) and tf.grad throws if one lies on a
 * differentiated path. Also used for hardness indicators and for the shift constants of
 * log-sum-exp, whose total derivative is zero anyway.
 */
export function noGradient<T extends tf.Tensor>(x: tf.Tensor, f: (x: tf.Tensor) => T): T {
  const op = tf.customGrad(((xIn: tf.Tensor) => ({
    value: f(xIn),
    gradFunc: () => tf.zeros(xIn.shape),
  })) as unknown as Parameters<typeof tf.customGrad<T>>[0]);
  return op(x);
}

/** S = scale · Q̂ D̂ᵀ, rows normalised as x/sqrt(‖x‖² + 1e-12) (SPEC "Notation"). */
function scaledCosine(q: tf.Tensor2D, d: tf.Tensor2D, scale: number): tf.Tensor2D {
  return tf.tidy(() => tf.mul(tf.matMul(l2Rows(q), l2Rows(d), false, true), scale));
}

/** [x > 0] as float 0/1 (tf.step is 0 at 0). */
const positive = (x: tf.Tensor): tf.Tensor => tf.step(x);

/** m·a + (1 − m)·b for a 0/1 mask m: exact, since one product is a·1 or b·1 and the other ±0. */
function blend(m: tf.Tensor, a: tf.Tensor | number, b: tf.Tensor | number): tf.Tensor {
  return tf.add(tf.mul(m, a), tf.mul(tf.sub(1, m), b));
}

/**
 * Steps 2–3 of a top-k selection (value descending, ties → lower row-major index i·N + j; per row
 * for SNM, over the flattened matrix for CENM). Step 1, by the caller: non-negatives are replaced by
 * {@link SENTINEL} and `tf.topk` gives the k-th largest value t (only t is used, so topk's own tie
 * order never matters). Here: every negative strictly above t, then the first `need` = k − #(v > t)
 * negatives equal to t in index order along the last axis (a cumulative sum of the tie mask: float32
 * counts, exact up to 2^24 ties). `r` holds the ranking values, `neg` the 0/1 negative mask, `t` and
 * `need` broadcast against r's last axis. Both steps multiply by `neg`, so a non-negative is never
 * selected, even when a real value equals the sentinel.
 */
function selectAboveAndTies(r: tf.Tensor, neg: tf.Tensor, t: tf.Tensor, need: tf.Tensor): tf.Tensor {
  const diff = tf.sub(r, t);
  const above = tf.mul(positive(diff), neg);
  const ties = tf.mul(tf.sub(1, positive(tf.abs(diff))), neg);
  const axis = r.rank - 1;
  // How many must still come from the ties: need − #(above) along the axis; the running count
  // of ties is an integer, so cum ≤ still ⇔ still − cum + 0.5 > 0.
  const still = tf.sub(need, tf.sum(above, axis, true));
  const firstTies = tf.mul(ties, positive(tf.add(tf.sub(still, tf.cumsum(ties, axis)), 0.5)));
  return tf.add(above, firstTies);
}

/** Per-row top-k_i negatives (SNM), as a 0/1 mask carrying no gradient. */
function rowTopKMask(s: tf.Tensor2D, negatives: Negatives, k: Int32Array): tf.Tensor2D {
  const [n, m] = s.shape;
  if (k.length !== n) throw new Error(`rowTopKMask: ${k.length} counts for ${n} rows`);
  let kMax = 0;
  for (const ki of k) kMax = Math.max(kMax, ki);
  return noGradient(s, (sIn) =>
    tf.tidy(() => {
      if (kMax === 0) return tf.zeros([n, m]);
      const r = blend(negatives.mask, sIn, SENTINEL);
      const top = tf.topk(r, kMax).values; // [n, kMax], descending
      // t_i = top[i, k_i − 1]; a row with k_i = 0 reads its maximum and then needs 0, so selects nothing.
      const at = Int32Array.from(k, (ki, i) => i * kMax + Math.max(ki - 1, 0));
      const t = tf.reshape(tf.gather(tf.reshape(top, [-1]), tf.tensor1d(at, 'int32')), [n, 1]);
      const need = tf.tensor2d(Float32Array.from(k), [n, 1]);
      return selectAboveAndTies(r, negatives.mask, t, need);
    }),
  ) as tf.Tensor2D;
}

/** The k largest negatives of the whole matrix (CENM), as a 0/1 mask carrying no gradient. */
function globalTopKMask(s: tf.Tensor2D, negatives: Negatives, k: number): tf.Tensor2D {
  const [n, m] = s.shape;
  if (!Number.isInteger(k) || k < 0) throw new Error(`globalTopKMask: bad k ${k}`);
  return noGradient(s, (sIn) =>
    tf.tidy(() => {
      if (k === 0) return tf.zeros([n, m]);
      const neg = tf.reshape(negatives.mask, [-1]);
      const r = blend(neg, tf.reshape(sIn, [-1]), SENTINEL);
      const t = tf.slice(tf.topk(r, k).values, [k - 1], [1]);
      return tf.reshape(selectAboveAndTies(r, neg, t, tf.scalar(k)), [n, m]);
    }),
  ) as tf.Tensor2D;
}

/** The diagonal s_ii as [N] (gradient reaches the diagonal only). */
function diagonal(s: tf.Tensor2D): tf.Tensor1D {
  return tf.sum(tf.mul(s, tf.eye(s.shape[0])), 1) as tf.Tensor1D;
}

/**
 * ℓ_i = log(e^{s_ii} + Σ_j m_ij e^{s_ij}) − s_ii with m_i = max(s_ii, masked maximum of row i)
 * subtracted. Masked-out entries are zeroed BEFORE exp ((s − m)·mask → e^0) and then multiplied
 * by the mask, so an entry above m_i outside the mask cannot overflow into ∞·0 = NaN, and no −∞
 * is ever formed. An all-masked row gives m_i = s_ii and ℓ_i = s_ii + log 1 − s_ii = 0 exactly.
 */
function rowSoftmaxLoss(s: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor1D {
  return tf.tidy(() => {
    const d = diagonal(s);
    const dCol = tf.reshape(d, [-1, 1]);
    // The shift is a constant: the loss does not depend on it, so it is kept off the tape.
    const mRow = noGradient(s, (sIn) => tf.max(blend(mask, sIn, dCol), 1));
    const mCol = tf.reshape(mRow, [-1, 1]);
    const negSum = tf.sum(tf.mul(tf.exp(tf.mul(tf.sub(s, mCol), mask)), mask), 1);
    const pos = tf.exp(tf.sub(dCol, mCol));
    return tf.sub(tf.add(mRow, tf.log(tf.add(tf.reshape(pos, [-1]), negSum))), d) as tf.Tensor1D;
  });
}

/**
 * ℓ_i = log(e^{s_ii} + G) − s_ii with G = Σ_{a,b} m_ab e^{s_ab} shared by every row, computed as
 * ℓ_i = m_i + log(e^{s_ii − m_i} + e^{M − m_i}·G0) − s_ii with M the maximum over masked entries,
 * G0 = Σ m e^{s − M} ≥ 1 and m_i = max(s_ii, M): both exponents are ≤ 0, so it is finite for any
 * scale, whether s_ii lies far below or far above every negative. With no negatives M = min(S), so
 * m_i = s_ii and ℓ_i = 0 exactly.
 */
function sharedSoftmaxLoss(s: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor1D {
  return tf.tidy(() => {
    const d = diagonal(s);
    const bigM = noGradient(s, (sIn) => tf.max(blend(mask, sIn, tf.min(sIn))));
    const mRow = noGradient(d, (dIn) => tf.maximum(dIn, bigM));
    const g0 = tf.sum(tf.mul(tf.exp(tf.mul(tf.sub(s, bigM), mask)), mask));
    const inner = tf.add(tf.exp(tf.sub(d, mRow)), tf.mul(tf.exp(tf.sub(bigM, mRow)), g0));
    return tf.sub(tf.add(mRow, tf.log(inner)), d) as tf.Tensor1D;
  });
}

/** The composite-tfjs PairOps (every backend). */
export const tfjsPairOps: PairOps = {
  name: 'tfjs',
  scaledCosine,
  rowTopKMask,
  globalTopKMask,
  rowSoftmaxLoss,
  sharedSoftmaxLoss,
};
