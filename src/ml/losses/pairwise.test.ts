import { beforeAll, describe, expect, it } from 'vitest';
import { CONTRASTIVE_MARGIN, TRIPLET_MARGIN, contrastiveLoss, tripletBatchHardLoss } from './pairwise';
import {
  CONTRASTIVE_DEFAULT_MARGIN,
  TRIPLET_DEFAULT_MARGIN,
  contrastiveLoss as refContrastive,
  tripletBatchHardLoss as refTriplet,
} from '../reference/margin';
import { numericGradient } from '../reference/finiteDiff';
import { Rng } from '../../data/rng';
import { randomMatrix, useCpuBackend } from '../ml.testkit';
import { flat, gradError, unflat, valueAndGrad } from './losses.testkit';

beforeAll(useCpuBackend);

const VARIANTS = {
  contrastive: { loss: contrastiveLoss, reference: refContrastive, margins: [CONTRASTIVE_MARGIN, 1.5] },
  triplet: { loss: tripletBatchHardLoss, reference: refTriplet, margins: [TRIPLET_MARGIN, 1] },
};

describe('pairwise defaults', () => {
  it('equal the reference margins', () => {
    expect(CONTRASTIVE_MARGIN).toBe(CONTRASTIVE_DEFAULT_MARGIN);
    expect(TRIPLET_MARGIN).toBe(TRIPLET_DEFAULT_MARGIN);
  });
});

for (const [name, v] of Object.entries(VARIANTS)) {
  describe(`${name} loss`, () => {
    for (const [n, d, classes] of [
      [2, 3, 1],
      [3, 3, 2],
      [7, 5, 3],
      [33, 16, 6],
      [64, 8, 10],
    ]) {
      for (const margin of v.margins) {
        it(`matches the reference value and gradient (N=${n}, d=${d}, ${classes} classes, margin ${margin})`, async () => {
          const rng = new Rng(n * 13 + classes + margin * 10);
          const F = randomMatrix(rng, n, d);
          const y = Int32Array.from({ length: n }, () => rng.int(classes));
          const { value, grad } = await valueAndGrad((f) => v.loss(f, y, margin), F);
          const want = v.reference(F, y, margin);
          expect(Math.abs(value - want)).toBeLessThan(2e-6);
          // Not a vacuous check (two items of one class have no triplet).
          if (n > 2 || name === 'contrastive') expect(want).toBeGreaterThan(0);
          const ref = numericGradient((x) => v.reference(unflat(x, n, d), y, margin), flat(F));
          expect(gradError(grad, ref)).toBeLessThan(2e-3);
        });
      }
    }

    it('is 0 with a zero gradient for N = 1', async () => {
      const one = await valueAndGrad((f) => v.loss(f, Int32Array.from([3]), 0.5), [[1, 2, 3]]);
      expect(one.value).toBe(0);
      expect(Array.from(one.grad)).toEqual([0, 0, 0]);
    });

    it('handles one-item classes and single-class / all-distinct batches like the reference', async () => {
      const rng = new Rng(77);
      const F = randomMatrix(rng, 6, 4);
      for (const y of [
        [0, 0, 1, 2, 2, 2], // class 1 has one item (no positive: skipped by the triplet loss)
        [4, 4, 4, 4, 4, 4], // no negatives
        [0, 1, 2, 3, 4, 5], // no positives
      ]) {
        const labels = Int32Array.from(y);
        const { value, grad } = await valueAndGrad((f) => v.loss(f, labels, 1), F);
        const want = v.reference(F, labels, 1);
        expect(Math.abs(value - want)).toBeLessThan(2e-6);
        const ref = numericGradient((x) => v.reference(unflat(x, 6, 4), labels, 1), flat(F));
        expect(gradError(grad, ref)).toBeLessThan(2e-3);
      }
    });

    it('has a finite gradient at distance 0 (duplicate embeddings, same and different labels)', async () => {
      const rng = new Rng(4);
      const F = randomMatrix(rng, 5, 3);
      F[1] = F[0].slice(); // same label: d = 0 positive
      F[3] = F[2].slice(); // different labels: d = 0 negative
      const y = Int32Array.from([0, 0, 1, 2, 1]);
      const { value, grad } = await valueAndGrad((f) => v.loss(f, y, 1), F);
      // Float32 c at a duplicate is 1 ± ulp, so d reads as up to ~3.5e-4 instead of 0.
      expect(Math.abs(value - v.reference(F, y, 1))).toBeLessThan(2e-3);
      for (const g of grad) expect(Number.isFinite(g)).toBe(true);
    });
  });
}
