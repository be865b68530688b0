/**
 * The CE-family softmax losses on our WGSL kernels (PairOps.rowSoftmaxLoss / sharedSoftmaxLoss,
 * SPEC "Losses", CE Eq. 2, 3, 5, 6), per row, forward and backward on the GPU (each shader's header
 * gives its pass):
 * - rowSoftmaxLossWgsl (SSM, SNM): ℓ_i = log(e^{s_ii} + Σ_{j ≠ i, mask_ij} e^{s_ij}) − s_ii; forward
 *   `softmaxLossRow.wgsl` (one pass, online log-sum-exp), backward `softmaxLossRowGrad.wgsl`.
 * - sharedSoftmaxLossWgsl (CES, CENM): ℓ_i = log(e^{s_ii} + Σ_{(a,b) ∈ N_B} e^{s_ab}) − s_ii, one
 *   negative set N_B = {(a, b) : a ≠ b, mask_ab} for every row; forward in three passes
 *   (`softmaxLossShared{Rows,Global,Loss}.wgsl`), backward in two (`…Weight`, `…Grad`).
 * Semantics shared with the tfjs implementation (pairOps.ts): the mask is a 0/1 float32 [N, N]
 * tensor (an entry counts when > 0.5) and gets no gradient; the diagonal is always the positive,
 * whatever the mask says there. Every log-sum-exp subtracts its maximum and excluded entries are
 * skipped by index, never by adding −∞: an all-masked row (or an empty N_B) gives ℓ_i = 0 and a
 * zero gradient. Finite at scale 1000. Webgpu backend only.
 */
import * as tf from '@tensorflow/tfjs';
import { groups, runKernel } from '../program';
import rowSource from './softmaxLossRow.wgsl?raw';
import rowGradSource from './softmaxLossRowGrad.wgsl?raw';
import sharedRowsSource from './softmaxLossSharedRows.wgsl?raw';
import sharedGlobalSource from './softmaxLossSharedGlobal.wgsl?raw';
import sharedLossSource from './softmaxLossSharedLoss.wgsl?raw';
import sharedWeightSource from './softmaxLossSharedWeight.wgsl?raw';
import sharedGradSource from './softmaxLossSharedGrad.wgsl?raw';

const WG = 64;

function checkInputs(name: string, s: tf.Tensor2D, mask: tf.Tensor2D): number {
  const n = s.shape[0];
  if (s.rank !== 2 || s.shape[1] !== n || mask.rank !== 2 || mask.shape[0] !== n || mask.shape[1] !== n) {
    throw new Error(`${name}: expected S and mask of shape [N, N], got [${s.shape}] and [${mask.shape}]`);
  }
  return n;
}

const asFloat = (t: tf.Tensor): tf.Tensor => (t.dtype === 'float32' ? t : tf.cast(t, 'float32'));

/** One invocation per row of an N × N matrix (flat dispatch). */
function perRow(name: string, source: string, inputs: tf.Tensor[], variableNames: string[], outputShape: number[], n: number): tf.Tensor {
  return runKernel({ name, source, inputs, variableNames, outputShape, workgroupSize: [WG, 1, 1], dispatch: [groups(n, WG), 1, 1], flat: true });
}

/** One invocation per 4 adjacent entries of a row of an N × N output (flat dispatch). */
function perQuad(name: string, source: string, inputs: tf.Tensor[], variableNames: string[], n: number): tf.Tensor2D {
  const invocations = n * Math.ceil(n / 4);
  return runKernel({ name, source, inputs, variableNames, outputShape: [n, n], workgroupSize: [WG, 1, 1], dispatch: [groups(invocations, WG), 1, 1], flat: true }) as tf.Tensor2D;
}

/** A single invocation (the O(N) combine passes). */
function single(name: string, source: string, inputs: tf.Tensor[], variableNames: string[], outputShape: number[]): tf.Tensor {
  return runKernel({ name, source, inputs, variableNames, outputShape, workgroupSize: [1, 1, 1], dispatch: [1, 1, 1], flat: true });
}

/**
 * Per-row ℓ_i = log(e^{s_ii} + Σ_{j ≠ i} mask_ij e^{s_ij}) − s_ii (SSM, SNM) → [N].
 * Differentiable with respect to `s` (not `mask`). Webgpu backend only.
 */
export function rowSoftmaxLossWgsl(s: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor1D {
  const n = checkInputs('rowSoftmaxLossWgsl', s, mask);
  if (n === 0) return tf.zeros([0]) as tf.Tensor1D;
  const f = tf.customGrad((...args: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const sIn = asFloat(args[0] as tf.Tensor);
    const save = args[1] as tf.GradSaveFunc;
    const m = asFloat(mask);
    // stats [3, N]: ℓ, m_i, L_i (see softmaxLossRow.wgsl).
    const stats = perRow('mp_softmax_row_fwd', rowSource, [sIn, m], ['S', 'Mk'], [3, n], n);
    save([sIn, m, stats]);
    return {
      value: tf.reshape(tf.slice(stats, [0, 0], [1, n]), [n]),
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [ss, sm, st] = saved;
        return perQuad('mp_softmax_row_grad', rowGradSource, [ss, sm, st, asFloat(dy)], ['S', 'Mk', 'St', 'Gy'], n);
      },
    };
  });
  return tf.tidy(() => f(s) as tf.Tensor1D);
}

/**
 * Per-row ℓ_i = log(e^{s_ii} + Σ_{a ≠ b} mask_ab e^{s_ab}) − s_ii with ONE negative set shared by
 * all rows (CES, CENM) → [N]. Differentiable with respect to `s` (not `mask`). Webgpu only.
 */
export function sharedSoftmaxLossWgsl(s: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor1D {
  const n = checkInputs('sharedSoftmaxLossWgsl', s, mask);
  if (n === 0) return tf.zeros([0]) as tf.Tensor1D;
  const f = tf.customGrad((...args: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const sIn = asFloat(args[0] as tf.Tensor);
    const save = args[1] as tf.GradSaveFunc;
    const m = asFloat(mask);
    const partials = perRow('mp_softmax_shared_rows', sharedRowsSource, [sIn, m], ['S', 'Mk'], [2, n], n);
    const global = single('mp_softmax_shared_global', sharedGlobalSource, [partials], ['P'], [2]);
    const stats = perRow('mp_softmax_shared_loss', sharedLossSource, [sIn, global], ['S', 'Gl'], [3, n], n);
    save([sIn, m, stats, global]);
    return {
      value: tf.reshape(tf.slice(stats, [0, 0], [1, n]), [n]),
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [ss, sm, st, gl] = saved;
        const g = asFloat(dy);
        const w = single('mp_softmax_shared_weight', sharedWeightSource, [st, gl, g], ['St', 'Gl', 'Gy'], [1]);
        const ds = perQuad('mp_softmax_shared_grad', sharedGradSource, [ss, sm, st, gl, w, g], ['S', 'Mk', 'St', 'Gl', 'W', 'Gy'], n);
        w.dispose();
        return ds;
      },
    };
  });
  return tf.tidy(() => f(s) as tf.Tensor1D);
}
