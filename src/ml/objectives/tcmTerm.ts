/** The TCM regulariser as an optional term of any objective (SPEC: L = L_base + L_TCM). */
import type * as tf from '@tensorflow/tfjs';
import { tcmLoss } from '../losses/tcm';
import type { TrainSpec } from './types';

/**
 * L_TCM on a matrix of unscaled cosines, or null when TCM is off. `mode` 'self' for a batch against
 * itself (diagonal excluded), 'cross' for query-vs-document pairs.
 */
export function tcmTerm(spec: TrainSpec, cos: tf.Tensor2D, yRows: Int32Array, yCols: Int32Array, mode: 'self' | 'cross'): tf.Scalar | null {
  if (spec.tcm !== 'on') return null;
  return tcmLoss(cos, yRows, yCols, {
    mode,
    lambdaPos: spec.tcmPosW,
    lambdaNeg: spec.tcmNegW,
    marginPos: spec.tcmPos,
    marginNeg: spec.tcmNeg,
  });
}
