/**
 * Threshold-Consistent Margin regulariser (SPEC "TCM regulariser", TCM Eq. 5) on UNSCALED
 * cosines: L = λ⁺·Σ_{S⁺}(m⁺ − c)[c ≤ m⁺] / Σ_{S⁺}[c ≤ m⁺] + λ⁻·Σ_{S⁻}(c − m⁻)[c ≥ m⁻] / Σ_{S⁻}[c ≥ m⁻],
 * each term 0 without a hard pair; both comparisons inclusive. Semantics exactly as
 * `reference/tcm.ts`, including its two readings of "i ≠ j" (`mode`).
 */
import * as tf from '@tensorflow/tfjs';
import { noGradient } from '../ops/tfjsPairOps';
import { TCM_DEFAULTS, type TcmOptions } from './tcmOptions';

/**
 * 'self': C is one batch against itself (square, yRows = yCols); the diagonal (an item with
 * itself) is left out of S⁺. 'cross': C is between two different item sets (e.g. queries and
 * documents of a pair batch); every entry is a pair, the diagonal included.
 */
export { TCM_DEFAULTS, type TcmMode, type TcmOptions } from './tcmOptions';

/**
 * L_TCM on the cosine matrix c [R, K] with row labels `yRows` and column labels `yCols`
 * (M_ij = [yRows_i = yCols_j]). Differentiable with respect to c; the hardness indicators and
 * the counts are constants (computed off the tape), so the gradient is ∓λ/count on hard entries.
 */
export function tcmLoss(c: tf.Tensor2D, yRows: Int32Array, yCols: Int32Array, opts: TcmOptions): tf.Scalar {
  const lp = opts.lambdaPos ?? TCM_DEFAULTS.lambdaPos;
  const ln = opts.lambdaNeg ?? TCM_DEFAULTS.lambdaNeg;
  const mp = opts.marginPos ?? TCM_DEFAULTS.marginPos;
  const mn = opts.marginNeg ?? TCM_DEFAULTS.marginNeg;
  const [r, k] = c.shape;
  if (yRows.length !== r || yCols.length !== k) {
    throw new Error(`tcmLoss: C is ${r}×${k} but labels are ${yRows.length} and ${yCols.length}`);
  }
  if (opts.mode === 'self') {
    if (r !== k) throw new Error(`tcmLoss: 'self' needs a square C`);
    for (let i = 0; i < r; i++) {
      if (yRows[i] !== yCols[i]) throw new Error(`tcmLoss: 'self' needs yRows = yCols (differ at ${i})`);
    }
  } else if (opts.mode !== 'cross') {
    throw new Error(`tcmLoss: unknown mode ${String(opts.mode)}`);
  }
  return tf.tidy(() => {
    // Float 0/1 masks from arithmetic ([a = b] = 1 − step|a − b|, [a > b] = step(a − b)): exact
    // for integer labels below 2^24 and as exact as a comparison for floats, and fast on tfjs-wasm,
    // whose broadcasting comparison ops are slow.
    const yr = tf.reshape(tf.tensor1d(Float32Array.from(yRows)), [r, 1]);
    const yc = tf.reshape(tf.tensor1d(Float32Array.from(yCols)), [1, k]);
    const same = tf.sub(1, tf.step(tf.abs(tf.sub(yr, yc))));
    const posSet = opts.mode === 'self' ? tf.sub(same, tf.eye(r)) : same;
    const negSet = tf.sub(1, same);
    // Hard pairs, c ≤ m⁺ ⇔ not (c − m⁺ > 0) and c ≥ m⁻ ⇔ not (m⁻ − c > 0), computed off the tape:
    // the indicators and counts are constants for the gradient.
    const hardPos = noGradient(c, (cIn) => tf.mul(posSet, tf.sub(1, tf.step(tf.sub(cIn, mp)))));
    const hardNeg = noGradient(c, (cIn) => tf.mul(negSet, tf.sub(1, tf.step(tf.sub(mn, cIn)))));
    // Σ(…)/max(count, 1): the numerator is 0 when the count is, so an empty term is 0.
    const term = (hard: tf.Tensor, gap: tf.Tensor) => tf.div(tf.sum(tf.mul(hard, gap)), tf.maximum(tf.sum(hard), 1));
    const pos = term(hardPos, tf.sub(mp, c));
    const neg = term(hardNeg, tf.sub(c, mn));
    return tf.add(tf.mul(pos, lp), tf.mul(neg, ln)) as tf.Scalar;
  });
}
