/**
 * Helpers for the loss and pair-op unit tests: float32 rounding of reference inputs, tfjs
 * gradients read back as float64 arrays, and a gradient-error measure with a floor scaled to the
 * gradient's size (float32 autodiff against a float64 finite difference).
 */
import * as tf from '@tensorflow/tfjs';
import { maxRelError, numericGradient } from '../reference/finiteDiff';
import type { Matrix } from '../reference/linalg';

/** Rounds every entry to float32, so the reference sees exactly the values tfjs holds. */
export const f32 = (m: Matrix): Matrix => m.map((row) => row.map(Math.fround));

/** Row-major flattening to a Float64Array (the layout `numericGradient` works on). */
export const flat = (m: Matrix): Float64Array => Float64Array.from(m.flat());

/** Inverse of {@link flat}. */
export function unflat(x: ArrayLike<number>, rows: number, cols: number): Matrix {
  return Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => x[i * cols + j]));
}

/**
 * Value and gradients of a tfjs scalar function of several matrices, read back as float64.
 * Checks that nothing leaks: the tensor count is the same before and after.
 */
export async function valueAndGrads(
  f: (xs: tf.Tensor2D[]) => tf.Scalar,
  xs: Matrix[],
): Promise<{ value: number; grads: Float64Array[] }> {
  const before = tf.memory().numTensors;
  const inputs = xs.map((x) => tf.tensor2d(x, [x.length, x[0]?.length ?? 0]));
  const { value, grads } = tf.valueAndGrads((...ts: tf.Tensor[]) => f(ts as tf.Tensor2D[]))(inputs);
  const out = { value: (await value.data())[0], grads: await Promise.all(grads.map(async (g) => Float64Array.from(await g.data()))) };
  tf.dispose([value, ...grads, ...inputs]);
  const after = tf.memory().numTensors;
  if (after !== before) throw new Error(`leaked ${after - before} tensors`);
  return out;
}

/** {@link valueAndGrads} for one matrix. */
export async function valueAndGrad(f: (x: tf.Tensor2D) => tf.Scalar, x: Matrix): Promise<{ value: number; grad: Float64Array }> {
  const r = await valueAndGrads((xs) => f(xs[0]), [x]);
  return { value: r.value, grad: r.grads[0] };
}

/**
 * Gradient error of a float32 autodiff gradient against a float64 reference: max relative error
 * with a floor of 1e-3 of the reference's largest entry (entries far smaller than the gradient's
 * scale are judged absolutely, at float32 noise level).
 */
export function gradError(got: ArrayLike<number>, want: ArrayLike<number>): number {
  let scale = 0;
  for (let i = 0; i < want.length; i++) scale = Math.max(scale, Math.abs(want[i]));
  return maxRelError(got, want, Math.max(1e-3 * scale, 1e-7));
}

/**
 * Runs f (inside tf.tidy, so f may create helper tensors) on tensors made from matrices and reads
 * the result back as a flat float64 array.
 */
export async function run(f: (xs: tf.Tensor2D[]) => tf.Tensor, xs: Matrix[]): Promise<Float64Array> {
  const before = tf.memory().numTensors;
  const inputs = xs.map((x) => tf.tensor2d(x, [x.length, x[0]?.length ?? 0]));
  const out = tf.tidy(() => f(inputs));
  const data = Float64Array.from(await out.data());
  tf.dispose([out, ...inputs]);
  const after = tf.memory().numTensors;
  if (after !== before) throw new Error(`leaked ${after - before} tensors`);
  return data;
}

/** 0/1 N×N matrix from each row's selected columns. */
export function rowSelectionMatrix(n: number, rows: number[][]): Matrix {
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  rows.forEach((cols, i) => cols.forEach((j) => (m[i][j] = 1)));
  return m;
}

/** 0/1 N×N matrix from flat row-major indices. */
export function flatSelectionMatrix(n: number, flatIdx: number[]): Matrix {
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const f of flatIdx) m[Math.floor(f / n)][f % n] = 1;
  return m;
}

/**
 * SPEC's top-k order (value descending, ties → lower row-major index) over the flat indices where
 * `mask` is 1 — the rule of `reference/crossExample.ts` for an arbitrary mask (the reference
 * itself only builds masks from labels); the tests check the two agree on label masks.
 */
export function sortedCandidates(S: Matrix, mask: Matrix, rows?: number[]): number[] {
  const n = S.length;
  const cand: number[] = [];
  for (const i of rows ?? S.map((_, r) => r)) for (let j = 0; j < n; j++) if (mask[i][j]) cand.push(i * n + j);
  return cand.sort((a, b) => {
    const va = S[Math.floor(a / n)][a % n];
    const vb = S[Math.floor(b / n)][b % n];
    return va !== vb ? vb - va : a - b;
  });
}

/**
 * `numericGradient` of f at x restricted to the coordinates `idx` (the others held fixed), so a
 * large input can be spot-checked at a few hundred coordinates instead of all of them.
 */
export function numericGradientAt(
  f: (x: Float64Array) => number,
  x: Float64Array,
  idx: number[],
  h?: number,
): Float64Array {
  const full = Float64Array.from(x);
  return numericGradient((sub) => {
    idx.forEach((k, i) => (full[k] = sub[i]));
    return f(full);
  }, Float64Array.from(idx, (k) => x[k]), h);
}

/** Picks the entries `idx` of a flat array. */
export const pick = (a: ArrayLike<number>, idx: number[]): Float64Array => Float64Array.from(idx, (k) => a[k]);

/** The n diagonal flat indices of an n×n matrix plus `extra` seeded random ones (distinct, sorted). */
export function spotIndices(rng: { int(n: number): number }, n: number, extra: number): number[] {
  const set = new Set<number>();
  for (let i = 0; i < n; i++) set.add(i * n + i);
  while (set.size < Math.min(n * n, n + extra)) set.add(rng.int(n * n));
  return [...set].sort((a, b) => a - b);
}
