import { describe, it, expect } from 'vitest';
import { clusteringNmi, kmeans, kmeansPlusPlus, meanVariance, nmi } from './clustering';
import { Rng } from '../../data/rng';

const { log } = Math;

describe('nmi (SPEC line 60, sklearn normalized_mutual_info_score, arithmetic mean)', () => {
  it('identical labelings → 1, also after renaming the labels', () => {
    expect(nmi([0, 0, 1, 1, 2, 2], [0, 0, 1, 1, 2, 2])).toBeCloseTo(1, 14);
    expect(nmi([0, 0, 1, 1, 2, 2], [5, 5, 3, 3, 9, 9])).toBeCloseTo(1, 14);
  });

  it('independent labelings → 0', () => {
    expect(nmi([0, 0, 1, 1], [0, 1, 0, 1])).toBe(0);
  });

  it('hand-computed 2×2 case', () => {
    // a = [0,0,0,1], b = [0,0,1,1]: n_ij = {(0,0): 2, (0,1): 1, (1,1): 1}; a: 3, 1; b: 2, 2; n = 4.
    const mi = (2 / 4) * log((4 * 2) / (3 * 2)) + (1 / 4) * log((4 * 1) / (3 * 2)) + (1 / 4) * log((4 * 1) / (1 * 2));
    const ha = -(0.75 * log(0.75) + 0.25 * log(0.25));
    const hb = log(2);
    const expected = mi / ((ha + hb) / 2); // ≈ 0.34371 (the geometric mean would give ≈ 0.34559)
    expect(nmi([0, 0, 0, 1], [0, 0, 1, 1])).toBeCloseTo(expected, 14);
    expect(expected).toBeCloseTo(0.34371, 4);
    // symmetric, and invariant to renaming either side
    expect(nmi([0, 0, 1, 1], [0, 0, 0, 1])).toBeCloseTo(expected, 14);
    expect(nmi([7, 7, 7, -1], [2, 2, 8, 8])).toBeCloseTo(expected, 14);
  });

  it("sklearn's limit cases: both single-cluster or empty → 1; one single-cluster side → 0", () => {
    expect(nmi([3, 3, 3], [1, 1, 1])).toBe(1);
    expect(nmi([], [])).toBe(1);
    expect(nmi([0, 0, 0, 0], [0, 0, 1, 1])).toBe(0);
    expect(() => nmi([0], [0, 1])).toThrow();
  });
});

/** Well-separated blobs: `k` tight clusters around random directions of R^dim. */
function blobs(k: number, perClass: number, dim: number, seed: number, spread = 0.01) {
  const rng = new Rng(seed);
  const emb: number[][] = [];
  const labels: number[] = [];
  for (let c = 0; c < k; c++) {
    const centre = Array.from({ length: dim }, (_, j) => (j === c ? 1 : 0));
    for (let i = 0; i < perClass; i++) {
      emb.push(centre.map((x) => x + spread * rng.normal()));
      labels.push(c);
    }
  }
  return { emb, labels };
}

describe('kmeansPlusPlus (SPEC line 60)', () => {
  it('is deterministic for a seed', () => {
    const rng = new Rng(1);
    const pts = Array.from({ length: 80 }, () => [rng.normal(), rng.normal()]);
    const a = kmeansPlusPlus(pts, 5, 42);
    expect(kmeansPlusPlus(pts, 5, 42)).toEqual(a);
    expect(new Set(a).size).toBe(5);
    // another seed starts elsewhere on this unstructured cloud
    const others = [1, 2, 3, 4, 5].map((s) => kmeansPlusPlus(pts, 5, s));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
  });

  it('returns a Lloyd fixed point: every point is nearest to the mean of its own cluster', () => {
    const rng = new Rng(12);
    const pts = Array.from({ length: 80 }, () => [rng.normal(), rng.normal()]);
    for (const seed of [0, 1, 2]) {
      const a = kmeansPlusPlus(pts, 5, seed);
      const means = [0, 1, 2, 3, 4].map((j) => {
        const m = pts.filter((_, i) => a[i] === j);
        return [m.reduce((s, p) => s + p[0], 0) / m.length, m.reduce((s, p) => s + p[1], 0) / m.length];
      });
      pts.forEach((p, i) => {
        const d = means.map((c) => (p[0] - c[0]) ** 2 + (p[1] - c[1]) ** 2);
        expect(d[a[i]]).toBeLessThanOrEqual(Math.min(...d) + 1e-12);
      });
    }
  });

  it('the first centre is points[rng.int(n)]: that point ends in cluster 0', () => {
    // Points 0, 2, 10 with k = 2 always converge to {0, 2} | {10}; cluster 0 is the first centre's.
    const pts = [[0], [2], [10]];
    for (let seed = 0; seed < 10; seed++) {
      const a = kmeansPlusPlus(pts, 2, seed);
      expect(a[0]).toBe(a[1]);
      expect(a[2]).not.toBe(a[0]);
      const first = new Rng(seed).int(3);
      expect(a[first]).toBe(0);
    }
  });

  it('equal distances go to the LOWER centre index; an empty cluster keeps its centre', () => {
    // All points equal: ΣD² = 0 → the second centre is the same point; every point ties → cluster 0.
    expect(kmeansPlusPlus([[1, 1], [1, 1], [1, 1]], 2, 7)).toEqual([0, 0, 0]);
  });

  it('k = n gives every point its own cluster (D² sampling never re-picks a centre)', () => {
    const a = kmeansPlusPlus([[0], [1], [3], [7], [15]], 5, 3);
    expect([...a].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('recovers well-separated clusters: NMI = 1 for several seeds', () => {
    const { emb, labels } = blobs(6, 15, 8, 5);
    for (const seed of [0, 1, 2, 3, 4]) {
      expect(nmi(labels, kmeansPlusPlus(emb, 6, seed))).toBeCloseTo(1, 12);
    }
  });

  it('follows the documented greedy seeding draw for draw; maxIter = 1 is one step, then the assignment to its centres', () => {
    // 1-D points 0, 3, 4, 10, k = 2: different seeds give different local optima, so the seeding matters.
    const pts = [[0], [3], [4], [10]];
    const seen = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      // The documented procedure, by hand: first = rng.int(n); then 2 + ⌊ln 2⌋ = 2 candidates, each
      // the first index whose running sum of D² exceeds rng.next()·ΣD²; the one leaving the lower ΣD².
      const rng = new Rng(seed);
      const i0 = rng.int(4);
      const d2 = pts.map((p) => (p[0] - pts[i0][0]) ** 2);
      const total = d2.reduce((s, x) => s + x, 0);
      const cands = [0, 1].map(() => {
        const r = rng.next() * total;
        let run = 0;
        return d2.findIndex((v) => (run += v) > r);
      });
      const pot = (c: number) => pts.reduce((s, p, i) => s + Math.min(d2[i], (p[0] - pts[c][0]) ** 2), 0);
      const i1 = pot(cands[1]) < pot(cands[0]) ? cands[1] : cands[0];
      const near = (c: number[]) => pts.map((p) => (Math.abs(p[0] - c[1]) < Math.abs(p[0] - c[0]) ? 1 : 0));
      const first = near([pts[i0][0], pts[i1][0]]);
      const mean = (j: number) => pts.filter((_, i) => first[i] === j).reduce((s, p, _, a) => s + p[0] / a.length, 0);
      expect(kmeansPlusPlus(pts, 2, seed, 1)).toEqual(near([mean(0), mean(1)]));
      seen.add(kmeansPlusPlus(pts, 2, seed).join());
    }
    // Both local optima, {0} | {3, 4, 10} and {0, 3, 4} | {10}, are reached from some seed.
    const parts = [...seen].map((s) => s.split(',').map(Number)).map((a) => (a[0] === a[1] ? 'low' : 'high'));
    expect(new Set(parts)).toEqual(new Set(['low', 'high']));
  });

  it('stops by scikit-learn’s tolerance: centres that move less than 1e-4 × the mean variance end the steps', () => {
    const rng = new Rng(5);
    const pts = Array.from({ length: 300 }, () => [rng.normal(), rng.normal(), rng.normal()]);
    const full = kmeans(pts, 8, 2);
    expect(full.iterations).toBeGreaterThan(2);
    expect(full.iterations).toBeLessThan(300);
    // Stopped by the rule, not the cap: more steps allowed change nothing; the inertia is that of
    // the final centres (each the mean of its points, the assignment being their nearest).
    expect(kmeans(pts, 8, 2, full.iterations + 5)).toEqual(full);
    expect(meanVariance(pts)).toBeGreaterThan(0.8);
    const means = Array.from({ length: 8 }, (_, j) => {
      const m = pts.filter((_, i) => full.assign[i] === j);
      return [0, 1, 2].map((t) => m.reduce((s, p) => s + p[t], 0) / m.length);
    });
    const inertia = pts.reduce((s, p, i) => s + p.reduce((a, v, t) => a + (v - means[full.assign[i]][t]) ** 2, 0), 0);
    expect(full.inertia).toBeCloseTo(inertia, 8);
  });

  it('k outside [1, n] throws', () => {
    expect(() => kmeansPlusPlus([[0], [1]], 3, 0)).toThrow();
    expect(() => kmeansPlusPlus([[0], [1]], 0, 0)).toThrow();
  });
});

describe('clusteringNmi (SPEC line 60)', () => {
  it('well-separated classes → 1', () => {
    const { emb, labels } = blobs(5, 12, 6, 9);
    expect(clusteringNmi(emb, labels, 0)).toBeCloseTo(1, 12);
  });

  it('clusters the l2-NORMALISED embeddings: per-item scales from 0.01 to 100 change nothing', () => {
    const { emb, labels } = blobs(4, 10, 4, 13);
    const rng = new Rng(77);
    const scaled = emb.map((v) => {
      const s = 10 ** rng.uniform(-2, 2);
      return v.map((x) => s * x);
    });
    expect(clusteringNmi(scaled, labels, 1)).toBeCloseTo(1, 12);
    // (without the normalisation, k-means would split by length instead)
    expect(nmi(labels, kmeansPlusPlus(scaled, 4, 1))).toBeLessThan(0.9);
  });

  it('random embeddings give a low NMI', () => {
    const rng = new Rng(21);
    const emb = Array.from({ length: 200 }, () => Array.from({ length: 8 }, () => rng.normal()));
    const labels = emb.map((_, i) => i % 4);
    expect(clusteringNmi(emb, labels, 0)).toBeLessThan(0.1);
  });
});
