import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { tfjsPairOps as ops } from './tfjsPairOps';
import { pairNegatives, type PairMode } from './negatives';
import { rowTopKCounts, topKCount } from './topk';
import type { Negatives } from './pairOps';
import { globalTopK, rowTopK } from '../reference/crossExample';
import { cosineMatrix, logSumExp, type Matrix } from '../reference/linalg';
import { numericGradient } from '../reference/finiteDiff';
import { Rng } from '../../data/rng';
import { randomMatrix, toMatrix, useCpuBackend } from '../ml.testkit';
import {
  f32,
  flat,
  flatSelectionMatrix,
  gradError,
  numericGradientAt,
  pick,
  spotIndices,
  rowSelectionMatrix,
  run,
  sortedCandidates,
  unflat,
  valueAndGrad,
  valueAndGrads,
} from '../losses/losses.testkit';

beforeAll(useCpuBackend);

/** Labels 0..classes−1 drawn at random (some classes may hold one item). */
const randomLabels = (rng: Rng, n: number, classes: number) => Int32Array.from({ length: n }, () => rng.int(classes));

/** A float32 scaled-cosine matrix from random queries and documents. */
const randomS = (rng: Rng, n: number, d: number, scale: number): Matrix =>
  f32(cosineMatrix(randomMatrix(rng, n, d), randomMatrix(rng, n, d)).map((r) => r.map((c) => scale * c)));

/** Negatives from an explicit 0/1 mask (the contract allows any mask with a zero diagonal). */
function customNegatives(mask: Matrix): Negatives {
  const rowCount = Int32Array.from(mask, (r) => r.reduce((a, b) => a + b, 0));
  return { mask: tf.tensor2d(mask), rowCount, total: rowCount.reduce((a, b) => a + b, 0) };
}

async function rowMask(S: Matrix, neg: Negatives, k: Int32Array): Promise<Matrix> {
  const s = tf.tensor2d(S);
  const m = ops.rowTopKMask(s, neg, k);
  const out = await toMatrix(m);
  tf.dispose([s, m]);
  return out;
}

async function globalMask(S: Matrix, neg: Negatives, k: number): Promise<Matrix> {
  const s = tf.tensor2d(S);
  const m = ops.globalTopKMask(s, neg, k);
  const out = await toMatrix(m);
  tf.dispose([s, m]);
  return out;
}

/** Every top-k case: random, tied (integer-valued, duplicate rows/columns), one-item classes, no negatives. */
function topKCases(): { name: string; S: Matrix; y: Int32Array; mode: PairMode }[] {
  const rng = new Rng(11);
  const cases: { name: string; S: Matrix; y: Int32Array; mode: PairMode }[] = [];
  for (const n of [1, 2, 7, 33, 64]) {
    for (const mode of ['class', 'instance'] as const) {
      cases.push({ name: `random N=${n} ${mode}`, S: randomS(rng, n, 3 + (n % 14), 20), y: randomLabels(rng, n, 4), mode });
      // Integer values in −2..2: many exact ties within rows and across the matrix.
      const ints = Array.from({ length: n }, () => Array.from({ length: n }, () => rng.int(5) - 2));
      cases.push({ name: `integer ties N=${n} ${mode}`, S: ints, y: randomLabels(rng, n, 3), mode });
    }
  }
  // Duplicate rows in Q and D: whole rows and columns of S repeat exactly.
  const q = randomMatrix(rng, 9, 5);
  const d = randomMatrix(rng, 9, 5);
  for (const [a, b] of [[1, 4], [4, 7], [2, 8]]) {
    q[b] = q[a].slice();
    d[b] = d[a].slice();
  }
  const dup = f32(cosineMatrix(q, d).map((r) => r.map((c) => 64 * c)));
  cases.push({ name: 'duplicate rows, instance', S: dup, y: Int32Array.from({ length: 9 }, (_, i) => i), mode: 'instance' });
  cases.push({ name: 'duplicate rows, class', S: dup, y: Int32Array.from([0, 1, 1, 2, 3, 3, 3, 4, 5]), mode: 'class' });
  // Singleton class 7, and a batch of one class (no negatives at all).
  cases.push({ name: 'singleton class', S: randomS(rng, 8, 4, 20), y: Int32Array.from([7, 0, 0, 1, 1, 1, 2, 2]), mode: 'class' });
  cases.push({ name: 'no negatives', S: randomS(rng, 6, 4, 20), y: new Int32Array(6).fill(3), mode: 'class' });
  return cases;
}

const RHOS = [0.01, 0.3, 0.5, 1];

describe('tfjsPairOps.scaledCosine', () => {
  for (const [n, m, d, scale] of [
    [1, 1, 3, 1],
    [2, 7, 5, 20],
    [7, 33, 16, 64],
    [33, 33, 8, 1000],
  ]) {
    it(`matches λ·cos and its gradient (N=${n}, M=${m}, d=${d}, λ=${scale})`, async () => {
      const rng = new Rng(n * 100 + m);
      const Q = randomMatrix(rng, n, d);
      const D = randomMatrix(rng, m, d);
      const W = randomMatrix(rng, n, m);
      const got = await run(([q, dd]) => ops.scaledCosine(q, dd, scale), [Q, D]);
      const want = cosineMatrix(Q, D).flat().map((c) => scale * c);
      got.forEach((v, i) => expect(Math.abs(v - want[i])).toBeLessThan(2e-6 * scale));
      // Gradient of Σ W∘S with respect to Q and D.
      const { grads } = await valueAndGrads(([q, dd]) => tf.sum(tf.mul(ops.scaledCosine(q, dd, scale), tf.tensor2d(W))), [Q, D]);
      const objective = (A: Matrix, B: Matrix) =>
        cosineMatrix(A, B).reduce((acc, row, i) => acc + row.reduce((a, c, j) => a + scale * c * W[i][j], 0), 0);
      const gq = numericGradient((x) => objective(unflat(x, n, d), D), flat(Q));
      const gd = numericGradient((x) => objective(Q, unflat(x, m, d)), flat(D));
      expect(gradError(grads[0], gq)).toBeLessThan(1e-3);
      expect(gradError(grads[1], gd)).toBeLessThan(1e-3);
    });
  }
  it('maps a zero row to zeros with a finite gradient', async () => {
    const Q = [[0, 0, 0], [1, 2, 3]];
    const D = [[1, 0, 0], [0, 1, 0]];
    const got = await run(([q, d]) => ops.scaledCosine(q, d, 20), [Q, D]);
    expect(Array.from(got.slice(0, 2))).toEqual([0, 0]);
    const { grads } = await valueAndGrads(([q, d]) => tf.sum(ops.scaledCosine(q, d, 20)), [Q, D]);
    for (const g of grads) for (const v of g) expect(Number.isFinite(v)).toBe(true);
  });
});

describe('tfjsPairOps.rowTopKMask', () => {
  for (const c of topKCases()) {
    it(`equals the reference rowTopK: ${c.name}`, async () => {
      const neg = pairNegatives(c.y, c.mode);
      for (const rho of RHOS) {
        const want = rowSelectionMatrix(c.S.length, rowTopK(c.S, c.y, c.mode, rho));
        expect(await rowMask(c.S, neg, rowTopKCounts(rho, neg.rowCount))).toEqual(want);
      }
      neg.mask.dispose();
    });
  }

  it('selects the k-th tie by lower column when only part of a tie fits', async () => {
    // Row 0: negatives at columns 1..4 all equal; k = 2 takes columns 1 and 2.
    const S = [
      [9, 5, 5, 5, 5],
      [1, 9, 3, 3, 0],
      [2, 2, 9, 2, 2],
      [0, 0, 0, 9, 0],
      [4, 4, 4, 4, 9],
    ];
    const neg = pairNegatives(Int32Array.from([0, 1, 2, 3, 4]), 'instance');
    const got = await rowMask(S, neg, Int32Array.from([2, 2, 3, 1, 4]));
    expect(got).toEqual([
      [0, 1, 1, 0, 0],
      [0, 0, 1, 1, 0], // 3 > 1: columns 2, 3 (ties at 3, both fit)
      [1, 1, 0, 1, 0],
      [1, 0, 0, 0, 0],
      [1, 1, 1, 1, 0],
    ]);
    neg.mask.dispose();
  });

  it('never selects a non-negative: empty rows, mixed counts, non-negatives above and at the sentinel', async () => {
    const rng = new Rng(5);
    const n = 12;
    const mask = Array.from({ length: n }, (_, i) =>
      Array.from({ length: n }, (_, j) => (i !== j && i % 4 !== 0 && rng.next() < 0.5 ? 1 : 0)),
    );
    // Non-negatives hold the largest values and the most negative float32 (the ranking sentinel).
    const S = mask.map((row, i) => row.map((m, j) => (m ? rng.int(3) : (i + j) % 2 ? 100 : -3.4028234663852886e38)));
    const neg = customNegatives(mask);
    for (const rho of [0.2, 0.5, 1]) {
      const k = rowTopKCounts(rho, neg.rowCount);
      const want = rowSelectionMatrix(
        n,
        S.map((_, i) => sortedCandidates(S, mask, [i]).slice(0, k[i]).map((f) => f % n)),
      );
      expect(await rowMask(S, neg, k)).toEqual(want);
    }
    // k beyond a row's count (outside the contract) still selects only that row's negatives.
    expect(await rowMask(S, neg, new Int32Array(n).fill(n))).toEqual(mask);
    neg.mask.dispose();
  });

  it('the custom-mask reference rule agrees with the reference on label masks', () => {
    for (const c of topKCases().slice(0, 8)) {
      const n = c.S.length;
      const mask = rowSelectionMatrix(n, []).map((r, i) => r.map((_, j) => (i !== j && (c.mode === 'instance' || c.y[i] !== c.y[j]) ? 1 : 0)));
      const sel = rowTopK(c.S, c.y, c.mode, 0.5);
      sel.forEach((cols, i) => expect(sortedCandidates(c.S, mask, [i]).slice(0, cols.length).map((f) => f % n)).toEqual(cols));
      const g = globalTopK(c.S, c.y, c.mode, 0.5);
      expect(sortedCandidates(c.S, mask).slice(0, g.length)).toEqual(g);
    }
  });

  it('k = 0 everywhere gives an all-zero mask', async () => {
    const neg = pairNegatives(Int32Array.from([0, 1, 2]), 'instance');
    expect(await rowMask([[1, 2, 3], [4, 5, 6], [7, 8, 9]], neg, new Int32Array(3))).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    neg.mask.dispose();
  });
});

describe('tfjsPairOps.globalTopKMask', () => {
  for (const c of topKCases()) {
    it(`equals the reference globalTopK: ${c.name}`, async () => {
      const neg = pairNegatives(c.y, c.mode);
      for (const rho of RHOS) {
        const want = flatSelectionMatrix(c.S.length, globalTopK(c.S, c.y, c.mode, rho));
        expect(await globalMask(c.S, neg, topKCount(rho, neg.total))).toEqual(want);
      }
      neg.mask.dispose();
    });
  }

  it('splits a tie across rows by row-major index and may leave rows empty', async () => {
    const S = [
      [0, 7, 7],
      [7, 0, 1],
      [7, 7, 0],
    ];
    const neg = pairNegatives(Int32Array.from([0, 1, 2]), 'instance');
    // Five 7s; k = 3 → flat indices 1, 2, 3.
    expect(await globalMask(S, neg, 3)).toEqual([
      [0, 1, 1],
      [1, 0, 0],
      [0, 0, 0],
    ]);
    neg.mask.dispose();
  });

  it('never selects a non-negative, even with values at the sentinel or k = total', async () => {
    const rng = new Rng(9);
    const n = 10;
    const mask = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i !== j && rng.next() < 0.3 ? 1 : 0)));
    const S = mask.map((row, i) => row.map((m, j) => (m ? rng.int(4) - 2 : (i * j) % 3 ? 50 : -3.4028234663852886e38)));
    const neg = customNegatives(mask);
    for (const rho of [0.1, 0.5, 1]) {
      const k = topKCount(rho, neg.total);
      expect(await globalMask(S, neg, k)).toEqual(flatSelectionMatrix(n, sortedCandidates(S, mask).slice(0, k)));
    }
    expect(await globalMask(S, neg, neg.total)).toEqual(mask);
    neg.mask.dispose();
  });
});

describe('top-k masks carry no gradient', () => {
  it('tf.grad through a loss using the masks gives the fixed-mask gradient', async () => {
    const rng = new Rng(3);
    const S = randomS(rng, 7, 5, 20);
    const y = randomLabels(rng, 7, 3);
    const neg = pairNegatives(y, 'class');
    const kRow = rowTopKCounts(0.5, neg.rowCount);
    const kAll = topKCount(0.5, neg.total);
    // d/dS Σ mask∘S with the mask fixed is the mask itself.
    const row = await valueAndGrad((s) => tf.sum(tf.mul(ops.rowTopKMask(s, neg, kRow), s)), S);
    expect(Array.from(row.grad)).toEqual(rowSelectionMatrix(7, rowTopK(S, y, 'class', 0.5)).flat());
    const all = await valueAndGrad((s) => tf.sum(tf.mul(ops.globalTopKMask(s, neg, kAll), s)), S);
    expect(Array.from(all.grad)).toEqual(flatSelectionMatrix(7, globalTopK(S, y, 'class', 0.5)).flat());
    neg.mask.dispose();
  });
});

/**
 * Reference per-row losses ℓ_i = −s_ii + log(e^{s_ii} + Σ e^s) over row i's masked entries
 * (shared = false) or over every masked entry (shared = true), as float64 log-sum-exps. The
 * shared sum is LSE(s_ii, LSE(all masked)) — the same number, without an O(N³) evaluation, so the
 * finite differences stay fast.
 */
function refRowLosses(S: Matrix, mask: Matrix, shared: boolean): number[] {
  const all = shared ? logSumExp(S.flatMap((row, a) => row.filter((_, b) => mask[a][b]))) : 0;
  const buf: number[] = [];
  return S.map((row, i) => {
    if (shared) return -row[i] + (Number.isFinite(all) ? logSumExp([row[i], all]) : row[i]);
    buf.length = 0;
    buf.push(row[i]);
    for (let j = 0; j < row.length; j++) if (mask[i][j]) buf.push(row[j]);
    return -row[i] + logSumExp(buf);
  });
}

/** Random 0/1 mask with a zero diagonal, density p, and the rows in `empty` left empty. */
function randomMask(rng: Rng, n: number, p: number, empty: (i: number) => boolean = () => false): Matrix {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i !== j && !empty(i) && rng.next() < p ? 1 : 0)));
}

for (const shared of [false, true]) {
  const name = shared ? 'sharedSoftmaxLoss' : 'rowSoftmaxLoss';
  const op = shared ? ops.sharedSoftmaxLoss : ops.rowSoftmaxLoss;
  describe(`tfjsPairOps.${name}`, () => {
    for (const [n, scale] of [
      [1, 20],
      [2, 20],
      [7, 1],
      [33, 20],
      [64, 64],
      [33, 1000],
    ]) {
      it(`matches the reference values and gradient (N=${n}, λ=${scale})`, async () => {
        const rng = new Rng(n + scale);
        const S = randomS(rng, n, 3 + (n % 14), scale);
        const mask = randomMask(rng, n, 0.6, (i) => i % 5 === 3);
        const W = Array.from({ length: n }, () => rng.uniform(0.5, 1.5));
        const got = await run(([s, m]) => op(s, m), [S, mask]);
        const want = refRowLosses(S, mask, shared);
        got.forEach((v, i) => expect(Math.abs(v - want[i])).toBeLessThan(1e-6 * Math.max(1, scale, Math.abs(want[i]))));
        const { grad } = await valueAndGrad((s) => tf.sum(tf.mul(op(s, tf.tensor2d(mask)), tf.tensor1d(W))), S);
        // All coordinates up to N = 33; at N = 64 the diagonal and 300 random entries (speed).
        const idx = n <= 33 ? [...flat(S).keys()] : spotIndices(rng, n, 300);
        const objective = (x: Float64Array) => refRowLosses(unflat(x, n, n), mask, shared).reduce((a, l, i) => a + W[i] * l, 0);
        expect(gradError(pick(grad, idx), numericGradientAt(objective, flat(S), idx))).toBeLessThan(2e-3);
      });
    }

    it('an all-masked row gives exactly 0 with a finite (zero) gradient; nothing masked gives all zeros', async () => {
      const S = [
        [3, 900, -2],
        [1, 2, 800],
        [0.5, -700, 4],
      ];
      const none = [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ];
      expect(Array.from(await run(([s, m]) => op(s, m), [S, none]))).toEqual([0, 0, 0]);
      const { grad } = await valueAndGrad((s) => tf.sum(op(s, tf.tensor2d(none))), S);
      expect(Array.from(grad)).toEqual(new Array(9).fill(0));
      if (!shared) {
        // Row 1 masked out while its masked-out entries are huge: no overflow into NaN.
        const mask = [
          [0, 0, 1],
          [0, 0, 0],
          [1, 0, 0],
        ];
        const got = await run(([s, m]) => op(s, m), [S, mask]);
        expect(got[1]).toBe(0);
        const want = refRowLosses(S, mask, false);
        got.forEach((v, i) => expect(v).toBeCloseTo(want[i], 5));
        const g = await valueAndGrad((s) => tf.sum(op(s, tf.tensor2d(mask))), S);
        for (const v of g.grad) expect(Number.isFinite(v)).toBe(true);
      }
    });

    for (const scale of [64, 1000]) {
      it(`is finite and exact with positives far below and far above the negatives (λ=${scale})`, async () => {
        // Row 0's positive far below every negative, row 1's far above, row 2 in between.
        const S = [
          [-scale, scale * 0.9, scale],
          [-scale * 0.5, scale, -scale * 0.8],
          [-scale, 0.3 * scale, 0],
        ];
        const mask = [
          [0, 1, 1],
          [1, 0, 1],
          [1, 1, 0],
        ];
        const got = await run(([s, m]) => op(s, m), [S, mask]);
        const want = refRowLosses(S, mask, shared);
        got.forEach((v, i) => expect(Math.abs(v - want[i])).toBeLessThan(1e-6 * scale));
        const { grad } = await valueAndGrad((s) => tf.sum(op(s, tf.tensor2d(mask))), S);
        const ref = numericGradient((x) => refRowLosses(unflat(x, 3, 3), mask, shared).reduce((a, b) => a + b, 0), flat(S), 1e-4);
        expect(gradError(grad, ref)).toBeLessThan(1e-3);
      });
    }
  });
}
