/**
 * The retrieval pass's float32 screens: on tfjs (coarseCosines.ts), on the cpu backend and on wasm
 * (when it loads in Node), and the WebAssembly SIMD kernel (floatProducts.ts). Each one's cosines
 * are within the stated bound of the float64 ones (summed in coordinate order) on random rows of
 * every width, the pass it screens gives the float64 pass's verdicts and bins accumulateTf's
 * histograms, and it frees what it holds.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { activeBackend, switchBackend } from '../../ml/nodeBackend';
import { randomMatrix, tensorCount, tryWasmBackend } from '../../ml/ml.testkit';
import { accumulateTf, normaliseRows } from '../pairs/accumulate';
import { retrievalPass } from '../retrieval/retrieval';
import { float32CosineBound } from '../retrieval/retrievalScreened';
import { coarseCosines, ITEM_BLOCK, tfCoarseCosines } from './coarseCosines';
import { wasmCoarseCosines } from './floatProducts';
import type { CoarseCosines } from '../retrieval/retrievalScreened';

type ScreenMaker = (x: Float64Array, n: number, d: number) => CoarseCosines | null;

/** The largest |screen − float64 cosine| over up to 256 queries against every item, and the bound. */
async function largestError(make: ScreenMaker, seed: number, n: number, d: number): Promise<{ err: number; eps: number }> {
  const rows = randomMatrix(new Rng(seed), n, d);
  // Some rows shorter than unit (a zero-norm row is normalised to ~0): the bound holds for norms ≤ 1.
  const x = normaliseRows(Float32Array.from(rows.flat()), n, d).map((v, k) => (Math.floor(k / d) % 5 === 0 ? v * 0.3 : v));
  const screen = make(x, n, d)!;
  const na = Math.min(n, 256);
  let err = 0;
  try {
    const s = await screen.against(x, na);
    for (let a = 0; a < na; a++) {
      for (let b = 0; b < n; b++) {
        let c = 0;
        for (let t = 0; t < d; t++) c += x[a * d + t] * x[b * d + t];
        err = Math.max(err, Math.abs(s[a * n + b] - c));
      }
    }
  } finally {
    screen.dispose();
  }
  return { err, eps: screen.eps };
}

/**
 * Ten classes with duplicated rows: the screened pass against the float64 pass; the pairs it bins
 * from its rows (rowBins.ts), in one pass or two of half the queries, against accumulateTf's
 * histograms: the same counts in every bin (the same float32 products of the same rows).
 */
async function sameVerdicts(make: ScreenMaker, n: number, d: number): Promise<void> {
  const rng = new Rng(n + d);
  const centres = randomMatrix(rng, 10, d);
  const labels = Array.from({ length: n }, (_, i) => (i * 7) % 10);
  const rows = labels.map((c) => centres[c].map((v) => v + 0.8 * rng.normal()));
  for (let k = 0; k < 30; k++) rows[rng.int(n)] = rows[rng.int(n)].slice();
  const x = normaliseRows(Float32Array.from(rows.flat()), n, d);
  const before = tensorCount();
  const coarse = make(x, n, d)!;
  const screened = await retrievalPass(x, labels, n, d, { ks: [1, 2, 4, 8], rCap: 40, coarse });
  coarse.dispose();
  expect(tensorCount()).toBe(before);
  expect(screened).toEqual({ ...(await retrievalPass(x, labels, n, d, { ks: [1, 2, 4, 8], rCap: 40 })), screened: true });

  // 10 classes: a counter per class pair, each pair from its lower row; 40 (the labels use 10 of
  // them): pos / neg per class from every row, each negative pair from both of its rows — the same
  // bins only if a pair's float32 cosine is the same from either row.
  for (const numClasses of [10, 40]) await sameBins(make, x, labels, n, d, numClasses);
  // Without a screen there are no float32 rows to bin.
  expect((await retrievalPass(x, labels, n, d, { ks: [1], binPairs: { numClasses: 10, bins: 4096 } })).pairs).toBeUndefined();
}

/** The screen's binned pairs, in one pass or two of half the queries, against accumulateTf's histograms. */
async function sameBins(make: ScreenMaker, x: Float64Array, labels: number[], n: number, d: number, numClasses: number): Promise<void> {
  const bins = { numClasses, bins: 4096 };
  const h = await accumulateTf(new Float32Array(0), labels, n, d, numClasses, 4096, { unit: x, block: 97 });
  const screen = make(x, n, d)!;
  const whole = await retrievalPass(x, labels, n, d, { ks: [1], coarse: screen, binPairs: bins });
  const half = (lo: number, hi: number) => retrievalPass(x, labels, n, d, { ks: [1], coarse: screen, binPairs: bins, queries: Int32Array.from({ length: hi - lo }, (_, i) => lo + i) });
  const [a, b] = [await half(0, 211), await half(211, n)];
  screen.dispose();
  expect(whole.pairs!.pos).toEqual(h.pos);
  expect(whole.pairs!.neg).toEqual(h.neg);
  expect(a.pairs!.pos.map((v, k) => v + b.pairs!.pos[k])).toEqual(h.pos);
  expect(a.pairs!.neg.map((v, k) => v + b.pairs!.neg[k])).toEqual(h.neg);
}

describe('the float32 screen on tfjs', () => {
  beforeAll(async () => {
    await switchBackend('cpu');
  });

  it('cpu backend: within the bound at d = 2 … 300, items in several blocks', async () => {
    for (const d of [2, 64, 300]) {
      const { err, eps } = await largestError(tfCoarseCosines, d, d === 300 ? 300 : ITEM_BLOCK + 50, d);
      expect(eps).toBe(float32CosineBound(d));
      expect(err, `d = ${d}`).toBeLessThanOrEqual(eps);
    }
  });

  it('cpu backend: the screened pass gives the float64 pass’s verdicts, and frees its tensors', async () => {
    await sameVerdicts(tfCoarseCosines, 600, 16);
  });

  it('wasm backend (when it loads in Node): within the bound, the same verdicts; the kernel there', async (ctx) => {
    if (!(await tryWasmBackend())) ctx.skip();
    expect(activeBackend()).toBe('wasm');
    try {
      for (const d of [3, 64, 128]) {
        const { err, eps } = await largestError(tfCoarseCosines, 10 + d, ITEM_BLOCK + 300, d);
        expect(err, `d = ${d}`).toBeLessThanOrEqual(eps);
      }
      await sameVerdicts(tfCoarseCosines, 900, 64);
      // On wasm the kernel is the screen, with tfjs-wasm's products to the bit, so it bins
      // accumulateTf's histograms there too.
      expect(await sameProducts(ITEM_BLOCK + 77, 64)).toBe(true);
      await sameVerdicts(wasmCoarseCosines, 600, 16);
      await sameVerdicts(wasmCoarseCosines, 333, 64);
    } finally {
      await switchBackend('cpu');
    }
  });
});

describe('the float32 screen on the WebAssembly SIMD kernel', () => {
  it('within the bound at d = 1 … 300, query and item counts off its tiles', async () => {
    for (const [n, d] of [[5, 1], [301, 3], [1000, 64], [ITEM_BLOCK + 33, 5], [517, 128], [260, 300]]) {
      const { err, eps } = await largestError(wasmCoarseCosines, n + d, n, d);
      expect(eps).toBe(float32CosineBound(d));
      expect(err, `n = ${n}, d = ${d}`).toBeLessThanOrEqual(eps);
    }
  });
});

/** Whether the screen the active backend gets is the kernel's, with tfjs's products to the bit. */
async function sameProducts(n: number, d: number): Promise<boolean> {
  const x = normaliseRows(Float32Array.from(randomMatrix(new Rng(n), n, d).flat()), n, d);
  const kernel = coarseCosines(x, n, d)!;
  const tfjs = tfCoarseCosines(x, n, d)!;
  try {
    const a = Float32Array.from(await kernel.against(x, 100));
    const b = await tfjs.against(x, 100);
    return a.every((v, k) => Object.is(v, b[k]));
  } finally {
    kernel.dispose();
    tfjs.dispose();
  }
}
