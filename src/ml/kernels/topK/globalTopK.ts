/**
 * CENM's global top-k selection as WGSL kernels on tfjs's webgpu backend: a 0/1 mask of the k
 * largest negatives of the whole N×N matrix (value descending, ties → lower row-major index
 * i·N + j, −0 == +0), exactly as the float64 reference `globalTopK` in `../../reference/crossExample.ts`.
 * By SELECTION, never by sorting, and nothing read back to the CPU: a radix select on the
 * order-preserving u32 image of the floats (`floatOrder.wgsl`), one 8-bit digit at a time, most
 * significant first — 4 × (a per-row histogram pass, `globalTopKHist.wgsl`, then a one-workgroup
 * pick, `globalTopKPick.wgsl`, which ends with per-row thresholds), then the mask pass shared with
 * rowTopK.ts (`rowTopKMask.wgsl`). Each shader's header says what it reads and writes.
 * Gradient: none, by construction — the mask comes from `runWebGPUProgram` +
 * `makeTensorFromTensorInfo`, which the autodiff tape never records, so under `tf.grad` it is a
 * constant with respect to s.
 */
import * as tf from '@tensorflow/tfjs';
import type { Negatives } from '../../ops/pairOps';
import { groups, runKernel } from '../program';
import { checkSelectionInputs, maskFromThresholds, quadLoads, ROWS_PER_GROUP, tieColumnWgsl } from './rowTopK';
import histSource from './globalTopKHist.wgsl?raw';
import pickSource from './globalTopKPick.wgsl?raw';

/** Digit width (bits) and number of bins: fixed by the shaders. */
const BINS = 256;
const SHIFTS = [24, 16, 8, 0];

/**
 * 0/1 float32 mask [N, N] of the k largest negatives (negatives.mask = 1) of the whole matrix s,
 * ties → lower row-major index. 0 ≤ k ≤ negatives.total; k = 0 selects nothing. Computed on the
 * GPU, no gradient (see the file header).
 */
export function globalTopKMaskWgsl(s: tf.Tensor2D, negatives: Negatives, k: number): tf.Tensor2D {
  const n = checkSelectionInputs(s, negatives, 'globalTopKMask');
  if (!Number.isInteger(k) || k < 0 || k > negatives.total) {
    throw new Error(`globalTopKMask: k = ${k} outside [0, ${negatives.total}]`);
  }
  if (n === 0 || k === 0) return tf.zeros([n, n]);
  const load = quadLoads(n);
  return tf.tidy(() => {
    // The search state [digits, need] (as a [1, 2] tensor: every pass sees a rank-2 state, so
    // the histogram and pick pipelines are compiled once).
    let state: tf.Tensor = tf.tensor2d([[0, k]], [1, 2], 'int32');
    for (const shift of SHIFTS) {
      const partials = runKernel({
        name: `mpGlobalTopKHist${load.tag}`,
        source: load.prelude + histSource,
        inputs: [s, negatives.mask, state],
        variableNames: ['S', 'M', 'St'],
        variableComponents: [...load.components, 1],
        outputShape: [n, BINS],
        dtype: 'int32',
        workgroupSize: [ROWS_PER_GROUP, 1, 1],
        dispatch: [groups(n, ROWS_PER_GROUP), 1, 1],
        flat: true,
        uniforms: 'shift : i32,',
        uniformData: [{ type: 'int32', data: [shift] }],
      });
      state = runKernel({
        name: `mpGlobalTopKPick${load.tag}`,
        source: load.prelude + tieColumnWgsl + pickSource,
        inputs: [partials, state, s, negatives.mask],
        variableNames: ['H', 'St', 'S', 'M'],
        variableComponents: [1, 1, ...load.components],
        outputShape: [n + 1, 2],
        dtype: 'int32',
        workgroupSize: [BINS, 1, 1],
        dispatch: [1, 1, 1],
        flat: true,
        uniforms: 'shift : i32, last : i32,',
        uniformData: [
          { type: 'int32', data: [shift] },
          { type: 'int32', data: [shift === 0 ? 1 : 0] },
        ],
      });
    }
    return maskFromThresholds(s, negatives, state, 1);
  });
}
