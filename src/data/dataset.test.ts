import { describe, it, expect } from 'vitest';
import { classesIn, itemSize, subset, type Dataset } from './dataset';

const ds: Dataset = {
  x: Float32Array.from({ length: 5 * 6 }, (_, i) => i),
  y: Int32Array.from([3, 1, 3, 0, 1]),
  n: 5,
  itemShape: [2, 3],
  numClasses: 7,
};

describe('dataset', () => {
  it('itemSize is the product of itemShape', () => {
    expect(itemSize(ds)).toBe(6);
    expect(itemSize({ ...ds, itemShape: [28, 28, 1] })).toBe(784);
  });

  it('subset copies rows and labels in the given order and keeps numClasses', () => {
    const s = subset(ds, [4, 0, 4]);
    expect(s.n).toBe(3);
    expect([...s.y]).toEqual([1, 3, 1]);
    expect([...s.x.subarray(0, 6)]).toEqual([24, 25, 26, 27, 28, 29]);
    expect([...s.x.subarray(6, 12)]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(s.numClasses).toBe(7);
    expect(s.itemShape).toEqual([2, 3]);
    s.x[0] = -1;
    expect(ds.x[24]).toBe(24); // a copy, not a view
  });

  it('subset rejects out-of-range indices', () => {
    expect(() => subset(ds, [5])).toThrow(/out of range/);
    expect(() => subset(ds, [-1])).toThrow(/out of range/);
  });

  it('classesIn lists sorted distinct labels present', () => {
    expect(classesIn(ds)).toEqual([0, 1, 3]);
    expect(classesIn(subset(ds, []))).toEqual([]);
  });
});
