/** Self-test cases of the similarity kernels (run by kernel-tests.html against the float64 reference). */
import * as tf from '@tensorflow/tfjs';
import type { CaseResult, KernelCase } from '../selftest/harness';
import { Rng } from '../../../data/rng';
import { cosineMatrix, type Matrix } from '../../reference/linalg';
import { numericGradient } from '../../reference/finiteDiff';
import { l2NormalizeRows, scaledCosineWgsl, scaledGradProductWgsl, scaledProductWgsl } from './similarity';
import { flushAndWait } from '../program';
import { measurePeakGflops } from '../peak/peak';

// ---- helpers shared with softmaxLoss.selftest.ts -------------------------------------------------

/** rows × cols standard normals as float32 (the exact values both sides see). */
export function randn(rng: Rng, rows: number, cols: number): Float32Array {
  const a = new Float32Array(rows * cols);
  for (let i = 0; i < a.length; i++) a[i] = rng.normal();
  return a;
}

/** Row-major flat array → float64 row list. */
export function toRows(a: ArrayLike<number>, rows: number, cols: number): Matrix {
  const out: Matrix = [];
  for (let i = 0; i < rows; i++) out.push(Array.from({ length: cols }, (_, j) => a[i * cols + j]));
  return out;
}

/**
 * max |a − b| / max |b| (the error scaled by the reference's magnitude); the plain max |a − b|
 * when the reference is all zeros. Infinity on any non-finite value.
 */
export function scaledMaxErr(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`length mismatch ${a.length} vs ${b.length}`);
  let diff = 0;
  let mag = 0;
  for (let k = 0; k < a.length; k++) {
    if (!Number.isFinite(a[k]) || !Number.isFinite(b[k])) return Infinity;
    diff = Math.max(diff, Math.abs(a[k] - b[k]));
    mag = Math.max(mag, Math.abs(b[k]));
  }
  return mag > 0 ? diff / mag : diff;
}

/** Reads a tensor (asynchronously: never dataSync on webgpu) and disposes it. */
export async function readAndDispose(t: tf.Tensor): Promise<Float32Array> {
  const v = (await t.data()) as Float32Array;
  t.dispose();
  return v;
}

export function verdict(maxErr: number, tol: number, detail?: string): CaseResult {
  return { ok: maxErr <= tol, maxErr, detail: `${detail ? detail + '; ' : ''}tol ${tol}` };
}

// ---- composite on the same backend (tfjs autodiff) -----------------------------------------------

function compositeScaledCosine(q: tf.Tensor2D, d: tf.Tensor2D, scale: number): tf.Tensor2D {
  return tf.mul(tf.matMul(l2NormalizeRows(q), l2NormalizeRows(d), false, true), scale) as tf.Tensor2D;
}

// ---- cases ---------------------------------------------------------------------------------------

/** Forward against the float64 reference: scale · cosineMatrix(Q, D). */
function forwardCase(n: number, m: number, d: number, scale: number, seed: number, zeroRow = false): KernelCase {
  return {
    name: `similarity fwd Q ${n}x${d} · D ${m}x${d} scale ${scale}${zeroRow ? ' (zero rows)' : ''}`,
    async run() {
      const rng = new Rng(seed);
      const qa = randn(rng, n, d);
      const da = randn(rng, m, d);
      if (zeroRow) {
        qa.fill(0, 0, d);
        da.fill(0, (m - 1) * d, m * d);
      }
      const q = tf.tensor2d(qa, [n, d]);
      const dd = tf.tensor2d(da, [m, d]);
      const got = await readAndDispose(scaledCosineWgsl(q, dd, scale));
      tf.dispose([q, dd]);
      const ref = cosineMatrix(toRows(qa, n, d), toRows(da, m, d)).flat().map((c) => scale * c);
      return verdict(scaledMaxErr(got, ref), 1e-5);
    },
  };
}

/** dQ, dD of Σ R ⊙ S: WGSL custom gradient vs tfjs autodiff of the composite, same backend. */
function gradAutodiffCase(n: number, m: number, d: number, scale: number, seed: number): KernelCase {
  return {
    name: `similarity grad vs tfjs autodiff Q ${n}x${d} · D ${m}x${d} scale ${scale}`,
    async run() {
      const rng = new Rng(seed);
      const q = tf.tensor2d(randn(rng, n, d), [n, d]);
      const dd = tf.tensor2d(randn(rng, m, d), [m, d]);
      const r = tf.tensor2d(randn(rng, n, m), [n, m]);
      const loss = (fn: typeof scaledCosineWgsl) => (a: tf.Tensor, b: tf.Tensor) =>
        tf.sum(tf.mul(fn(a as tf.Tensor2D, b as tf.Tensor2D, scale), r)) as tf.Scalar;
      const [gq, gd] = tf.grads(loss(scaledCosineWgsl))([q, dd]);
      const [cq, cd] = tf.grads(loss(compositeScaledCosine))([q, dd]);
      const [a1, a2, b1, b2] = await Promise.all([gq, gd, cq, cd].map(readAndDispose));
      tf.dispose([q, dd, r]);
      const e = Math.max(scaledMaxErr(a1, b1), scaledMaxErr(a2, b2));
      return verdict(e, 1e-5, `dQ ${scaledMaxErr(a1, b1).toExponential(2)}, dD ${scaledMaxErr(a2, b2).toExponential(2)}`);
    },
  };
}

/** dQ, dD against central differences of the float64 reference f(Q, D) = Σ R ⊙ scale·cos(Q, D). */
function gradFiniteDiffCase(n: number, m: number, d: number, scale: number, seed: number): KernelCase {
  return {
    name: `similarity grad vs float64 finite differences Q ${n}x${d} · D ${m}x${d} scale ${scale}`,
    async run() {
      const rng = new Rng(seed);
      const qa = randn(rng, n, d);
      const da = randn(rng, m, d);
      const ra = randn(rng, n, m);
      const q = tf.tensor2d(qa, [n, d]);
      const dd = tf.tensor2d(da, [m, d]);
      const r = tf.tensor2d(ra, [n, m]);
      const [gq, gd] = tf.grads((a: tf.Tensor, b: tf.Tensor) =>
        tf.sum(tf.mul(scaledCosineWgsl(a as tf.Tensor2D, b as tf.Tensor2D, scale), r)) as tf.Scalar)([q, dd]);
      const [a1, a2] = await Promise.all([gq, gd].map(readAndDispose));
      tf.dispose([q, dd, r]);
      const f = (qx: ArrayLike<number>, dx: ArrayLike<number>) => {
        const c = cosineMatrix(toRows(qx, n, d), toRows(dx, m, d));
        let s = 0;
        for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) s += ra[i * m + j] * scale * c[i][j];
        return s;
      };
      const dq64 = Float64Array.from(da);
      const nq = numericGradient((x) => f(x, dq64), Float64Array.from(qa));
      const qq64 = Float64Array.from(qa);
      const nd = numericGradient((x) => f(qq64, x), Float64Array.from(da));
      const e = Math.max(scaledMaxErr(a1, nq), scaledMaxErr(a2, nd));
      return verdict(e, 1e-5, `dQ ${scaledMaxErr(a1, nq).toExponential(2)}, dD ${scaledMaxErr(a2, nd).toExponential(2)}`);
    },
  };
}

/**
 * The one timing sanity case: N = 512, d = 64. Our forward product and the two backward products
 * next to tf.matMul computing the same matrices on the same adapter (wall clock to queue idle,
 * after a compiling warm-up; median of 3). Values must agree; the timing is reported, not
 * asserted (shared, noisy machine).
 */
function timingCase(n: number, d: number): KernelCase {
  return {
    name: `similarity timing sanity N=${n} d=${d} (WGSL products vs tf.matMul)`,
    async run() {
      const rng = new Rng(99);
      const q = tf.tensor2d(randn(rng, n, d), [n, d]);
      const dd = tf.tensor2d(randn(rng, n, d), [n, d]);
      const g = tf.tensor2d(randn(rng, n, n), [n, n]);
      const qh = l2NormalizeRows(q);
      const dh = l2NormalizeRows(dd);
      const pairs: Array<[string, () => tf.Tensor, () => tf.Tensor]> = [
        ['fwd', () => scaledProductWgsl(qh, dh, 1), () => tf.matMul(qh, dh, false, true)],
        ['dQ', () => scaledGradProductWgsl(g, dh, false, 1), () => tf.matMul(g, dh)],
        ['dD', () => scaledGradProductWgsl(g, qh, true, 1), () => tf.matMul(g, qh, true, false)],
      ];
      const time = async (f: () => tf.Tensor) => {
        const ts: number[] = [];
        for (let r = 0; r < 3; r++) {
          await flushAndWait();
          const t0 = performance.now();
          const out = f();
          await flushAndWait();
          ts.push(performance.now() - t0);
          out.dispose();
        }
        return ts.sort((a, b) => a - b)[1];
      };
      const flops = 2 * n * n * d;
      let err = 0;
      const parts: string[] = [];
      for (const [name, ours, theirs] of pairs) {
        const [a, b] = await Promise.all([readAndDispose(ours()), readAndDispose(theirs())]); // also warms up
        err = Math.max(err, scaledMaxErr(a, b));
        const t1 = await time(ours);
        const t2 = await time(theirs);
        parts.push(`${name} ${t1.toFixed(1)} ms = ${(flops / t1 / 1e6).toFixed(2)} GFLOP/s vs tf.matMul ${t2.toFixed(1)} ms`);
      }
      tf.dispose([q, dd, g, qh, dh]);
      return verdict(err, 1e-5, parts.join('; '));
    },
  };
}

/** The peak probe (peak.ts) compiles, runs and reports a finite positive rate (short settings). */
const peakSmokeCase: KernelCase = {
  name: 'similarity peak probe (measurePeakGflops) runs',
  async run() {
    const { gflops, ms, invocations } = await measurePeakGflops(1, 40);
    const ok = Number.isFinite(gflops) && gflops > 0 && ms > 0 && invocations >= 256 * 64;
    return { ok, detail: `${gflops.toFixed(2)} GFLOP/s, ${ms.toFixed(0)} ms per run at ${invocations} invocations (short run, noisy)` };
  },
};

export const similarityCases: KernelCase[] = [
  forwardCase(1, 1, 1, 1, 1),
  forwardCase(2, 2, 3, 20, 2),
  forwardCase(7, 5, 64, 64, 3),
  forwardCase(33, 17, 65, 20, 4),
  forwardCase(64, 64, 64, 1000, 5),
  forwardCase(129, 70, 3, 20, 6),
  forwardCase(3, 129, 65, 20, 7),
  forwardCase(33, 129, 1, 20, 8),
  forwardCase(9, 7, 5, 20, 9, true),
  gradFiniteDiffCase(3, 4, 5, 2, 10),
  gradFiniteDiffCase(7, 2, 3, 20, 11),
  gradAutodiffCase(1, 2, 3, 20, 12),
  gradAutodiffCase(7, 5, 64, 20, 13),
  gradAutodiffCase(33, 17, 65, 64, 14),
  gradAutodiffCase(64, 64, 64, 20, 15),
  gradAutodiffCase(129, 70, 3, 20, 16),
  timingCase(512, 64),
  peakSmokeCase,
];
