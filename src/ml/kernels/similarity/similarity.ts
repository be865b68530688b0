/**
 * Scaled cosine similarity on our WGSL kernels (PairOps.scaledCosine, SPEC "Notation"):
 * S = scale · Q̂ D̂ᵀ with x̂ = x / sqrt(‖x‖² + 1e-12), Q [N, d], D [M, d] → S [N, M].
 *
 * Every step is one of our kernels, each with a WGSL custom gradient:
 * - `similarityNormalize.wgsl` / `similarityNormalizeGrad.wgsl`: x̂ = x / sqrt(‖x‖² + 1e-12) per
 *   row, zero-padded to a multiple of 4 columns (so any d works with vec4 loads); backward
 *   dx = r (dx̂ − x̂ ⟨x̂, dx̂⟩). One invocation per row. (Plain tfjs ops would do, but tfjs's row
 *   reduction alone costs ~25 ms for 512 × 64 on the SwiftShader adapter — more than the product.)
 * - `similarity.wgsl`: S = scale · Q̂ D̂ᵀ, an 8 × 16 register tile per invocation, vec4 loads.
 * - `similarityGrad.wgsl`: dQ̂ = scale · dS D̂ and dD̂ = scale · dSᵀ Q̂ (one kernel, strides as
 *   uniforms), an 8-row × 16-column register tile, vec4 loads and stores.
 * Every tensor stays on the GPU. Webgpu backend only.
 */
import * as tf from '@tensorflow/tfjs';
import { groups, runKernel } from '../program';
import forwardSource from './similarity.wgsl?raw';
import gradSource from './similarityGrad.wgsl?raw';
import normalizeSource from './similarityNormalize.wgsl?raw';
import normalizeGradSource from './similarityNormalizeGrad.wgsl?raw';

/** ε under the root of every l2 normalisation (SPEC "Notation"). */
export const L2_EPS = 1e-12;

/** Register tile of the forward kernel: rows of Q̂ × rows of D̂ per invocation (see similarity.wgsl). */
const FWD_TILE = { rows: 8, cols: 16 };
const FWD_WORKGROUP: [number, number, number] = [8, 8, 1];
/** Register tile of the gradient kernel: output rows × vec4 columns per invocation. */
const GRAD_TILE = { rows: 8, vec4Cols: 4 };
const GRAD_WORKGROUP: [number, number, number] = [4, 8, 1];

const WG = 64;

/** x / sqrt(‖x‖² + 1e-12) row-wise with plain tfjs ops (differentiable; the tests' composite). */
export function l2NormalizeRows(x: tf.Tensor2D): tf.Tensor2D {
  return tf.tidy(() => tf.mul(x, tf.rsqrt(tf.add(tf.sum(tf.square(x), 1, true), L2_EPS))) as tf.Tensor2D);
}

/**
 * x / sqrt(‖x‖² + 1e-12) row-wise, zero-padded to K = 4·ceil(d / 4) columns: [N, d] → [N, K]
 * (WGSL forward and WGSL custom gradient; d ≥ 1).
 */
export function l2NormalizePadWgsl(x: tf.Tensor2D): tf.Tensor2D {
  const [n, d] = x.shape;
  const k = Math.ceil(d / 4) * 4;
  if (d < 1) throw new Error('l2NormalizePadWgsl: d must be ≥ 1');
  const f = tf.customGrad((...args: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const xin = args[0] as tf.Tensor2D;
    const save = args[1] as tf.GradSaveFunc;
    save([xin]);
    return {
      value: runKernel({
        name: 'mp_similarity_normalize', source: normalizeSource, inputs: [xin], variableNames: ['X'],
        outputShape: [n, k], outputComponent: 4, workgroupSize: [WG, 1, 1], dispatch: [groups(n, WG), 1, 1], flat: true,
      }),
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) =>
        runKernel({
          name: 'mp_similarity_normalize_grad', source: normalizeGradSource, inputs: [saved[0], dy], variableNames: ['X', 'Gh'],
          variableComponents: [1, 4], outputShape: [n, d], workgroupSize: [WG, 1, 1], dispatch: [groups(n, WG), 1, 1], flat: true,
        }),
    };
  });
  return f(x) as tf.Tensor2D;
}

/**
 * S = scale · A Bᵀ for A [N, K], B [M, K] with K % 4 == 0 (forward kernel, no gradient).
 * Exported for the benchmark and the self-tests.
 */
export function scaledProductWgsl(a: tf.Tensor2D, b: tf.Tensor2D, scale: number): tf.Tensor2D {
  const [n, k] = a.shape;
  const [m, kb] = b.shape;
  if (k !== kb || k % 4 !== 0) throw new Error(`scaledProductWgsl: bad shapes [${a.shape}] · [${b.shape}]ᵀ`);
  return runKernel({
    name: 'mp_similarity_fwd_8x16',
    source: forwardSource,
    inputs: [a, b],
    variableNames: ['A', 'B'],
    variableComponents: [4, 4],
    outputShape: [n, m],
    workgroupSize: FWD_WORKGROUP,
    dispatch: [groups(groups(m, FWD_TILE.cols), FWD_WORKGROUP[0]), groups(groups(n, FWD_TILE.rows), FWD_WORKGROUP[1]), 1],
    flat: false,
    uniforms: 'scale : f32,',
    uniformData: [{ type: 'float32', data: [scale] }],
  }) as tf.Tensor2D;
}

/**
 * out = scale · G B (`transposeG` false: G [R, T]) or scale · Gᵀ B (`transposeG` true: G [T, R]),
 * with B [T, K], K % 4 == 0 → out [R, K]. The backward products of {@link scaledProductWgsl}.
 */
export function scaledGradProductWgsl(g: tf.Tensor2D, b: tf.Tensor2D, transposeG: boolean, scale: number): tf.Tensor2D {
  const [gr, gc] = g.shape;
  const [t, k] = b.shape;
  const rows = transposeG ? gc : gr;
  const red = transposeG ? gr : gc;
  if (red !== t || k % 4 !== 0) throw new Error(`scaledGradProductWgsl: bad shapes [${g.shape}]${transposeG ? 'ᵀ' : ''} · [${b.shape}]`);
  // G[r][t] lives at G[r·sI + t·sT] of the row-major dS buffer.
  const sI = transposeG ? 1 : gc;
  const sT = transposeG ? gc : 1;
  return runKernel({
    name: 'mp_similarity_grad_8x16',
    source: gradSource,
    inputs: [g, b],
    variableNames: ['G', 'B'],
    variableComponents: [1, 4],
    outputComponent: 4,
    outputShape: [rows, k],
    workgroupSize: GRAD_WORKGROUP,
    dispatch: [groups(groups(k / 4, GRAD_TILE.vec4Cols), GRAD_WORKGROUP[0]), groups(groups(rows, GRAD_TILE.rows), GRAD_WORKGROUP[1]), 1],
    flat: false,
    uniforms: 'rows : i32, red : i32, sI : i32, sT : i32, scale : f32,',
    uniformData: [
      { type: 'int32', data: [rows] },
      { type: 'int32', data: [red] },
      { type: 'int32', data: [sI] },
      { type: 'int32', data: [sT] },
      { type: 'float32', data: [scale] },
    ],
  }) as tf.Tensor2D;
}

/** scale · Â B̂ᵀ with the WGSL forward and the WGSL custom gradient (K % 4 == 0). */
function scaledProduct(a: tf.Tensor2D, b: tf.Tensor2D, scale: number): tf.Tensor2D {
  // CustomGradientFunc is typed (...inputs: Array<Tensor|GradSaveFunc>) => …, so narrow by hand.
  const f = tf.customGrad((...args: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const x = args[0] as tf.Tensor2D;
    const y = args[1] as tf.Tensor2D;
    const save = args[2] as tf.GradSaveFunc;
    save([x, y]);
    return {
      value: scaledProductWgsl(x, y, scale),
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => {
        const [sx, sy] = saved as tf.Tensor2D[];
        const g = dy.dtype === 'float32' ? (dy as tf.Tensor2D) : (tf.cast(dy, 'float32') as tf.Tensor2D);
        const dx = scaledGradProductWgsl(g, sy, false, scale); // scale · dS · B̂
        const dyb = scaledGradProductWgsl(g, sx, true, scale); // scale · dSᵀ · Â
        if (g !== dy) g.dispose();
        return [dx, dyb];
      },
    };
  });
  return f(a, b) as tf.Tensor2D;
}

/**
 * S = scale · Q̂ D̂ᵀ (PairOps.scaledCosine): Q [N, d], D [M, d] → [N, M]; differentiable with
 * respect to Q and D. Webgpu backend only.
 */
export function scaledCosineWgsl(q: tf.Tensor2D, d: tf.Tensor2D, scale: number): tf.Tensor2D {
  if (q.rank !== 2 || d.rank !== 2 || q.shape[1] !== d.shape[1]) {
    throw new Error(`scaledCosineWgsl: expected Q [N, d] and D [M, d], got [${q.shape}] and [${d.shape}]`);
  }
  return tf.tidy(() => {
    const qf = q.dtype === 'float32' ? q : (tf.cast(q, 'float32') as tf.Tensor2D);
    const df = d.dtype === 'float32' ? d : (tf.cast(d, 'float32') as tf.Tensor2D);
    if (q.shape[0] === 0 || d.shape[0] === 0 || q.shape[1] === 0) return tf.zeros([q.shape[0], d.shape[0]]) as tf.Tensor2D;
    return scaledProduct(l2NormalizePadWgsl(qf), l2NormalizePadWgsl(df), scale);
  });
}
