/**
 * The cross-example family of pair-batch losses (SPEC "Losses", CE Eq. 2, 3, 5, 6), written once
 * against the `PairOps` contract so the composite tfjs ops and the WGSL kernels share it.
 */
import * as tf from '@tensorflow/tfjs';
import type { Negatives, PairOps } from '../ops/pairOps';
import { rowTopKCounts, topKCount } from '../ops/topk';

/**
 * ssm: sampled softmax (each row against its own negatives N_i); snm: SSM on each row's top
 * ceil(ρ|N_i|); ces: cross-example softmax (every row against all negatives N_B); cenm: CES on
 * the global top ceil(ρ|N_B|).
 */
export type CrossExampleKind = 'ssm' | 'snm' | 'ces' | 'cenm';

/**
 * Mean over the N rows of the chosen loss on the scaled similarity S [N, N] (positives on the
 * diagonal). ρ is used by the mining losses only; the mined counts come from the label-derived
 * counts in `neg`, so every implementation mines exactly the same number. N = 0 gives 0.
 * Differentiable with respect to S; the selections carry no gradient.
 */
export function crossExampleLoss(
  kind: CrossExampleKind,
  ops: PairOps,
  s: tf.Tensor2D,
  neg: Negatives,
  rho: number,
): tf.Scalar {
  return tf.tidy(() => {
    // Still connected to s (gradient zero): tf.grad throws on a loss that does not depend on its input.
    if (s.shape[0] === 0) return tf.mul(tf.sum(s), 0);
    switch (kind) {
      case 'ssm':
        return tf.mean(ops.rowSoftmaxLoss(s, neg.mask));
      case 'snm':
        return tf.mean(ops.rowSoftmaxLoss(s, ops.rowTopKMask(s, neg, rowTopKCounts(rho, neg.rowCount))));
      case 'ces':
        return tf.mean(ops.sharedSoftmaxLoss(s, neg.mask));
      case 'cenm':
        return tf.mean(ops.sharedSoftmaxLoss(s, ops.globalTopKMask(s, neg, topKCount(rho, neg.total))));
      default:
        throw new Error(`crossExampleLoss: unknown kind ${String(kind)}`);
    }
  }) as tf.Scalar;
}
