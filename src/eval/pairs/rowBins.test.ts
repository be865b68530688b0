/**
 * Binning the retrieval screen's rows (rowBins.ts): every unordered pair once, in the bin cosineBin
 * gives it, pos / neg as PairHistograms defines them — by either counter layout, however often the
 * int32 counters are added into the totals — checked against a plain reference over random float32
 * rows with cosines on and beyond the bin edges.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { cosineBin } from './pairHistograms';
import { RowBins, rowBinsFit, ROW_BINS_MAX_COUNTERS } from './rowBins';

/**
 * An n × n symmetric float32 matrix of cosines (a pair's cosine is the same from either of its rows,
 * as the screen's products are: coarseCosines.test.ts): random, with bin edges, ±1 and just beyond
 * them mixed in.
 */
function rowsOf(rng: Rng, n: number, bins: number): Float32Array[] {
  const special = [-1, 1, Math.fround(-1 - 2 ** -23), Math.fround(1 + 2 ** -23), 0, ...Array.from({ length: 8 }, () => (2 * rng.int(bins)) / bins - 1)];
  const S = Array.from({ length: n }, () => Float32Array.from({ length: n }, () => (rng.next() < 0.2 ? special[rng.int(special.length)] : rng.uniform(-1, 1))));
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) S[i][j] = S[j][i];
  return S;
}

/** PairHistograms' pos / neg of the pairs i < j, from their cosines S[i][j]. */
function reference(S: Float32Array[], labels: number[], C: number, bins: number) {
  const pos = new Float64Array(C * bins);
  const neg = new Float64Array(C * bins);
  for (let i = 0; i < S.length; i++) {
    for (let j = i + 1; j < S.length; j++) {
      const k = cosineBin(S[i][j], bins);
      if (labels[i] === labels[j]) pos[labels[i] * bins + k]++;
      else {
        neg[labels[i] * bins + k]++;
        neg[labels[j] * bins + k]++;
      }
    }
  }
  return { pos, neg };
}

describe('RowBins', () => {
  it('bins every unordered pair once as cosineBin does: one counter per class pair, or pos / neg per class from every row', () => {
    const rng = new Rng(3);
    // 5 classes × 64 bins: a counter per (class, class, bin); 400 classes × 64 bins: C²·bins is over the cap.
    for (const [C, bins] of [[5, 64], [400, 64], [2, 4096]]) {
      expect(C * C * bins <= ROW_BINS_MAX_COUNTERS).toBe(C !== 400);
      const n = 180;
      const labels = Array.from({ length: n }, () => rng.int(C));
      const S = rowsOf(rng, n, bins);
      const want = reference(S, labels, C, bins);
      // All at once, and with the int32 counters added into the totals every 50 pairs.
      for (const flushAt of [undefined, 50]) {
        const rb = new RowBins(Float64Array.from(labels), n, { numClasses: C, bins }, flushAt);
        for (let i = 0; i < n; i++) rb.add(S[i], i);
        const got = rb.result();
        expect(got.pos, `${C} classes, flush ${flushAt}`).toEqual(want.pos);
        expect(got.neg, `${C} classes, flush ${flushAt}`).toEqual(want.neg);
      }
    }
  });

  it('rows binned in two parts (two threads) add up to the whole; a bad label is refused', () => {
    const rng = new Rng(4);
    const n = 120, C = 4, bins = 256;
    const labels = Array.from({ length: n }, () => rng.int(C));
    const S = rowsOf(rng, n, bins);
    const a = new RowBins(labels, n, { numClasses: C, bins });
    const b = new RowBins(labels, n, { numClasses: C, bins });
    for (let i = 0; i < n; i++) (i < 47 ? a : b).add(S[i], i);
    const [ra, rb] = [a.result(), b.result()];
    const want = reference(S, labels, C, bins);
    expect(ra.pos.map((v, k) => v + rb.pos[k])).toEqual(want.pos);
    expect(ra.neg.map((v, k) => v + rb.neg[k])).toEqual(want.neg);
    expect(() => new RowBins([0, 1, 4], 3, { numClasses: 4, bins })).toThrow('label 4 of item 2 is outside 0 … 3');
    expect(() => new RowBins([0, 1.5], 2, { numClasses: 4, bins })).toThrow(RangeError);
    // Sets of ~1,000 classes (a face or product gallery) are binned by the pass at the default 4,096 bins.
    expect(rowBinsFit(1024, 4096)).toBe(true);
    expect(rowBinsFit(1025, 4096)).toBe(false);
    expect(() => new RowBins([0], 1, { numClasses: 1025, bins: 4096 })).toThrow(/more than a thread holds/);
  });
});
