/**
 * SNM's per-row top-k selection as WGSL kernels on tfjs's webgpu backend: for every row i, a 0/1
 * mask of the k[i] largest negatives (value descending, ties → lower column index, −0 == +0),
 * exactly as the float64 reference `rowTopK` in `../../reference/crossExample.ts`. Two dispatches, no
 * sorting, no atomics: the threshold pass (`rowTopK.wgsl`: a radix select per row, one invocation
 * each) and the mask pass (`rowTopKMask.wgsl`, shared with globalTopK.ts); each shader's header
 * says how. Both read the rows four entries at a time ({@link quadLoads}).
 * Gradient: none, by construction. The mask is made by `runWebGPUProgram` +
 * `makeTensorFromTensorInfo`, which the autodiff tape never records, so under `tf.grad` the mask
 * is a constant (like a tensor made from data): gradients of a loss built from `mask` and `s`
 * reach `s` only through the loss's own ops.
 */
import * as tf from '@tensorflow/tfjs';
import type { Negatives } from '../../ops/pairOps';
import { groups, runKernel } from '../program';
import floatOrder from './floatOrder.wgsl?raw';
import loadScalar from './rowTopKLoadScalar.wgsl?raw';
import loadVec4 from './rowTopKLoadVec4.wgsl?raw';
import tieColumnSource from './rowTopKTieColumn.wgsl?raw';
import rowTopKSource from './rowTopK.wgsl?raw';
import maskSource from './rowTopKMask.wgsl?raw';

/**
 * Rows (invocations) per workgroup of the per-row passes: small, so that even N = 512 gives 32
 * workgroups to spread over SwiftShader's worker threads (16 vs 64 measured the same or better).
 */
export const ROWS_PER_GROUP = 16;

/**
 * Checks S and the negatives mask: both [N, N]; S float32 (or int32), the mask float32 (or
 * int32/bool; nonzero = negative). Returns N. The shaders accept f32 and i32 buffers alike (tfjs
 * backs a float32 tensor cast from bool/int32 with an i32 buffer, e.g. `pairNegatives`'s mask).
 */
export function checkSelectionInputs(s: tf.Tensor2D, negatives: Negatives, what: string): number {
  const [n, m] = s.shape;
  if (s.rank !== 2 || n !== m) throw new Error(`${what}: S must be square, got [${s.shape}]`);
  const mk = negatives.mask;
  if (mk.rank !== 2 || mk.shape[0] !== n || mk.shape[1] !== n) {
    throw new Error(`${what}: negatives.mask must be [${n}, ${n}], got [${mk.shape}]`);
  }
  if ((s.dtype !== 'float32' && s.dtype !== 'int32') || !['float32', 'int32', 'bool'].includes(mk.dtype)) {
    throw new Error(`${what}: S must be float32 and negatives.mask float32 (got ${s.dtype}, ${mk.dtype})`);
  }
  return n;
}

/**
 * How the selection shaders read S and M (shared with globalTopK.ts): four entries at a time, as
 * one vec4 load when N % 4 == 0 (rows 16-byte aligned, which SwiftShader reads faster), else as
 * scalar loads. `prelude` goes in front of a shader (after `floatOrder.wgsl`), `components` are
 * the `variableComponents` of S and M, and `tag` goes into the pipeline-cache name.
 */
export function quadLoads(n: number): { prelude: string; components: [number, number]; tag: string } {
  return n % 4 === 0
    ? { prelude: floatOrder + loadVec4, components: [4, 4], tag: 'V4' }
    : { prelude: floatOrder + loadScalar, components: [1, 1], tag: 'S1' };
}

/** `rowTopKTieColumn.wgsl`, for globalTopK.ts's pick pass. */
export const tieColumnWgsl = tieColumnSource;

/**
 * Mask pass shared with globalTopK.ts (`rowTopKMask.wgsl`): (i, j) is selected iff it is a
 * negative and key > t_i, or key == t_i and j ≤ c_i, with the pairs (t_i, c_i) read from the
 * int32 tensor `thresholds` starting at pair `first`. One invocation per row.
 */
export function maskFromThresholds(s: tf.Tensor2D, negatives: Negatives, thresholds: tf.Tensor, first: number): tf.Tensor2D {
  const n = s.shape[0];
  const load = quadLoads(n);
  return runKernel({
    name: `mpSelectMask${load.tag}`,
    source: load.prelude + maskSource,
    inputs: [s, negatives.mask, thresholds],
    variableNames: ['S', 'M', 'T'],
    variableComponents: [...load.components, 1],
    outputShape: [n, n],
    workgroupSize: [ROWS_PER_GROUP, 1, 1],
    dispatch: [groups(n, ROWS_PER_GROUP), 1, 1],
    flat: true,
    uniforms: 'first : i32,',
    uniformData: [{ type: 'int32', data: [first] }],
  }) as tf.Tensor2D;
}

/**
 * 0/1 float32 mask [N, N]: in each row i the k[i] largest entries of s among that row's negatives
 * (negatives.mask = 1), ties → lower column index. 0 ≤ k[i] ≤ negatives.rowCount[i]; k[i] = 0
 * selects nothing. Computed on the GPU, no gradient (see the file header).
 */
export function rowTopKMaskWgsl(s: tf.Tensor2D, negatives: Negatives, k: Int32Array): tf.Tensor2D {
  const n = checkSelectionInputs(s, negatives, 'rowTopKMask');
  if (k.length !== n) throw new Error(`rowTopKMask: k has ${k.length} entries for ${n} rows`);
  for (let i = 0; i < n; i++) {
    if (!(k[i] >= 0 && k[i] <= negatives.rowCount[i])) {
      throw new Error(`rowTopKMask: k[${i}] = ${k[i]} outside [0, ${negatives.rowCount[i]}]`);
    }
  }
  if (n === 0) return tf.zeros([0, 0]);
  return tf.tidy(() => {
    const kt = tf.tensor1d(k, 'int32');
    const load = quadLoads(n);
    const thresholds = runKernel({
      name: `mpRowTopKThresholds${load.tag}`,
      source: load.prelude + tieColumnSource + rowTopKSource,
      inputs: [s, negatives.mask, kt],
      variableNames: ['S', 'M', 'K'],
      variableComponents: [...load.components, 1],
      outputShape: [n, 2],
      dtype: 'int32',
      workgroupSize: [ROWS_PER_GROUP, 1, 1],
      dispatch: [groups(n, ROWS_PER_GROUP), 1, 1],
      flat: true,
    });
    return maskFromThresholds(s, negatives, thresholds, 0);
  });
}
