import { describe, expect, it } from 'vitest';
import { Rng } from '../data/rng';
import { normaliseRows } from './accumulate';
import { clusteringInertia, kmeansPlusPlus } from './kmeans';
import { kmeansBest, kmeansBestAsync, KMEANS_RESTARTS, restartSeeds } from './kmeansRestarts';
import { nmi, portableLog } from './nmi';
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
          for (const maxIter of [1, 2, 3, 100]) {
            const slow = ref.kmeansPlusPlus(rows(pts, n, d), C, kSeed, maxIter);
            for (const bounds of ['elkan', 'hamerly'] as const) {
              const fast = Array.from(kmeansPlusPlus(pts, n, d, C, kSeed, maxIter, bounds));
              expect(fast, `${name} seed ${kSeed} maxIter ${maxIter} ${bounds}`).toEqual(slow);
            }
          }
        }
      }
    });
  }

  it('duplicate points (ΣD² = 0 branch, ties to the lower centre) and k = n', () => {
    const emb = new Float32Array(20 * 3);
    for (let i = 0; i < 20; i++) emb.set(i % 2 ? [1, 0, 0] : [0, 1, 0], i * 3);
    for (const bounds of ['elkan', 'hamerly'] as const) {
      for (const k of [2, 3, 5]) expect(Array.from(kmeansPlusPlus(emb, 20, 3, k, 9, 100, bounds))).toEqual(ref.kmeansPlusPlus(rows(emb, 20, 3), k, 9));
      const s = makeSet(5, 12, 3, 4, 1);
      expect(Array.from(kmeansPlusPlus(s.emb, 12, 4, 12, 1, 100, bounds))).toEqual(ref.kmeansPlusPlus(rows(s.emb, 12, 4), 12, 1));
    }
  });

  it('equidistant points (exact ties between centres in every step) and a larger set where the bounds skip most distances', () => {
    // Points on a grid: many distances to two centres are equal, so ties → lower index decide.
    const grid = new Float64Array(2 * 64);
    for (let i = 0; i < 64; i++) grid.set([i % 8, Math.floor(i / 8)], 2 * i);
    for (const bounds of ['elkan', 'hamerly'] as const) {
      for (const k of [2, 4, 7]) for (const seed of [1, 2, 3]) expect(Array.from(kmeansPlusPlus(grid, 64, 2, k, seed, 100, bounds)), `grid k=${k} seed ${seed} ${bounds}`).toEqual(ref.kmeansPlusPlus(rows(grid, 64, 2), k, seed));
    }
    const s = makeSet(12, 1500, 30, 16, 0.4);
    const x = normaliseRows(s.emb, s.n, s.d);
    const slow = ref.kmeansPlusPlus(rows(x, s.n, s.d), 30, 4);
    for (const bounds of ['elkan', 'hamerly', 'auto'] as const) expect(Array.from(kmeansPlusPlus(x, s.n, s.d, 30, 4, 100, bounds)), bounds).toEqual(slow);
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
  it('random labelings, equal to the last few ulps (the logarithms are portableLog, not Math.log)', () => {
    const rng = new Rng(8);
    for (const [n, ka, kb] of [[50, 3, 3], [200, 10, 7], [500, 2, 12], [31, 31, 1]]) {
      const a = Array.from({ length: n }, () => rng.int(ka));
      const b = Array.from({ length: n }, () => rng.int(kb));
      expect(nmi(Int32Array.from(a), Int32Array.from(b))).toBeCloseTo(ref.nmi(a, b), 14);
      expect(nmi(a, a)).toBeCloseTo(ref.nmi(a, a), 14);
    }
  });
  it('portableLog: within 3 ulps of ln x, the same bits wherever it runs (no Math.log)', () => {
    const rng = new Rng(3);
    const xs = [1, 2, 0.5, 3, 10, Math.SQRT2, Math.SQRT1_2, 1 + 2 ** -52, 1 - 2 ** -53, 5e-324, 2.2250738585072014e-308, 1e300, Number.MAX_VALUE];
    for (let i = 0; i < 20000; i++) xs.push(Math.exp((rng.next() - 0.5) * 80));
    for (let n = 1; n <= 300; n += 13) for (let c = 1; c <= n; c += 7) xs.push(c / n, (n * c) / (7 * 11));
    for (const x of xs) {
      const want = Math.log(x);
      expect(Math.abs(portableLog(x) - want), `ln ${x}`).toBeLessThanOrEqual(3 * 2 ** -52 * Math.max(Math.abs(want), 2 ** -52));
    }
    expect(portableLog(1)).toBe(0);
    expect(portableLog(2)).toBe(Math.LN2);
    expect([portableLog(0), portableLog(-1), portableLog(Infinity)]).toEqual([-Infinity, NaN, Infinity]);
    // Arguments where Node 20's and Chromium 156's Math.log differ in the last bit: one answer here.
    expect(portableLog(4.655172413793103)).toBe(1.5379789484519555);
    expect(portableLog(2.9661016949152543)).toBe(1.0872485300177945);
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
    expect(fast).toBeCloseTo(ref.clusteringNmi(rows(s.emb, s.n, s.d), s.labels, 3), 14);
    expect(fast).toBeGreaterThan(0.3);
  });
});

/**
 * SPEC NMI: 10 seeded k-means++ restarts, the clustering of lowest inertia kept (scikit-learn's
 * n_init=10). Reference: the reference k-means (./reference/clustering.ts) run with each restart's
 * seed (the first 10 nextU32() of Rng(seed), as kmeans.ts documents), inertia computed here from
 * its definition (Σ squared distances to the mean of one's cluster), the first minimum kept.
 */
describe('kmeansBest: 10 restarts, lowest inertia (SPEC NMI)', () => {
  function refInertia(pts: number[][], assign: number[], k: number): number {
    const d = pts[0].length;
    let total = 0;
    for (let j = 0; j < k; j++) {
      const members = pts.filter((_, i) => assign[i] === j);
      if (!members.length) continue;
      const mean = Array.from({ length: d }, (_, t) => members.reduce((s, p) => s + p[t], 0) / members.length);
      for (const p of members) total += p.reduce((s, v, t) => s + (v - mean[t]) ** 2, 0);
    }
    return total;
  }
  function refBest(pts: number[][], k: number, seed: number) {
    const rng = new Rng(seed);
    const runs = Array.from({ length: 10 }, () => {
      const assign = ref.kmeansPlusPlus(pts, k, rng.nextU32());
      return { assign, inertia: refInertia(pts, assign, k) };
    });
    let best = 0;
    runs.forEach((r, i) => {
      if (r.inertia < runs[best].inertia - 1e-9) best = i;
    });
    return { ...runs[best], restart: best, inertias: runs.map((r) => r.inertia) };
  }

  it('the seeds of the restarts: the first 10 nextU32() of Rng(seed)', () => {
    expect(KMEANS_RESTARTS).toBe(10);
    const rng = new Rng(42);
    expect(restartSeeds(42)).toEqual(Array.from({ length: 10 }, () => rng.nextU32()));
  });

  for (const [seed, n, C, d, noise] of [
    [1, 200, 6, 4, 1.4],
    [2, 300, 10, 8, 1.2],
    [3, 120, 3, 2, 0.9],
  ] as const) {
    it(`equals the reference's lowest-inertia run (n=${n}, k=${C}, d=${d}) and its NMI`, () => {
      const s = makeSet(seed, n, C, d, noise);
      const x = normaliseRows(s.emb, n, d);
      const pts = rows(x, n, d);
      for (const kSeed of [1, 5]) {
        const want = refBest(pts, C, kSeed);
        const got = kmeansBest(x, n, d, C, kSeed);
        expect(Array.from(got.assign)).toEqual(want.assign);
        expect(got.restart).toBe(want.restart);
        got.inertias.forEach((v, i) => expect(v).toBeCloseTo(want.inertias[i], 9));
        expect(got.inertia).toBe(Math.min(...got.inertias));
        expect(clusteringInertia(x, n, d, got.assign, C)).toBe(got.inertia);
        expect(nmi(s.labels, got.assign)).toBeCloseTo(ref.nmi(s.labels, want.assign), 14);
      }
    });
  }

  it('the async form (awaiting between restarts, as the worker does) keeps the same clustering', async () => {
    const s = makeSet(4, 150, 5, 3, 1.3);
    const x = normaliseRows(s.emb, s.n, s.d);
    let waits = 0;
    const fr: number[] = [];
    const got = await kmeansBestAsync(x, s.n, s.d, 5, 3, { between: async () => void waits++, onProgress: (f) => fr.push(f) });
    expect(got).toEqual(kmeansBest(x, s.n, s.d, 5, 3));
    expect(waits).toBe(10);
    expect(fr).toEqual(Array.from({ length: 10 }, (_, r) => (r + 1) / 10));
  });

  it('restarts matter: the first run is worse than the best of 10, and the NMI differs', () => {
    // 6 classes around random centres, labels drawn at random (a set where k-means++ often merges two classes).
    const rng = new Rng(1);
    const n = 200;
    const C = 6;
    const d = 4;
    const centres = Array.from({ length: C }, () => Array.from({ length: d }, () => rng.normal()));
    const labels = Array.from({ length: n }, () => rng.int(C));
    const emb = new Float32Array(n * d);
    for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) emb[i * d + t] = centres[labels[i]][t] + 0.35 * rng.normal();
    const x = normaliseRows(emb, n, d);
    const best = kmeansBest(x, n, d, C, 1);
    const want = refBest(rows(x, n, d), C, 1);
    expect(Array.from(best.assign)).toEqual(want.assign);
    const first = kmeansPlusPlus(x, n, d, C, restartSeeds(1)[0]);
    expect(best.restart).toBeGreaterThan(0);
    expect(best.inertias[0]).toBeGreaterThan(best.inertia * 1.1); // the single-seed run is >10% worse
    expect(nmi(labels, first)).not.toBeCloseTo(nmi(labels, best.assign), 2);
  });
});
