import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { ARC_DEFAULTS, COS_DEFAULTS, arcFaceLogits, cosFaceLogits } from './margin';
import { softmaxCrossEntropy } from './softmax';
import { ARCFACE_DEFAULTS, COSFACE_DEFAULTS, arcFaceLoss, cosFaceLoss } from '../reference/margin';
import type { Matrix } from '../reference/linalg';
import { numericGradient } from '../reference/finiteDiff';
import { Rng } from '../../data/rng';
import { randomMatrix, transpose, useCpuBackend } from '../ml.testkit';
import { flat, gradError, run, unflat, valueAndGrads } from './losses.testkit';

beforeAll(useCpuBackend);

const VARIANTS = {
  arcface: { logits: arcFaceLogits, reference: arcFaceLoss, defaults: ARC_DEFAULTS },
  cosface: { logits: cosFaceLogits, reference: cosFaceLoss, defaults: COS_DEFAULTS },
};

describe('margin defaults', () => {
  it('equal the reference defaults', () => {
    expect(ARC_DEFAULTS).toEqual(ARCFACE_DEFAULTS);
    expect(COS_DEFAULTS).toEqual(COSFACE_DEFAULTS);
  });
});

for (const [name, v] of Object.entries(VARIANTS)) {
  describe(`${name} logits`, () => {
    /** tfjs loss of the logits; W is the reference's M×d layout, transposed for the head's [d, M]. */
    const loss = (f: tf.Tensor2D, w: tf.Tensor2D, y: Int32Array, s: number, m: number) =>
      softmaxCrossEntropy(v.logits(f, w, tf.tensor1d(y, 'int32'), s, m), tf.tensor1d(y, 'int32'));

    for (const [b, d, classes, s, m] of [
      [1, 3, 2, v.defaults.s, v.defaults.m],
      [2, 4, 3, v.defaults.s, v.defaults.m],
      [7, 5, 10, v.defaults.s, v.defaults.m],
      [33, 16, 10, 64, 0.5],
      [64, 8, 7, v.defaults.s, v.defaults.m],
    ]) {
      it(`match the reference logits, loss and gradients (B=${b}, d=${d}, M=${classes}, s=${s}, m=${m})`, async () => {
        const rng = new Rng(b * 31 + classes);
        const F = randomMatrix(rng, b, d);
        const W = randomMatrix(rng, classes, d); // reference layout: row m = w_m
        const y = Int32Array.from({ length: b }, () => rng.int(classes));
        const ref = v.reference(F, y, W, { s, m });
        const logits = await run(([f, w]) => v.logits(f, w, tf.tensor1d(y, 'int32'), s, m), [F, transpose(W)]);
        logits.forEach((z, k) => expect(Math.abs(z - ref.logits[Math.floor(k / classes)][k % classes])).toBeLessThan(4e-6 * s));
        const { value, grads } = await valueAndGrads(([f, w]) => loss(f, w, y, s, m), [F, transpose(W)]);
        expect(Math.abs(value - ref.loss)).toBeLessThan(4e-6 * s);
        const gf = numericGradient((x) => v.reference(unflat(x, b, d), y, W, { s, m }).loss, flat(F));
        const gw = numericGradient((x) => v.reference(F, y, transpose(unflat(x, d, classes)), { s, m }).loss, flat(transpose(W)));
        expect(gradError(grads[0], gf)).toBeLessThan(2e-3);
        expect(gradError(grads[1], gw)).toBeLessThan(2e-3);
      });
    }

    it('stay finite, with finite gradients, when an embedding lies on (or opposite) its class weight', async () => {
      const W = [
        [1, 0, 0],
        [0, 1, 0],
        [0.6, 0.8, 0],
      ];
      const F = [
        [2, 0, 0], // c_y = 1
        [0, -3, 0], // c_y = −1
        [0.3, 0.4, 0], // c_y = 1 (not axis-aligned)
        [0, 0, 0], // zero embedding: every c = 0
      ];
      const y = Int32Array.from([0, 1, 2, 1]);
      const { s, m } = v.defaults;
      const ref = v.reference(F, y, W, { s, m });
      const logits = await run(([f, w]) => v.logits(f, w, tf.tensor1d(y, 'int32'), s, m), [F, transpose(W)]);
      // Float32 rounding of c near ±1 moves sqrt(1 − c²) by up to ~sqrt(2·6e-8) ≈ 3.5e-4.
      logits.forEach((z, k) => expect(Math.abs(z - ref.logits[Math.floor(k / 3)][k % 3])).toBeLessThan(s * Math.sin(m) * 4e-4 + 1e-5 * s));
      const { value, grads } = await valueAndGrads(([f, w]) => loss(f, w, y, s, m), [F, transpose(W)]);
      expect(Number.isFinite(value)).toBe(true);
      for (const g of grads) for (const x of g) expect(Number.isFinite(x)).toBe(true);
    });
  });
}

describe('arcFaceLogits margin', () => {
  it('moves only the target logit, to s·cos(θ + m)', async () => {
    const F: Matrix = [[Math.cos(0.4), Math.sin(0.4)]];
    const W: Matrix = [
      [1, 0],
      [0, 1],
    ];
    const z = await run(([f, w]) => arcFaceLogits(f, w, tf.tensor1d([0], 'int32'), 10, 0.3), [F, transpose(W)]);
    expect(z[0]).toBeCloseTo(10 * Math.cos(0.7), 5);
    expect(z[1]).toBeCloseTo(10 * Math.sin(0.4), 5);
    const c = await run(([f, w]) => cosFaceLogits(f, w, tf.tensor1d([1], 'int32'), 10, 0.35), [F, transpose(W)]);
    expect(c[0]).toBeCloseTo(10 * Math.cos(0.4), 5);
    expect(c[1]).toBeCloseTo(10 * (Math.sin(0.4) - 0.35), 5);
  });
});
