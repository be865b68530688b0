import { describe, expect, it } from 'vitest';
import { Rng } from '../data/rng';
import { normaliseRows } from './accumulate';
import { kmeansPlusPlus, nmi } from './kmeans';
import * as ref from './reference/clustering';

function makeSet(seed: number, n: number, C: number, d: number, noise: number) {
  const rng = new Rng(seed);
  const centres = Array.from({ length: C }, () => Array.from({ length: d }, () => rng.normal()));
  const labels = Array.from({ length: n }, () => rng.int(C));
  const emb = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) emb[i * d + t] = centres[labels[i]][t] + noise * rng.normal();
  return { emb, labels, n, d, C };
}
const rows = (x: ArrayLike<number>, n: number, d: number) => Array.from({ length: n }, (_, i) => Array.from({ length: d }, (_, t) => x[i * d + t]));

describe('kmeansPlusPlus = reference, assignment for assignment', () => {
  const cases: Array<[number, number, number, number, number]> = [
    [1, 60, 3, 2, 0.5],
    [2, 150, 5, 4, 1],
    [3, 300, 10, 16, 1.5],
    [4, 250, 8, 8, 3], // heavy overlap: many Lloyd steps
  ];
  for (const [seed, n, C, d, noise] of cases) {
    it(`n=${n} k=${C} d=${d}, raw float32 and normalised float64 points, several seeds and maxIter`, () => {
      const s = makeSet(seed, n, C, d, noise);
      const x64 = normaliseRows(s.emb, n, d);
      for (const [pts, name] of [[s.emb, 'f32'], [x64, 'f64']] as const) {
        for (const kSeed of [0, 7, 123456]) {
          for (const maxIter of [1, 3, 100]) {
            const fast = Array.from(kmeansPlusPlus(pts, n, d, C, kSeed, maxIter));
            const slow = ref.kmeansPlusPlus(rows(pts, n, d), C, kSeed, maxIter);
            expect(fast, `${name} seed ${kSeed} maxIter ${maxIter}`).toEqual(slow);
          }
        }
      }
    });
  }

  it('duplicate points (ΣD² = 0 branch, ties to the lower centre) and k = n', () => {
    const emb = new Float32Array(20 * 3);
    for (let i = 0; i < 20; i++) emb.set(i % 2 ? [1, 0, 0] : [0, 1, 0], i * 3);
    for (const k of [2, 3, 5]) expect(Array.from(kmeansPlusPlus(emb, 20, 3, k, 9))).toEqual(ref.kmeansPlusPlus(rows(emb, 20, 3), k, 9));
    const s = makeSet(5, 12, 3, 4, 1);
    expect(Array.from(kmeansPlusPlus(s.emb, 12, 4, 12, 1))).toEqual(ref.kmeansPlusPlus(rows(s.emb, 12, 4), 12, 1));
  });

  it('different seeds can give different clusterings (the seed is used)', () => {
    const s = makeSet(6, 200, 6, 4, 2.5);
    const outs = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((k) => Array.from(kmeansPlusPlus(s.emb, 200, 4, 6, k)).join(',')));
    expect(outs.size).toBeGreaterThan(1);
  });

  it('rejects k outside 1 … n; n = k = 0 is empty', () => {
    expect(() => kmeansPlusPlus(new Float32Array(4), 2, 2, 3, 0)).toThrow();
    expect(() => kmeansPlusPlus(new Float32Array(4), 2, 2, 0, 0)).toThrow();
    expect(kmeansPlusPlus(new Float32Array(0), 0, 2, 0, 0).length).toBe(0);
  });
});

describe('nmi = reference', () => {
  it('random labelings, equal as numbers', () => {
    const rng = new Rng(8);
    for (const [n, ka, kb] of [[50, 3, 3], [200, 10, 7], [500, 2, 12], [31, 31, 1]]) {
      const a = Array.from({ length: n }, () => rng.int(ka));
      const b = Array.from({ length: n }, () => rng.int(kb));
      expect(nmi(Int32Array.from(a), Int32Array.from(b))).toBe(ref.nmi(a, b));
      expect(nmi(a, a)).toBe(ref.nmi(a, a));
    }
  });
  it('edge cases: identical up to renaming = 1; single clusters = 1; one split side = 0; empty = 1', () => {
    expect(nmi([0, 0, 1, 1, 2], [5, 5, 3, 3, 9])).toBeCloseTo(1, 14);
    expect(nmi([0, 0, 0], [1, 1, 1])).toBe(1);
    expect(nmi([0, 0, 0, 0], [0, 1, 0, 1])).toBe(0);
    expect(nmi([], [])).toBe(1);
    expect(() => nmi([1], [])).toThrow();
  });
  it('clustering NMI of the evaluation (normalised float64 points, k = distinct labels) = reference clusteringNmi', () => {
    const s = makeSet(9, 240, 6, 8, 1.2);
    const x = normaliseRows(s.emb, s.n, s.d);
    const k = new Set(s.labels).size;
    const fast = nmi(s.labels, kmeansPlusPlus(x, s.n, s.d, k, 3));
    expect(fast).toBe(ref.clusteringNmi(rows(s.emb, s.n, s.d), s.labels, 3));
    expect(fast).toBeGreaterThan(0.3);
  });
});
