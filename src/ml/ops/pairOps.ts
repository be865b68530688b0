/**
 * The batch-matrix operations the cross-example losses (SPEC "Losses", CE Eq. 2, 3, 5, 6) are built
 * from. Two implementations: composite tfjs ops (`tfjsPairOps.ts`, every backend) and our WGSL
 * kernels (`../kernels/webgpuPairOps.ts`, webgpu only). Both must give the reference's results.
 *
 * Conventions, shared by both:
 * - S is the N×N scaled similarity between queries (rows) and documents (columns); row i's
 *   positive is the diagonal s_ii. Masks are float32 0/1 tensors [N, N] with a zero diagonal.
 * - Top-k order: value descending, ties to the lower row-major index i·N + j.
 * - k is computed on the CPU with `topKCount` from label-derived counts (see `Negatives`), never
 *   with a float ceil on the GPU, so every implementation mines exactly the same number.
 * - Selections carry no gradient of their own; the losses' gradients reach only the diagonal and
 *   the selected/masked entries.
 */
import type * as tf from '@tensorflow/tfjs';

/** The negatives of a pair batch: which entries of S are negatives, and how many (known from labels). */
export interface Negatives {
  /** 0/1 float32 [N, N]: 1 where (i, j) is a negative. Zero diagonal. */
  mask: tf.Tensor2D;
  /** |N_i| for each row. */
  rowCount: Int32Array;
  /** |N_B| = Σ_i |N_i|. */
  total: number;
}

export interface PairOps {
  /** Which implementation this is (shown in the benchmark and the UI). */
  readonly name: 'tfjs' | 'wgsl';
  /**
   * S = scale · Q̂ D̂ᵀ with rows l2-normalised as x/sqrt(‖x‖² + 1e-12). Q [N, d], D [M, d] → [N, M].
   * Differentiable with respect to Q and D.
   */
  scaledCosine(q: tf.Tensor2D, d: tf.Tensor2D, scale: number): tf.Tensor2D;
  /** 0/1 [N, N]: each row's k_i = `k[i]` largest negatives (SNM). No gradient. */
  rowTopKMask(s: tf.Tensor2D, negatives: Negatives, k: Int32Array): tf.Tensor2D;
  /** 0/1 [N, N]: the k largest negatives of the whole matrix (CENM). No gradient. */
  globalTopKMask(s: tf.Tensor2D, negatives: Negatives, k: number): tf.Tensor2D;
  /**
   * Per-row ℓ_i = log(e^{s_ii} + Σ_j m_ij e^{s_ij}) − s_ii (SSM, SNM) → [N]. Log-sum-exp with the
   * maximum subtracted; masked-out entries excluded by index (an all-masked row gives ℓ_i = 0).
   * Differentiable with respect to s.
   */
  rowSoftmaxLoss(s: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor1D;
  /**
   * Per-row ℓ_i = log(e^{s_ii} + Σ_{a,b} m_ab e^{s_ab}) − s_ii with ONE negative set shared by all
   * rows (CES, CENM) → [N]. Finite for any scale and any mask. Differentiable with respect to s.
   */
  sharedSoftmaxLoss(s: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor1D;
}
