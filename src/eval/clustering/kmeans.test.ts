import { describe, expect, it } from 'vitest';
import { blobSet, rowsOf } from './testing';
import * as ref from '../reference/clustering';
import { kmeansRun, kmeansTolerance } from './kmeans';
import { jsCentreProducts } from './products';


describe('kmeansRun follows the reference step for step', () => {
  const cases: Array<[number, number, number, number, number]> = [
    [1, 60, 3, 2, 0.5],
    [2, 150, 5, 4, 1],
    [3, 300, 10, 16, 1.5],
    [4, 250, 8, 8, 3],
    [5, 400, 40, 8, 0.8],
  ];
  for (const [seed, n, C, d, noise] of cases) {
    it(`n=${n} k=${C} d=${d} noise ${noise}: the same assignment, inertia and steps, for several seeds and maxIter`, async () => {
      const s = blobSet(seed, n, C, d, noise);
      const pts = rowsOf(s.x, n, d);
      for (const kSeed of [0, 7, 123456]) {
        for (const maxIter of [1, 2, 5, 300]) {
          const slow = ref.kmeans(pts, C, kSeed, maxIter);
          const fast = await kmeansRun(s.x, n, d, C, kSeed, jsCentreProducts(s.x, n, d, 64), { maxIter });
          expect(Array.from(fast.assign), `seed ${kSeed} maxIter ${maxIter}`).toEqual(slow.assign);
          expect(fast.iterations).toBe(slow.iterations);
          expect(fast.inertia).toBeCloseTo(slow.inertia, 10);
        }
      }
    });
  }

  it('the tolerance is scikit-learn’s: 1e-4 × the mean per-coordinate variance', () => {
    const s = blobSet(9, 50, 3, 5, 1);
    expect(kmeansTolerance(s.x, 50, 5)).toBeCloseTo(1e-4 * ref.meanVariance(rowsOf(s.x, 50, 5)), 18);
  });
});
