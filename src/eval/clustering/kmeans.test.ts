import { describe, expect, it } from 'vitest';
import { blobSet, rowsOf } from './clustering.testkit';
import { zipfSet } from '../../../bench/parts/zipfSet.mjs';
import { tryWasmBackend } from '../../ml/ml.testkit';
import { normaliseRows } from '../pairs/accumulate';
import { tfCentreProducts } from '../kernels/centreProducts';
import { restartSeeds } from './restarts';
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

  it('with tfjs-wasm’s float32 products (what `evaluate` uses), on Zipf sets of ~90 and ~600 classes: the reference’s clustering, step for step', async () => {
    expect(await tryWasmBackend()).toBe(true);
    for (const [n, classes, seeds] of [[2000, 100, 3], [3000, 1000, 1]] as const) {
      const { values, labels } = zipfSet({ n, dim: 32, classes });
      const x = normaliseRows(values, n, 32);
      const k = new Set(labels).size;
      const products = tfCentreProducts(x, n, 32)!;
      try {
        for (const seed of restartSeeds(12).slice(0, seeds)) {
          const slow = ref.kmeans(rowsOf(x, n, 32), k, seed);
          const fast = await kmeansRun(x, n, 32, k, seed, products);
          expect(Array.from(fast.assign), `${k} classes, seed ${seed}`).toEqual(slow.assign);
          expect(fast.iterations).toBe(slow.iterations);
          expect(fast.inertia).toBeCloseTo(slow.inertia, 8);
        }
      } finally {
        products.dispose();
      }
    }
  }, 120_000);

  it('the tolerance is scikit-learn’s: 1e-4 × the mean per-coordinate variance', () => {
    const s = blobSet(9, 50, 3, 5, 1);
    expect(kmeansTolerance(s.x, 50, 5)).toBeCloseTo(1e-4 * ref.meanVariance(rowsOf(s.x, 50, 5)), 18);
  });
});
