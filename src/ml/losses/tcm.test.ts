import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { TCM_DEFAULTS, tcmLoss, type TcmOptions } from './tcm';
import { TCM_DEFAULTS as REF_DEFAULTS, tcm as refTcm, tcmLoss as refTcmLoss } from '../reference/tcm';
import { cosineMatrix, type Matrix } from '../reference/linalg';
import { numericGradient } from '../reference/finiteDiff';
import { l2Rows } from '../heads';
import { Rng } from '../../data/rng';
import { randomMatrix, useCpuBackend } from '../ml.testkit';
import { flat, gradError, run, unflat, valueAndGrad, valueAndGrads } from './losses.testkit';

beforeAll(useCpuBackend);

/** Cosines between the rows of a and b, as the app computes them. */
const cos = (a: tf.Tensor2D, b: tf.Tensor2D): tf.Tensor2D => tf.matMul(l2Rows(a), l2Rows(b), false, true);

const OPTIONS: Omit<TcmOptions, 'mode'>[] = [{}, { lambdaPos: 2, lambdaNeg: 0.5, marginPos: 0.7, marginNeg: 0.2 }];

describe('tcm defaults', () => {
  it('equal the reference defaults (SPEC: λ± = 1, m⁺ = 0.9, m⁻ = 0.5)', () => {
    expect(TCM_DEFAULTS).toEqual(REF_DEFAULTS);
  });
});

describe("tcmLoss 'self' (one batch against itself)", () => {
  for (const [n, d, classes] of [
    [2, 3, 1],
    [7, 3, 2],
    [33, 4, 3],
    [64, 5, 4],
  ]) {
    for (const o of OPTIONS) {
      it(`matches the reference value and gradient w.r.t. the embeddings (N=${n}, d=${d}, ${JSON.stringify(o)})`, async () => {
        const rng = new Rng(n * 3 + d);
        const F = randomMatrix(rng, n, d);
        const y = Int32Array.from({ length: n }, () => rng.int(classes));
        const opts: TcmOptions = { mode: 'self', ...o };
        const { value, grad } = await valueAndGrad((f) => tcmLoss(cos(f, f), y, y, opts), F);
        const ref = refTcm(cosineMatrix(F, F), y, y, opts);
        expect(Math.abs(value - ref.loss)).toBeLessThan(2e-6);
        expect(ref.hardPos + ref.hardNeg).toBeGreaterThan(0);
        const g = numericGradient((x) => refTcmLoss(cosineMatrix(unflat(x, n, d), unflat(x, n, d)), y, y, opts), flat(F));
        expect(gradError(grad, g)).toBeLessThan(2e-3);
      });
    }
  }

  it('leaves the diagonal out of S⁺, where cross mode counts it', async () => {
    const C: Matrix = [
      [0.25, 0.5, 0],
      [0.5, 0.25, 0.75],
      [0, 0.75, 0.25],
    ];
    const y = Int32Array.from([0, 0, 1]);
    for (const mode of ['self', 'cross'] as const) {
      const got = await run(([c]) => tcmLoss(c, y, y, { mode }), [C]);
      expect(got[0]).toBeCloseTo(refTcmLoss(C, y, y, { mode }), 6);
    }
    // self: S⁺ = {0.5, 0.5} → 0.4; S⁻ = {0, 0, 0.75, 0.75} → hard 0.75s → 0.25. cross adds the 0.25 diagonal.
    expect((await run(([c]) => tcmLoss(c, y, y, { mode: 'self' }), [C]))[0]).toBeCloseTo(0.65, 6);
    expect((await run(([c]) => tcmLoss(c, y, y, { mode: 'cross' }), [C]))[0]).toBeCloseTo(0.25 + (0.4 * 2 + 0.65 * 3) / 5, 6);
  });

  it('rejects a non-square C or different row and column labels', () => {
    const c = tf.zeros([2, 3]) as tf.Tensor2D;
    expect(() => tcmLoss(c, Int32Array.from([0, 1]), Int32Array.from([0, 1, 2]), { mode: 'self' })).toThrow();
    const sq = tf.zeros([2, 2]) as tf.Tensor2D;
    expect(() => tcmLoss(sq, Int32Array.from([0, 1]), Int32Array.from([1, 0]), { mode: 'self' })).toThrow();
    expect(() => tcmLoss(sq, Int32Array.from([0]), Int32Array.from([1, 0]), { mode: 'cross' })).toThrow();
    tf.dispose([c, sq]);
  });
});

describe("tcmLoss 'cross' (queries against documents)", () => {
  for (const [r, k, d] of [
    [1, 1, 3],
    [7, 9, 3],
    [33, 33, 4],
  ]) {
    for (const o of OPTIONS) {
      it(`matches the reference value and gradients w.r.t. both sides (${r}×${k}, d=${d}, ${JSON.stringify(o)})`, async () => {
        const rng = new Rng(r * 5 + k);
        const Q = randomMatrix(rng, r, d);
        const D = randomMatrix(rng, k, d);
        const yr = Int32Array.from({ length: r }, () => rng.int(3));
        const yc = Int32Array.from({ length: k }, (_, j) => (j < r ? yr[j] : rng.int(3)));
        const opts: TcmOptions = { mode: 'cross', ...o };
        const { value, grads } = await valueAndGrads(([q, dd]) => tcmLoss(cos(q, dd), yr, yc, opts), [Q, D]);
        const ref = refTcm(cosineMatrix(Q, D), yr, yc, opts);
        expect(Math.abs(value - ref.loss)).toBeLessThan(2e-6);
        expect(ref.hardPos + ref.hardNeg).toBeGreaterThan(0);
        const gq = numericGradient((x) => refTcmLoss(cosineMatrix(unflat(x, r, d), D), yr, yc, opts), flat(Q));
        const gd = numericGradient((x) => refTcmLoss(cosineMatrix(Q, unflat(x, k, d)), yr, yc, opts), flat(D));
        expect(gradError(grads[0], gq)).toBeLessThan(2e-3);
        expect(gradError(grads[1], gd)).toBeLessThan(2e-3);
      });
    }
  }
});

describe('tcmLoss edge cases', () => {
  it('counts pairs exactly at the margins (inclusive) like the reference', async () => {
    const C: Matrix = [
      [0.75, 0.5, 0.25],
      [0.5, 0.75, 0.5],
      [0.25, 0.5, 1],
    ];
    const y = Int32Array.from([0, 1, 0]);
    for (const mode of ['self', 'cross'] as const) {
      const opts: TcmOptions = { mode, marginPos: 0.75, marginNeg: 0.5 };
      const ref = refTcm(C, y, y, opts);
      expect(ref.hardNeg).toBe(4); // four negatives sit exactly at m⁻ and add 0
      expect((await run(([c]) => tcmLoss(c, y, y, opts), [C]))[0]).toBeCloseTo(ref.loss, 6);
      // The gradient w.r.t. C is −λ⁺/count⁺ on hard positives and +λ⁻/count⁻ on hard negatives.
      const { grad } = await valueAndGrad((c) => tcmLoss(c, y, y, opts), C);
      const hardPos = C.map((row, i) => row.map((c, j) => (y[i] === y[j] && (mode === 'cross' || i !== j) && c <= 0.75 ? 1 : 0)));
      const hardNeg = C.map((row, i) => row.map((c, j) => (y[i] !== y[j] && c >= 0.5 ? 1 : 0)));
      const np = hardPos.flat().reduce((a: number, b) => a + b, 0);
      const want = hardPos.flat().map((p, e) => (np ? -p / np : 0) + hardNeg.flat()[e] / 4);
      Array.from(grad).forEach((g, e) => expect(g).toBeCloseTo(want[e], 6));
    }
  });

  it('is 0 with a zero gradient when no pair is hard (and for a single item)', async () => {
    const rng = new Rng(6);
    const F = randomMatrix(rng, 6, 3);
    const y = Int32Array.from([0, 0, 1, 1, 2, 2]);
    const opts: TcmOptions = { mode: 'self', marginPos: -2, marginNeg: 2 };
    expect(refTcmLoss(cosineMatrix(F, F), y, y, opts)).toBe(0);
    const { value, grad } = await valueAndGrad((f) => tcmLoss(cos(f, f), y, y, opts), F);
    expect(value).toBe(0);
    expect(Array.from(grad)).toEqual(new Array(18).fill(0));
    const one = await valueAndGrad((f) => tcmLoss(cos(f, f), Int32Array.from([1]), Int32Array.from([1]), { mode: 'self' }), [[1, 2]]);
    expect(one.value).toBe(0);
    expect(Array.from(one.grad)).toEqual([0, 0]);
  });

  it('keeps one term when the other has no hard pair', async () => {
    const rng = new Rng(16);
    const F = randomMatrix(rng, 10, 4);
    const y = Int32Array.from({ length: 10 }, (_, i) => i % 3);
    for (const o of [
      { marginPos: -2 }, // only the negative term
      { marginNeg: 2 }, // only the positive term
    ]) {
      const opts: TcmOptions = { mode: 'self', ...o };
      const ref = refTcm(cosineMatrix(F, F), y, y, opts);
      expect(ref.loss).toBeGreaterThan(0);
      const { value, grad } = await valueAndGrad((f) => tcmLoss(cos(f, f), y, y, opts), F);
      expect(Math.abs(value - ref.loss)).toBeLessThan(2e-6);
      const g = numericGradient((x) => refTcmLoss(cosineMatrix(unflat(x, 10, 4), unflat(x, 10, 4)), y, y, opts), flat(F));
      expect(gradError(grad, g)).toBeLessThan(2e-3);
    }
  });
});
