import { describe, it, expect } from 'vitest';
import { recallAtK } from './retrieval';
import { Rng } from '../../data/rng';

const onCircle = (th: number) => [Math.cos(th), Math.sin(th)];

describe('recallAtK (SPEC line 59)', () => {
  it('hand example on the circle', () => {
    // angles 0 (label 0), 0.1 (1), 0.3 (0), 2.0 (1). Neighbours by angle gap (= by cosine):
    //   0: 1, 2, 3 → R@1 miss, R@2 hit      1: 0, 2, 3 → miss, miss, R@3 hit
    //   2: 1, 0, 3 → miss, R@2 hit          3: 2, 1, 0 → miss, R@2 hit
    const emb = [0, 0.1, 0.3, 2.0].map(onCircle);
    expect(recallAtK(emb, [0, 1, 0, 1], [1, 2, 3, 8])).toEqual([0, 0.75, 1, 1]);
  });

  it('the item itself is excluded (a set of singletons has recall 0 at every K)', () => {
    const emb = [0, 1, 2, 3].map(onCircle);
    expect(recallAtK(emb, [0, 1, 2, 3], [1, 3])).toEqual([0, 0]);
  });

  it('equal cosines: the lower index ranks first', () => {
    // Item 0 sees items 1 and 2 both at cosine 0: item 1 (label 1, a miss) comes first.
    // Items 1 and 2 are identical vectors with different labels: each other's nearest → misses.
    const emb = [[1, 0], [0, 1], [0, 1]];
    expect(recallAtK(emb, [0, 1, 0], [1, 2])).toEqual([0, 2 / 3]);
    // Swapping labels of 1 and 2 makes item 0's first neighbour a hit.
    expect(recallAtK(emb, [0, 0, 1], [1])).toEqual([1 / 3]);
  });

  it('is non-decreasing in K and 1 once K covers everyone (seeded random set)', () => {
    const rng = new Rng(4);
    const emb = Array.from({ length: 60 }, () => [rng.normal(), rng.normal(), rng.normal()]);
    const labels = emb.map((_, i) => i % 5);
    const ks = [1, 2, 4, 8, 16, 32, 59];
    const r = recallAtK(emb, labels, ks);
    for (let q = 1; q < r.length; q++) expect(r[q]).toBeGreaterThanOrEqual(r[q - 1]);
    expect(r[0]).toBeGreaterThan(0);
    expect(r[0]).toBeLessThan(1);
    expect(r[r.length - 1]).toBe(1);
  });

  it('ranks by cosine, not by raw distance (scale of an embedding does not matter)', () => {
    // Item 1 is long but points along item 0; item 2 is short and 0.5 rad away.
    const emb = [[1, 0], [50, 0.5], onCircle(0.5).map((x) => 0.01 * x)];
    expect(recallAtK(emb, [0, 0, 1], [1])[0]).toBeCloseTo(2 / 3, 15);
  });

  it('empty set → NaN; bad K throws', () => {
    expect(recallAtK([], [], [1])).toEqual([NaN]);
    expect(() => recallAtK([[1, 0]], [0], [0])).toThrow();
  });
});
