import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { accumulateJs, accumulateTf, normaliseRows } from './accumulate';
import { cosineBin, emptyHistograms, type PairHistograms } from './pairHistograms';
import * as refPairs from '../reference/pairs';
import { l2NormalizeRows } from '../../ml/reference/linalg';
// tfjs through its seam (README "Layout"): nodeBackend also registers tfjs-wasm, as importing it did.
import { activeBackend, switchBackend } from '../../ml/nodeBackend';
import { tensorCount, tryWasmBackend } from '../../ml/ml.testkit';

function makeSet(seed: number, n: number, C: number, d: number, noise: number) {
  const rng = new Rng(seed);
  const centres = Array.from({ length: C }, () => Array.from({ length: d }, () => rng.normal()));
  const labels = Int32Array.from({ length: n }, () => rng.int(C));
  const emb = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) emb[i * d + t] = centres[labels[i]][t] + noise * rng.normal();
  return { emb, labels, n, d, C };
}
const toMatrix = (emb: Float32Array, n: number, d: number): number[][] => Array.from({ length: n }, (_, i) => Array.from(emb.subarray(i * d, (i + 1) * d)));

/** The reference's pairs binned directly (the definition of PairHistograms). */
function referenceHistograms(s: ReturnType<typeof makeSet>, bins: number): PairHistograms {
  const h = emptyHistograms(s.C, bins);
  const labels = Array.from(s.labels);
  const p = refPairs.allPairs(toMatrix(s.emb, s.n, s.d), labels);
  for (let i = 0; i < p.cos.length; i++) {
    const k = cosineBin(p.cos[i], bins);
    const la = labels[p.a[i]];
    const lb = labels[p.b[i]];
    if (la === lb) h.pos[la * bins + k]++;
    else {
      h.neg[la * bins + k]++;
      h.neg[lb * bins + k]++;
    }
  }
  for (const y of labels) h.classCount[y]++;
  return h;
}

const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);

/**
 * JS vs tf: identical totals per class row, and the histograms differ by an earth-mover distance
 * (Σ_k |prefix sum of the difference|, i.e. bin edges crossed, summed over pairs) of at most
 * `maxMoves`. A float32 rounding moves a pair by at most one bin, so this bounds the pairs moved.
 */
function expectSameUpToEdges(a: PairHistograms, b: PairHistograms, maxMoves: number): number {
  expect(b.bins).toBe(a.bins);
  expect(Array.from(b.classCount)).toEqual(Array.from(a.classCount));
  let emd = 0;
  for (const key of ['pos', 'neg'] as const) {
    let rowEmd = 0;
    for (let t = 0; t < a.numClasses; t++) {
      const ra = a[key].subarray(t * a.bins, (t + 1) * a.bins);
      const rb = b[key].subarray(t * a.bins, (t + 1) * a.bins);
      expect(sum(rb)).toBe(sum(ra));
      let carry = 0;
      for (let k = 0; k < a.bins; k++) {
        carry += rb[k] - ra[k];
        rowEmd += Math.abs(carry);
      }
    }
    // neg rows count each negative pair twice.
    if (key === 'neg') rowEmd /= 2;
    emd += rowEmd;
  }
  expect(emd).toBeLessThanOrEqual(maxMoves);
  return emd;
}

describe('accumulateJs', () => {
  it('equals the reference pairs binned with cosineBin, bit for bit (several n, d, bins)', async () => {
    for (const [seed, n, C, d, bins] of [[1, 61, 3, 2, 4096], [2, 150, 5, 4, 512], [3, 300, 10, 16, 4096], [4, 257, 4, 7, 97]]) {
      const s = makeSet(seed, n, C, d, 0.8);
      const h = await accumulateJs(s.emb, s.labels, n, d, C, bins);
      const r = referenceHistograms(s, bins);
      expect(Array.from(h.pos)).toEqual(Array.from(r.pos));
      expect(Array.from(h.neg)).toEqual(Array.from(r.neg));
      expect(Array.from(h.classCount)).toEqual(Array.from(r.classCount));
      expect(sum(h.pos) + sum(h.neg) / 2).toBe((n * (n - 1)) / 2);
    }
  });

  it('normaliseRows is the reference normalisation', () => {
    const s = makeSet(5, 20, 2, 6, 1);
    const x = normaliseRows(s.emb, 20, 6);
    expect(Array.from(x)).toEqual(l2NormalizeRows(toMatrix(s.emb, 20, 6)).flat());
  });

  it('calls between and onProgress (monotone, ending at 1) and gives the same result', async () => {
    const s = makeSet(6, 400, 4, 8, 1);
    const fr: number[] = [];
    let yields = 0;
    const h = await accumulateJs(s.emb, s.labels, 400, 8, 4, 256, {
      yieldMs: 0,
      between: async () => {
        yields++;
        await new Promise((r) => setTimeout(r, 0));
      },
      onProgress: (f) => fr.push(f),
    });
    expect(yields).toBeGreaterThanOrEqual(9); // 4 × 4 tiles of 128 rows, a ≤ b: 10 tiles
    expect(fr[fr.length - 1]).toBe(1);
    for (let i = 1; i < fr.length; i++) expect(fr[i]).toBeGreaterThanOrEqual(fr[i - 1]);
    const plain = await accumulateJs(s.emb, s.labels, 400, 8, 4, 256);
    expect(Array.from(h.pos)).toEqual(Array.from(plain.pos));
    expect(Array.from(h.neg)).toEqual(Array.from(plain.neg));
  });

  it('n = 0 and n = 1 give empty pair counts; bad labels throw', async () => {
    const h0 = await accumulateJs(new Float32Array(0), new Int32Array(0), 0, 4, 3, 16);
    expect(sum(h0.pos) + sum(h0.neg) + sum(h0.classCount)).toBe(0);
    const h1 = await accumulateJs(Float32Array.of(1, 0), Int32Array.of(2), 1, 2, 3, 16);
    expect(sum(h1.pos) + sum(h1.neg)).toBe(0);
    expect(Array.from(h1.classCount)).toEqual([0, 0, 1]);
    await expect(accumulateJs(Float32Array.of(1, 0, 0, 1), Int32Array.of(0, 3), 2, 2, 3, 16)).rejects.toThrow(/label 3/);
    await expect(accumulateTf(Float32Array.of(1, 0, 0, 1), Int32Array.of(0, -1), 2, 2, 3, 16)).rejects.toThrow(/label -1/);
  });
});

describe('accumulateTf vs accumulateJs', () => {
  let previous = '';
  beforeAll(async () => {
    previous = activeBackend();
    await switchBackend('cpu');
  });
  afterAll(async () => {
    if (previous) await switchBackend(previous);
  });

  it('cpu backend: same histograms up to adjacent-bin moves, several block sizes, no tensor leaks', async () => {
    for (const [seed, n, C, d, bins, block] of [[7, 300, 10, 16, 4096, 1024], [8, 300, 5, 8, 4096, 64], [9, 129, 3, 2, 4096, 50], [10, 200, 6, 12, 97, 1]]) {
      const s = makeSet(seed, n, C, d, 0.7);
      const before = tensorCount();
      const t = await accumulateTf(s.emb, s.labels, n, d, C, bins, { block });
      expect(tensorCount()).toBe(before);
      const j = await accumulateJs(s.emb, s.labels, n, d, C, bins);
      // ≤ 0.02 % of the pairs may move, and only by one bin.
      const moved = expectSameUpToEdges(j, t, Math.ceil(0.0002 * ((n * (n - 1)) / 2)));
      console.log(`cpu n=${n} d=${d} bins=${bins}: ${moved} of ${(n * (n - 1)) / 2} pairs moved one bin`);
    }
  });

  it('the comparison helper accepts a one-bin move and rejects a two-bin move', () => {
    const h = emptyHistograms(1, 4);
    h.pos[2] = 1;
    const g = emptyHistograms(1, 4);
    g.pos[1] = 1;
    expect(() => expectSameUpToEdges(h, g, 1)).not.toThrow();
    const far = emptyHistograms(1, 4);
    far.pos[0] = 1;
    expect(() => expectSameUpToEdges(h, far, 1)).toThrow();
  });

  it('disposes its tensors when `between` throws mid-way', async () => {
    const s = makeSet(11, 300, 3, 4, 1);
    const before = tensorCount();
    let calls = 0;
    await expect(
      accumulateTf(s.emb, s.labels, 300, 4, 3, 64, {
        block: 64,
        yieldMs: 0,
        between: async () => {
          if (++calls === 3) throw new Error('stop');
        },
      }),
    ).rejects.toThrow('stop');
    expect(calls).toBe(3);
    expect(tensorCount()).toBe(before);
  });

  it('wasm backend (when it loads in Node): same histograms, no leaks', async (ctx) => {
    if (!(await tryWasmBackend())) ctx.skip();
    expect(activeBackend()).toBe('wasm');
    const s = makeSet(12, 700, 10, 64, 1.5);
    const before = tensorCount();
    const t = await accumulateTf(s.emb, s.labels, 700, 64, 10, 4096, { block: 256 });
    expect(tensorCount()).toBe(before);
    const j = await accumulateJs(s.emb, s.labels, 700, 64, 10, 4096);
    const moved = expectSameUpToEdges(j, t, Math.ceil(0.0002 * ((700 * 699) / 2)));
    console.log(`wasm n=700 d=64: ${moved} of ${(700 * 699) / 2} pairs moved one bin`);
    await switchBackend('cpu');
  });
});
