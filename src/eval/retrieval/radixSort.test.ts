/** The screen's stable radix sort (radixSort.ts) against a plain stable sort, on keys of every span. */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { radixSortWithItems } from './radixSort';

describe('radixSortWithItems', () => {
  it('sorts keys ascending, equal keys in their first order, items moving with their keys', () => {
    const rng = new Rng(9);
    for (const m of [0, 1, 2, 47, 48, 49, 300, 1300]) {
      for (const span of [1, 2, 255, 256, 70_000, 2 ** 31 - 1]) {
        const base = span === 2 ** 31 - 1 ? 0 : rng.int(2 ** 30);
        const keys = Int32Array.from({ length: m }, () => base + rng.int(span));
        const items = Int32Array.from({ length: m }, (_, k) => k);
        const want = Array.from(keys, (key, k) => [key, k]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        radixSortWithItems(keys, items, m, new Int32Array(m), new Int32Array(m), new Int32Array(256));
        expect(Array.from(keys), `m ${m}, span ${span}`).toEqual(want.map((p) => p[0]));
        expect(Array.from(items), `m ${m}, span ${span}`).toEqual(want.map((p) => p[1]));
      }
    }
  });

  it('leaves the entries past m alone', () => {
    const keys = Int32Array.from([5, 3, 9, 1, 7, 0]);
    const items = Int32Array.from([0, 1, 2, 3, 4, 5]);
    radixSortWithItems(keys, items, 4, new Int32Array(6), new Int32Array(6), new Int32Array(256));
    expect(Array.from(keys)).toEqual([1, 3, 5, 9, 7, 0]);
    expect(Array.from(items)).toEqual([3, 1, 0, 2, 4, 5]);
  });
});
