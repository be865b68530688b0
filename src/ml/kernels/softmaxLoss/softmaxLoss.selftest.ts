/** Self-test cases of the softmaxLoss kernels (run by kernel-tests.html against the float64 reference). */
import * as tf from '@tensorflow/tfjs';
import type { KernelCase } from '../selftest/harness';
import { Rng } from '../../../data/rng';
import { cosineMatrix, logSumExp, type Matrix } from '../../reference/linalg';
import { pairSoftmaxLoss } from '../../reference/crossExample';
import { numericGradient } from '../../reference/finiteDiff';
import { rowSoftmaxLossWgsl, sharedSoftmaxLossWgsl } from './softmaxLoss';
import { pairNegatives } from '../../ops/negatives';
import { tfjsPairOps } from '../../ops/tfjsPairOps';
import { randn, readAndDispose, scaledMaxErr, toRows, verdict } from '../similarity/similarity.selftest';

type Kind = 'row' | 'shared';
type MaskKind = 'instance' | 'class' | 'random' | 'random+empty row' | 'none';

// ---- inputs --------------------------------------------------------------------------------------

/** S = scale · cos(Q, D) of random embeddings (float32), optionally with many exact ties. */
function makeScores(rng: Rng, n: number, scale: number, ties: boolean): Float32Array {
  const d = 8;
  const c = cosineMatrix(toRows(randn(rng, n, d), n, d), toRows(randn(rng, n, d), n, d));
  const s = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      // ties: cosines rounded to quarters → few distinct values, repeated maxima in every row
      const v = ties ? Math.round(c[i][j] * 4) / 4 : c[i][j];
      s[i * n + j] = scale * v;
    }
  }
  return s;
}

/** 0/1 mask with a zero diagonal (PairOps convention). */
function makeMask(rng: Rng, n: number, kind: MaskKind): Float32Array {
  const m = new Float32Array(n * n);
  const labels = Array.from({ length: n }, () => rng.int(Math.max(2, Math.ceil(n / 4))));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      let v = false;
      if (kind === 'instance') v = true;
      else if (kind === 'class') v = labels[i] !== labels[j];
      else if (kind === 'random' || kind === 'random+empty row') v = rng.next() < 0.5;
      m[i * n + j] = v ? 1 : 0;
    }
  }
  if (kind === 'random+empty row' && n > 1) m.fill(0, 0, n); // row 0: no negatives at all
  return m;
}

// ---- float64 reference ---------------------------------------------------------------------------

/** Per-row ℓ_i in float64 (explicit index lists, the reference's log-sum-exp). */
function referenceLosses(kind: Kind, s: ArrayLike<number>, mask: ArrayLike<number>, n: number): number[] {
  const out: number[] = [];
  if (kind === 'row') {
    for (let i = 0; i < n; i++) {
      const vals = [s[i * n + i]];
      for (let j = 0; j < n; j++) if (j !== i && mask[i * n + j] > 0.5) vals.push(s[i * n + j]);
      out.push(logSumExp(vals) - s[i * n + i]);
    }
    return out;
  }
  const neg: number[] = [];
  for (let f = 0; f < n * n; f++) if (f % (n + 1) !== 0 && mask[f] > 0.5) neg.push(s[f]);
  const lseNeg = logSumExp(neg); // −Infinity when empty
  for (let i = 0; i < n; i++) {
    const sii = s[i * n + i];
    out.push(neg.length === 0 ? 0 : logSumExp([sii, lseNeg]) - sii);
  }
  return out;
}

/** The same negatives as flat index lists, for crossExample.ts's pairSoftmaxLoss (mean loss). */
function referenceMean(kind: Kind, s: ArrayLike<number>, mask: ArrayLike<number>, n: number): number {
  const S: Matrix = toRows(s, n, n);
  const rows: number[][] = [];
  const all: number[] = [];
  for (let i = 0; i < n; i++) {
    const r: number[] = [];
    for (let j = 0; j < n; j++) if (j !== i && mask[i * n + j] > 0.5) r.push(i * n + j);
    rows.push(r);
    all.push(...r);
  }
  return pairSoftmaxLoss(S, kind === 'row' ? rows : S.map(() => all));
}

// ---- composite on the same backend (tfjs autodiff; max subtracted, no −∞) -------------------------

function compositeLosses(kind: Kind, s: tf.Tensor2D, mask: tf.Tensor2D, anyNegative: boolean): tf.Tensor1D {
  const n = s.shape[0];
  const eye = tf.eye(n);
  const inc = tf.mul(tf.greater(mask, 0.5).cast('float32'), tf.sub(1, eye));
  const incB = tf.greater(inc, 0.5);
  const sd = tf.sum(tf.mul(s, eye), 1); // s_ii
  if (kind === 'row') {
    const xs = tf.where(incB, s, tf.tile(tf.reshape(sd, [n, 1]), [1, n]));
    const mx = tf.max(xs, 1);
    const z = tf.add(tf.exp(tf.sub(sd, mx)), tf.sum(tf.mul(inc, tf.exp(tf.sub(xs, tf.reshape(mx, [n, 1])))), 1));
    return tf.sub(tf.add(mx, tf.log(z)), sd) as tf.Tensor1D;
  }
  const xs = tf.where(incB, s, tf.broadcastTo(tf.min(s), [n, n])); // filler never above M
  const M = tf.max(xs);
  const g0 = tf.sum(tf.mul(inc, tf.exp(tf.sub(xs, M))));
  const m = tf.maximum(sd, tf.broadcastTo(M, [n])); // (tfjs's Maximum gradient does not un-broadcast)
  const loss = tf.sub(tf.add(m, tf.log(tf.add(tf.exp(tf.sub(sd, m)), tf.mul(tf.exp(tf.sub(M, m)), g0)))), sd);
  return (anyNegative ? loss : tf.mul(loss, 0)) as tf.Tensor1D;
}

const wgsl = (kind: Kind) => (kind === 'row' ? rowSoftmaxLossWgsl : sharedSoftmaxLossWgsl);

// ---- cases ---------------------------------------------------------------------------------------

interface Setup {
  kind: Kind;
  n: number;
  scale: number;
  mask: MaskKind;
  ties?: boolean;
  seed: number;
  /** 'fd': float64 central differences; 'autodiff': tfjs composite on webgpu. */
  grad: 'fd' | 'autodiff';
}

function lossCase(c: Setup): KernelCase {
  const label = `${c.kind}SoftmaxLoss N=${c.n} scale ${c.scale} mask ${c.mask}${c.ties ? ' ties' : ''}, grad vs ${c.grad === 'fd' ? 'float64 finite differences' : 'tfjs autodiff'}`;
  return {
    name: label,
    async run() {
      const { kind, n } = c;
      const rng = new Rng(c.seed);
      const sa = makeScores(rng, n, c.scale, Boolean(c.ties));
      const ma = makeMask(rng, n, c.mask);
      const ga = randn(rng, 1, n); // upstream gradient dL/dℓ_i
      const s = tf.tensor2d(sa, [n, n]);
      const mask = tf.tensor2d(ma, [n, n]);
      const g = tf.tensor1d(ga);
      const fn = wgsl(kind);
      const lossVals = await readAndDispose(fn(s, mask));
      const grad = await readAndDispose(tf.grad((x: tf.Tensor) => tf.sum(tf.mul(fn(x as tf.Tensor2D, mask), g)))(s));
      let refGrad: ArrayLike<number>;
      if (c.grad === 'fd') {
        const f = (x: Float64Array) => referenceLosses(kind, x, ma, n).reduce((acc, l, i) => acc + ga[i] * l, 0);
        refGrad = numericGradient(f, Float64Array.from(sa));
      } else {
        const anyNegative = ma.some((v) => v > 0.5);
        refGrad = await readAndDispose(tf.grad((x: tf.Tensor) => tf.sum(tf.mul(compositeLosses(kind, x as tf.Tensor2D, mask, anyNegative), g)))(s));
      }
      tf.dispose([s, mask, g]);
      const ref = referenceLosses(kind, sa, ma, n);
      // ℓ to 1e-4 relative to the largest |ℓ| (at least 1); the mean also against crossExample.ts.
      const lossMag = Math.max(1, ...ref.map(Math.abs));
      let lossErr = 0;
      for (let i = 0; i < n; i++) lossErr = Math.max(lossErr, Number.isFinite(lossVals[i]) ? Math.abs(lossVals[i] - ref[i]) / lossMag : Infinity);
      const mean = lossVals.reduce((a, b) => a + b, 0) / n;
      const meanRef = referenceMean(kind, sa, ma, n);
      const meanErr = Math.abs(mean - meanRef) / Math.max(1, Math.abs(meanRef));
      const gradErr = scaledMaxErr(grad, refGrad);
      const gradTol = c.scale >= 1000 ? 5e-5 : 2e-5;
      const ok = lossErr <= 1e-4 && meanErr <= 1e-4 && gradErr <= gradTol;
      return {
        ok,
        maxErr: Math.max(lossErr, meanErr, gradErr),
        detail: `ℓ ${lossErr.toExponential(2)} (tol 1e-4), mean ${meanErr.toExponential(2)}, grad ${gradErr.toExponential(2)} (tol ${gradTol})`,
      };
    },
  };
}

/** Every row masked: ℓ = 0 and a zero gradient, exactly (no −∞, no NaN). */
function allMaskedCase(kind: Kind, n: number, scale: number): KernelCase {
  return {
    name: `${kind}SoftmaxLoss N=${n} scale ${scale} all rows masked → ℓ = 0, grad = 0`,
    async run() {
      const rng = new Rng(n);
      const s = tf.tensor2d(makeScores(rng, n, scale, false), [n, n]);
      const mask = tf.zeros([n, n]) as tf.Tensor2D;
      const fn = wgsl(kind);
      const l = await readAndDispose(fn(s, mask));
      const gr = await readAndDispose(tf.grad((x: tf.Tensor) => tf.sum(fn(x as tf.Tensor2D, mask)))(s));
      tf.dispose([s, mask]);
      const e = Math.max(scaledMaxErr(l, new Float32Array(n)), scaledMaxErr(gr, new Float32Array(n * n)));
      return verdict(e, 0);
    },
  };
}

/**
 * The mask exactly as the app builds it (`pairNegatives`, class and instance mode): in class mode
 * tfjs keeps a cast-from-bool mask's int32 buffer, which a shader must read through f32(). Loss
 * and gradient against the composite tfjs ops on the same backend and the float64 reference.
 */
function appMaskCase(kind: Kind, mode: 'class' | 'instance', n: number): KernelCase {
  return {
    name: `${kind}SoftmaxLoss N=${n} app mask (pairNegatives, ${mode} mode) vs tfjs ops`,
    async run() {
      const rng = new Rng(n * 7 + (mode === 'class' ? 1 : 2));
      const labels = Int32Array.from({ length: n }, () => rng.int(5));
      const sVals = Float32Array.from({ length: n * n }, () => rng.uniform(-20, 20));
      const neg = pairNegatives(labels, mode);
      const s = tf.tensor2d(sVals, [n, n]);
      const ours = tf.valueAndGrad((x: tf.Tensor) => tf.sum(wgsl(kind)(x as tf.Tensor2D, neg.mask)))(s);
      const composite = kind === 'row' ? tfjsPairOps.rowSoftmaxLoss : tfjsPairOps.sharedSoftmaxLoss;
      const theirs = tf.valueAndGrad((x: tf.Tensor) => tf.sum(composite(x as tf.Tensor2D, neg.mask)))(s);
      const [v1, g1, v2, g2, m] = await Promise.all([ours.value.data(), ours.grad.data(), theirs.value.data(), theirs.grad.data(), neg.mask.data()]);
      tf.dispose([s, neg.mask, ours.value, ours.grad, theirs.value, theirs.grad]);
      const ref = n * referenceMean(kind, sVals, m, n);
      const lossErr = Math.abs(v1[0] - ref) / Math.max(1, Math.abs(ref));
      const compErr = Math.abs(v1[0] - v2[0]) / Math.max(1, Math.abs(v2[0]));
      let gradErr = 0;
      for (let i = 0; i < g1.length; i++) gradErr = Math.max(gradErr, Math.abs(g1[i] - g2[i]));
      const maxErr = Math.max(lossErr, compErr, gradErr);
      return { ok: maxErr < 1e-4 && ref > 0, maxErr, detail: `Σℓ ours ${v1[0]} tfjs ${v2[0]} ref ${ref}` };
    },
  };
}

export const softmaxLossCases: KernelCase[] = (['row', 'shared'] as Kind[]).flatMap((kind, k) => [
  appMaskCase(kind, 'class', 40),
  appMaskCase(kind, 'instance', 33),
  lossCase({ kind, n: 1, scale: 20, mask: 'instance', seed: 100 + k, grad: 'fd' }),
  lossCase({ kind, n: 2, scale: 20, mask: 'instance', seed: 110 + k, grad: 'fd' }),
  lossCase({ kind, n: 7, scale: 64, mask: 'class', seed: 120 + k, grad: 'fd' }),
  lossCase({ kind, n: 6, scale: 1000, mask: 'random', seed: 130 + k, grad: 'fd' }),
  lossCase({ kind, n: 9, scale: 20, mask: 'random+empty row', ties: true, seed: 140 + k, grad: 'fd' }),
  lossCase({ kind, n: 33, scale: 20, mask: 'random+empty row', seed: 150 + k, grad: 'autodiff' }),
  lossCase({ kind, n: 64, scale: 64, mask: 'class', ties: true, seed: 160 + k, grad: 'autodiff' }),
  lossCase({ kind, n: 129, scale: 1000, mask: 'random', seed: 170 + k, grad: 'autodiff' }),
  lossCase({ kind, n: 129, scale: 64, mask: 'instance', seed: 180 + k, grad: 'autodiff' }),
  allMaskedCase(kind, 17, 1000),
]);
