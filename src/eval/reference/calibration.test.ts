import { describe, it, expect } from 'vitest';
import {
  calibrationRange,
  classUtility,
  distanceHistograms,
  epsGroupSize,
  epsOpis,
  farAt,
  opis,
  opisClasses,
  thresholdForFar,
  thresholdGrid,
} from './calibration';
import { allPairs, averagePrecision, type PairList } from './pairs';
import { Rng } from '../../data/rng';

/** A hand-made pair list: the distances and labels are given, the cosines follow from d = sqrt(2 − 2c). */
function makePairs(n: number, labels: number[], dist: (a: number, b: number) => number): PairList {
  const p: PairList = { a: [], b: [], cos: [], dist: [], positive: [] };
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const d = dist(a, b);
      p.a.push(a);
      p.b.push(b);
      p.dist.push(d);
      p.cos.push(1 - (d * d) / 2);
      p.positive.push(labels[a] === labels[b]);
    }
  }
  return p;
}

/**
 * The 4-item example: items 0, 1 in class 0, items 2, 3 in class 1.
 * Positives: (0,1) 0.4, (2,3) 1.2. Negatives: (0,2) 0.8, (0,3) 1.5, (1,2) 1.0, (1,3) 0.3.
 */
const L4 = [0, 0, 1, 1];
const D4: Record<string, number> = { '0,1': 0.4, '2,3': 1.2, '0,2': 0.8, '0,3': 1.5, '1,2': 1.0, '1,3': 0.3 };
const P4 = makePairs(4, L4, (a, b) => D4[`${a},${b}`]);

/**
 * The 10-item ε example. Classes: 0 = {0,1}, 1 = {2,3,4}, 2 = {5,6,7}, 3 = {8,9}.
 * Positive distances: class 0 and 1 all 0.1; class 2: (5,6) 0.1, (5,7) 1.0, (6,7) 1.0; class 3: (8,9) 1.0.
 * Negatives: (5,8) 0.5, every other one 1.9. 37 negatives; with farLo = farHi = 1e-3 the
 * calibration range is [0.5, 0.5] (the smallest negative), so every grid point is d = 0.5.
 */
const L10 = [0, 0, 1, 1, 1, 2, 2, 2, 3, 3];
function dist10(a: number, b: number): number {
  if (L10[a] !== L10[b]) return a === 5 && b === 8 ? 0.5 : 1.9;
  if (L10[a] === 2) return a === 5 && b === 6 ? 0.1 : 1.0;
  return L10[a] === 3 ? 1.0 : 0.1;
}
const P10 = makePairs(10, L10, dist10);
const AT_HALF = { farLo: 1e-3, farHi: 1e-3, grid: 5 };
// Utilities at d = 0.5 (by hand):
//   class 0: ψ = 1, φ = 16/16 → U = 1;  class 1: ψ = 1, φ = 21/21 → U = 1;
//   class 2: ψ = 1/3, φ = 20/21 → U = 2·(20/21)(1/3)/((20/21)+(1/3)) = 40/81;
//   class 3: ψ = 0, φ = 15/16 → U = 0.
const U10 = [1, 1, 40 / 81, 0];

describe('farAt (SPEC line 56)', () => {
  it('is the accepted fraction of negatives, accepting d_ab ≤ d (inclusive)', () => {
    const neg = [0.5, 1.0, 1.0, 1.5];
    expect(farAt(neg, 1.0)).toBe(0.75);
    expect(farAt(neg, 0.99)).toBe(0.25);
    expect(farAt(neg, 0.4)).toBe(0);
    expect(farAt(neg, 2)).toBe(1);
    expect(farAt([], 1)).toBeNaN();
  });
});

describe('thresholdForFar (SPEC line 56)', () => {
  const neg = [0.7, 0.3, 1.0, 0.1, 0.5, 0.9, 0.2, 0.8, 0.4, 0.6];
  it('is the smallest negative distance whose FAR reaches the target', () => {
    expect(thresholdForFar(neg, 0.1)).toBe(0.1);
    expect(thresholdForFar(neg, 0.3)).toBe(0.3); // 3/10 ≥ 0.3 exactly, not the 4th
    expect(thresholdForFar(neg, 0.25)).toBe(0.3);
    expect(thresholdForFar(neg, 0.31)).toBe(0.4);
    expect(thresholdForFar(neg, 0)).toBe(0.1);
    expect(thresholdForFar(neg, 1)).toBe(1.0);
    for (const far of [0.05, 0.1, 0.25, 0.5, 0.95]) {
      const d = thresholdForFar(neg, far);
      expect(farAt(neg, d)).toBeGreaterThanOrEqual(far);
      expect(farAt(neg, d - 1e-9)).toBeLessThan(far);
    }
  });

  it('a tie group enters together', () => {
    expect(thresholdForFar([0.2, 0.9, 0.2, 0.2], 0.5)).toBe(0.2);
    expect(thresholdForFar([0.2, 0.9, 0.2, 0.2], 0.8)).toBe(0.9);
  });

  it('no negatives → NaN; far outside [0, 1] throws', () => {
    expect(thresholdForFar([], 0.1)).toBeNaN();
    expect(() => thresholdForFar(neg, 1.5)).toThrow();
  });
});

describe('calibrationRange (SPEC line 56)', () => {
  it('uses the negative pairs only, on a hand-made set', () => {
    // 20 negatives at 0.05, 0.10, …, 1.00 (listed in reverse), plus 5 positives at 0.01 that must not count.
    const p: PairList = { a: [], b: [], cos: [], dist: [], positive: [] };
    for (let i = 20; i >= 1; i--) {
      p.a.push(0);
      p.b.push(i);
      p.dist.push(0.05 * i);
      p.cos.push(0);
      p.positive.push(false);
    }
    for (let i = 0; i < 5; i++) {
      p.a.push(i);
      p.b.push(i + 1);
      p.dist.push(0.01);
      p.cos.push(1);
      p.positive.push(true);
    }
    const r = calibrationRange(p, 0.1, 0.5);
    expect(r.dMin).toBe(0.05 * 2); // 2nd of 20
    expect(r.dMax).toBe(0.05 * 10); // 10th of 20
  });

  it('defaults to FAR ∈ [1e-2, 1e-1]: the 10th and 100th smallest of 1000 negatives', () => {
    const p: PairList = { a: [], b: [], cos: [], dist: [], positive: [] };
    for (let i = 1000; i >= 1; i--) {
      p.a.push(0);
      p.b.push(1);
      p.cos.push(0);
      p.dist.push(i / 500);
      p.positive.push(false);
    }
    expect(calibrationRange(p)).toEqual({ dMin: 10 / 500, dMax: 100 / 500 });
  });

  it('no negative pair (one class) → NaN range', () => {
    const p = makePairs(3, [4, 4, 4], () => 0.3);
    const r = calibrationRange(p);
    expect(r.dMin).toBeNaN();
    expect(r.dMax).toBeNaN();
  });
});

describe('classUtility (SPEC line 55, TCM Eq. 1)', () => {
  it('4-item example by hand', () => {
    // d = 1.0: class 0 accepts (0,1) 0.4 → ψ = 1; of its 4 negatives only 1.5 is rejected → φ = 1/4;
    // U = 2·(1/4)·1/(5/4) = 0.4. Class 1: (2,3) 1.2 > 1 → ψ = 0, φ = 1/4, U = 0.
    expect(classUtility(P4, L4, 0, 1.0)).toEqual({ sensitivity: 1, specificity: 0.25, utility: expect.closeTo(0.4, 15) });
    expect(classUtility(P4, L4, 1, 1.0)).toEqual({ sensitivity: 0, specificity: 0.25, utility: 0 });
    // d = 1.2 (inclusive): class 1 accepts its positive at exactly 1.2.
    expect(classUtility(P4, L4, 1, 1.2).sensitivity).toBe(1);
    expect(classUtility(P4, L4, 1, 1.2).utility).toBeCloseTo(0.4, 15);
    // d = 0.35: class 0 rejects its positive; rejects 0.8, 1.5, 1.0 of its negatives.
    expect(classUtility(P4, L4, 0, 0.35)).toEqual({ sensitivity: 0, specificity: 0.75, utility: 0 });
    // d = 0.5: class 0: ψ = 1, φ = 3/4 → U = 2·(3/4)/(7/4) = 6/7.
    expect(classUtility(P4, L4, 0, 0.5).utility).toBeCloseTo(6 / 7, 15);
  });

  it('negatives are the pairs with EXACTLY one end in t (a pair between two other classes is not one)', () => {
    // labels [0, 0, 1, 2]: (2,3) has no end in class 0; at distance 0.1 it would be accepted if counted.
    const labels = [0, 0, 1, 2];
    const p = makePairs(4, labels, (a, b) => (a === 2 && b === 3 ? 0.1 : a === 0 && b === 1 ? 0.2 : 1.5));
    const u = classUtility(p, labels, 0, 1.0);
    expect(u.specificity).toBe(1); // 4 negatives, all rejected
    expect(u.sensitivity).toBe(1);
    expect(u.utility).toBe(1);
  });

  it('U = 0 (not NaN) when ψ = φ = 0', () => {
    const labels = [0, 0, 1];
    const p = makePairs(3, labels, (a, b) => (a === 0 && b === 1 ? 1.9 : 0.5));
    expect(classUtility(p, labels, 0, 1.0)).toEqual({ sensitivity: 0, specificity: 0, utility: 0 });
  });

  it('empty sets: one-item class → ψ = 0; class without negatives → φ = 1', () => {
    const labels = [0, 0, 1];
    const p = makePairs(3, labels, () => 0.5);
    expect(classUtility(p, labels, 1, 1.0).sensitivity).toBe(0);
    const one = makePairs(3, [2, 2, 2], () => 0.5);
    expect(classUtility(one, [2, 2, 2], 2, 1.0)).toEqual({ sensitivity: 1, specificity: 1, utility: 1 });
  });
});

describe('thresholdGrid (SPEC line 57)', () => {
  it('G evenly spaced points, both ends included', () => {
    expect(thresholdGrid(0, 1, 5)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    const g = thresholdGrid(0.1, 0.7, 3);
    expect(g[0]).toBe(0.1);
    expect(g[1]).toBeCloseTo(0.4, 15);
    expect(g[2]).toBe(0.7);
    expect(thresholdGrid(0.3, 0.9).length).toBe(101);
  });

  it('empty or degenerate range → G copies of dMin; NaN → NaN', () => {
    expect(thresholdGrid(0.5, 0.5, 4)).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect(thresholdGrid(0.6, 0.5, 3)).toEqual([0.6, 0.6, 0.6]);
    expect(thresholdGrid(NaN, NaN, 2).every(Number.isNaN)).toBe(true);
    expect(() => thresholdGrid(0, 1, 1)).toThrow();
  });
});

describe('opis (SPEC line 57, TCM Eq. 2)', () => {
  it('4-item example by hand', () => {
    // Negatives sorted [0.3, 0.8, 1.0, 1.5]: FAR 0.5 → 0.8, FAR 0.75 → 1.0; grid [0.8, 0.9, 1.0].
    // Class 0: ψ = 1, φ = 1/2, 1/2, 1/4 → U = 2/3, 2/3, 0.4. Class 1: ψ = 0 → U = 0.
    // Variance of {u, 0} = u²/4 → OPIS = (4/9/4 + 4/9/4 + 0.16/4)/3.
    const expected = ((4 / 9) / 4 + (4 / 9) / 4 + 0.16 / 4) / 3;
    expect(opis(P4, L4, { farLo: 0.5, farHi: 0.75, grid: 3 })).toBeCloseTo(expected, 15);
  });

  it('10-item example at a single threshold: population variance of the class utilities', () => {
    const mean = (U10[0] + U10[1] + U10[2] + U10[3]) / 4;
    const expected = U10.reduce((s, u) => s + (u - mean) ** 2, 0) / 4;
    expect(opis(P10, L10, AT_HALF)).toBeCloseTo(expected, 15);
  });

  it('a one-item class is left out of T', () => {
    // 4-item example plus item 4 (class 2, alone) at distance 2 from everyone.
    // Negatives [0.3, 0.8, 1.0, 1.5, 2, 2, 2, 2]: FAR 0.25 → 0.8, FAR 0.375 → 1.0; grid [0.8, 0.9, 1.0].
    // Class 0 now has 6 negatives: φ = 4/6, 4/6, 3/6 → U = 0.8, 0.8, 2/3. Class 1: U = 0.
    // T = 2 (class 2 has no positive pair): OPIS = mean(u²/4).
    const labels = [0, 0, 1, 1, 2];
    const p = makePairs(5, labels, (a, b) => (b === 4 ? 2 : D4[`${a},${b}`]));
    expect(opisClasses(p, labels)).toEqual([0, 1]);
    const expected = (0.64 / 4 + 0.64 / 4 + (4 / 9) / 4) / 3;
    expect(opis(p, labels, { farLo: 0.25, farHi: 0.375, grid: 3 })).toBeCloseTo(expected, 15);
  });

  it('empty range (farLo above farHi) → the metric at the single threshold dMin', () => {
    // dMin = 1.0, dMax = 0.8 → every grid point is 1.0: U = {0.4, 0} → 0.16/4.
    expect(opis(P4, L4, { farLo: 0.75, farHi: 0.5, grid: 7 })).toBeCloseTo(0.04, 15);
  });

  it('no negative pair or no class with a positive pair → NaN', () => {
    expect(opis(makePairs(3, [1, 1, 1], () => 0.2), [1, 1, 1])).toBeNaN();
    expect(opis(makePairs(3, [0, 1, 2], () => 0.2), [0, 1, 2])).toBeNaN();
  });

  it('perfect separation with every class alike → AP = 1 and OPIS = ε-OPIS = 0', () => {
    // 4 classes, one per axis direction; class c's items are EXACT 90° rotations of class 0's
    // ((x, y) → (−y, x) only swaps and negates), so every class has bit-identical distance
    // multisets, hence the same utility curve, even at thresholds that sit exactly on a distance.
    const offsets = [-0.3, -0.1, 0.05, 0.25];
    const rot = (v: number[]) => [-v[1], v[0]];
    const emb: number[][] = [];
    const labels: number[] = [];
    for (let c = 0; c < 4; c++) {
      for (const o of offsets) {
        let v = [1, o];
        for (let r = 0; r < c; r++) v = rot(v);
        emb.push(v);
        labels.push(c);
      }
    }
    const p = allPairs(emb, labels);
    expect(averagePrecision(p.cos, p.positive)).toBe(1);
    const r = calibrationRange(p);
    expect(r.dMax).toBeGreaterThan(r.dMin);
    expect(opis(p, labels)).toBe(0);
    expect(epsOpis(p, labels)).toBe(0);
    // …and classes that differ give a positive OPIS: spread class 0 out.
    const emb2 = emb.map((v, i) => (labels[i] === 0 ? [1, 3 * offsets[i % 4]] : v));
    expect(opis(allPairs(emb2, labels), labels)).toBeGreaterThan(1e-4);
  });
});

describe('epsGroupSize', () => {
  it('max(1, round half up of ε·T), capped at T', () => {
    expect(epsGroupSize(0.1, 4)).toBe(1);
    expect(epsGroupSize(0.1, 10)).toBe(1);
    expect(epsGroupSize(0.1, 14)).toBe(1);
    expect(epsGroupSize(0.1, 15)).toBe(2);
    expect(epsGroupSize(0.1, 25)).toBe(3);
    expect(epsGroupSize(0.15, 30)).toBe(5); // 4.5 rounds up
    expect(epsGroupSize(0.35, 90)).toBe(32); // 0.35·90 = 31.499999999999996 in float64, an exact half
    expect(epsGroupSize(0.5, 4)).toBe(2);
    expect(epsGroupSize(0.5, 1)).toBe(1);
    expect(epsGroupSize(1, 7)).toBe(7);
    expect(() => epsGroupSize(0, 7)).toThrow();
  });
});

describe('epsOpis (SPEC line 58, TCM Eq. 3–4)', () => {
  it('ε = 0.5 on the 10-item example: groups POOLED by summing counts', () => {
    // T = 4 → n = 2. Best = classes 0, 1 (U = 1), worst = classes 2, 3.
    // Best pooled: ψ = 4/4, φ = 37/37 → U = 1.
    // Worst pooled: ψ = (1 + 0)/(3 + 1) = 1/4; negatives 21 + 16 = 37 — the pair (5,8) counted once per
    // class end, twice in all — rejected 20 + 15 = 35 → φ = 35/37.
    // U_worst = 2·(35/37)(1/4) / (35/37 + 1/4) = 70/177; ε-OPIS = (70/177 − 1)².
    // (Averaging the utilities would give (1 − 20/81)²; counting (5,8) once, φ = 35/36.)
    expect(epsOpis(P10, L10, { ...AT_HALF, eps: 0.5 })).toBeCloseTo((1 - 70 / 177) ** 2, 15);
  });

  it('ranks by mean utility, not by label: renaming the classes changes nothing', () => {
    // 0 → 2, 1 → 0, 2 → 3, 3 → 1: in label order the groups would now be {old 1, old 3} and {old 0, old 2}.
    const map = [2, 0, 3, 1];
    const relabelled = L10.map((l) => map[l]);
    expect(epsOpis(P10, relabelled, { ...AT_HALF, eps: 0.5 })).toBeCloseTo((1 - 70 / 177) ** 2, 15);
    expect(opis(P10, relabelled, AT_HALF)).toBeCloseTo(opis(P10, L10, AT_HALF), 15);
  });

  it('default ε = 0.1 → one class each: best = class 0 (tie with class 1 → lower label), worst = class 3', () => {
    expect(epsOpis(P10, L10, AT_HALF)).toBeCloseTo((U10[0] - U10[3]) ** 2, 15);
  });

  it('4-item example over a real grid: mean over the grid of (U_worst − U_best)²', () => {
    // Grid [0.8, 0.9, 1.0]; best = class 0 (U = 2/3, 2/3, 0.4), worst = class 1 (U = 0).
    const expected = ((2 / 3) ** 2 + (2 / 3) ** 2 + 0.16) / 3;
    expect(epsOpis(P4, L4, { farLo: 0.5, farHi: 0.75, grid: 3 })).toBeCloseTo(expected, 15);
  });

  it('one class → best and worst coincide → 0; no negatives → NaN', () => {
    const labels = [0, 0, 1];
    const p = makePairs(3, labels, (a, b) => (a === 0 && b === 1 ? 0.2 : 0.9));
    expect(epsOpis(p, labels, { eps: 0.1 })).toBe(0);
    expect(epsOpis(makePairs(2, [0, 0], () => 0.2), [0, 0])).toBeNaN();
  });
});

describe('distanceHistograms (SPEC line 54)', () => {
  it('counts positive and negative pairs in equal bins over [0, 2]; d = 2 goes to the last bin', () => {
    const p: PairList = {
      a: [0, 0, 0, 0, 0, 0],
      b: [1, 2, 3, 4, 5, 6],
      cos: [0, 0, 0, 0, 0, 0],
      dist: [0, 0.5, 1.99, 2.0, 1.0, 0.49],
      positive: [true, true, false, false, false, true],
    };
    const h = distanceHistograms(p, 4);
    expect(h.edges).toEqual([0, 0.5, 1, 1.5, 2]);
    expect(h.pos).toEqual([2, 1, 0, 0]);
    expect(h.neg).toEqual([0, 0, 1, 2]);
  });

  it('totals equal the positive and negative pair counts (seeded random set)', () => {
    const rng = new Rng(2);
    const emb = Array.from({ length: 30 }, () => [rng.normal(), rng.normal(), rng.normal()]);
    const labels = emb.map((_, i) => i % 3);
    const p = allPairs(emb, labels);
    const h = distanceHistograms(p);
    expect(h.edges.length).toBe(101);
    expect(h.pos.reduce((s, x) => s + x, 0)).toBe(p.positive.filter(Boolean).length);
    expect(h.neg.reduce((s, x) => s + x, 0)).toBe(p.positive.filter((x) => !x).length);
  });
});
