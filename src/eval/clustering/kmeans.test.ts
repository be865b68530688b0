import { describe, expect, it } from 'vitest';
import { blobSet, rowsOf } from './clustering.testkit';
import { zipfSet } from '../../../bench/parts/zipfSet.mjs';
import { tryWasmBackend } from '../../ml/ml.testkit';
import { normaliseRows } from '../pairs/accumulate';
import { centreProducts, tfCentreProducts } from '../kernels/centreProducts';
import { wasmCentreProducts } from '../kernels/floatProducts';
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

  it('with the float32 products `evaluate` uses on wasm (the kernel’s), on Zipf sets of ~90 and ~600 classes: the reference’s clustering, step for step', async () => {
    expect(await tryWasmBackend()).toBe(true);
    for (const [n, classes, seeds] of [[2000, 100, 3], [3000, 1000, 1]] as const) {
      const { values, labels } = zipfSet({ n, dim: 32, classes });
      const x = normaliseRows(values, n, 32);
      const k = new Set(labels).size;
      const products = centreProducts(x, n, 32)!;
      expect(products.rowsTimesPoints).toBeDefined(); // the kernel's
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

  it('the WebAssembly SIMD kernel’s products are tfjs-wasm’s to the bit: blocks, listed points, the seeding’s at once', async () => {
    expect(await tryWasmBackend()).toBe(true);
    const n = 5000;
    const { values } = zipfSet({ n, dim: 64, classes: 30 });
    const x = normaliseRows(values, n, 64);
    const kernel = wasmCentreProducts(x, n, 64, 1024)!;
    const tfjs = tfCentreProducts(x, n, 64, 1024)!;
    const listed = Int32Array.from({ length: 700 }, (_, q) => (q * 7919) % n);
    try {
      for (const k of [9, 30, 1024]) {
        const centres = x.slice(0, k * 64).map((v, i) => v * (1 + (i % 3) * 1e-3));
        kernel.use(centres, k);
        tfjs.use(centres, k);
        expect(kernel.stride % 16).toBe(0);
        expect(tfjs.stride).toBe(k);
        // (Each of the kernel's results is valid until its next call: compared one at a time.)
        for (const [ours, theirs, count] of [[() => kernel.blockProducts(4), () => tfjs.blockProducts(4), n - 4096], [() => kernel.rowProducts(listed, 700), () => tfjs.rowProducts(listed, 700), 700]] as const) {
          const [a, b] = [await ours(), await theirs()];
          for (let q = 0; q < count; q++) for (let j = 0; j < k; j++) if (a[q * kernel.stride + j] !== b[q * k + j]) expect(a[q * kernel.stride + j], `k = ${k}, ${q}, ${j}`).toBe(b[q * k + j]);
        }
      }
      const rows = x.slice(7 * 64, 16 * 64); // nine points as candidates
      const whole = Float32Array.from(await kernel.rowsTimesPoints!(rows, 9));
      tfjs.use(rows, 9);
      for (let b = 0; b * 1024 < n; b++) {
        const p = await tfjs.blockProducts(b);
        for (let q = 0; q < Math.min(1024, n - b * 1024); q++) for (let l = 0; l < 9; l++) if (whole[l * n + b * 1024 + q] !== p[q * 9 + l]) expect(whole[l * n + b * 1024 + q]).toBe(p[q * 9 + l]);
      }
    } finally {
      kernel.dispose();
      tfjs.dispose();
    }
  });

  it('the tolerance is scikit-learn’s: 1e-4 × the mean per-coordinate variance', () => {
    const s = blobSet(9, 50, 3, 5, 1);
    expect(kmeansTolerance(s.x, 50, 5)).toBeCloseTo(1e-4 * ref.meanVariance(rowsOf(s.x, 50, 5)), 18);
  });
});
