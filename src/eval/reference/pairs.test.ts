import { describe, it, expect } from 'vitest';
import { allPairs, averagePrecision, precisionRecallCurve } from './pairs';
import { Rng } from '../../data/rng';

describe('allPairs (SPEC lines 11–12, 51)', () => {
  it('lists every pair a < b in row-major order with cosine, sphere distance and label match', () => {
    // Norms differ on purpose: the cosine is of the l2-normalised vectors.
    const p = allPairs([[1, 0], [0, 2], [-3, 0]], [0, 0, 1]);
    expect(p.a).toEqual([0, 0, 1]);
    expect(p.b).toEqual([1, 2, 2]);
    expect(p.positive).toEqual([true, false, false]);
    expect(p.cos[0]).toBeCloseTo(0, 12);
    expect(p.cos[1]).toBeCloseTo(-1, 10);
    expect(p.cos[2]).toBeCloseTo(0, 12);
    expect(p.dist[0]).toBeCloseTo(Math.SQRT2, 10);
    expect(p.dist[1]).toBeCloseTo(2, 10);
    expect(p.dist[2]).toBeCloseTo(Math.SQRT2, 10);
  });

  it('has n(n−1)/2 pairs; a single item has none', () => {
    const rng = new Rng(3);
    const emb = Array.from({ length: 7 }, () => [rng.normal(), rng.normal(), rng.normal()]);
    expect(allPairs(emb, [0, 1, 2, 0, 1, 2, 0]).a.length).toBe(21);
    expect(allPairs([[1, 2]], [0]).a.length).toBe(0);
  });
});

describe('precisionRecallCurve (SPEC line 52)', () => {
  it("scikit-learn's documented example, one point per distinct score, thresholds descending", () => {
    // sklearn: precision_recall_curve([0,0,1,1], [0.1,0.4,0.35,0.8]) →
    //   thresholds [0.1, 0.35, 0.4, 0.8], precision [0.5, 2/3, 0.5, 1, (1)], recall [1, 1, 0.5, 0.5, (0)]
    // (ascending, plus sklearn's appended end point); here descending and without the end point.
    const c = precisionRecallCurve([0.1, 0.4, 0.35, 0.8], [false, false, true, true]);
    expect(c.thresholds).toEqual([0.8, 0.4, 0.35, 0.1]);
    expect(c.precision[0]).toBe(1);
    expect(c.precision[1]).toBe(0.5);
    expect(c.precision[2]).toBeCloseTo(2 / 3, 15);
    expect(c.precision[3]).toBe(0.5);
    expect(c.recall).toEqual([0.5, 0.5, 1, 1]);
  });

  it('a tie group is one point', () => {
    const c = precisionRecallCurve([0.5, 0.9, 0.9, 0.9], [true, true, false, false]);
    expect(c.thresholds).toEqual([0.9, 0.5]);
    expect(c.precision[0]).toBeCloseTo(1 / 3, 15);
    expect(c.recall).toEqual([0.5, 1]);
  });
});

describe('averagePrecision (SPEC line 52, sklearn average_precision_score)', () => {
  it('[0.9 pos, 0.8 neg, 0.7 pos] = (1/2)·1 + (1/2)·(2/3)', () => {
    expect(averagePrecision([0.9, 0.8, 0.7], [true, false, true])).toBeCloseTo(0.5 * 1 + 0.5 * (2 / 3), 15);
  });

  it("sklearn's documented example: average_precision_score([0,0,1,1], [0.1,0.4,0.35,0.8]) = 0.8333…", () => {
    expect(averagePrecision([0.1, 0.4, 0.35, 0.8], [false, false, true, true])).toBeCloseTo(0.8333333333333333, 15);
  });

  it('ties form ONE operating point, whatever the order of the tied items', () => {
    // Tie at 0.9 (one pos, one neg) enters together: P = 1/2 at R = 1/2; then 0.5 pos: P = 2/3 at R = 1.
    // AP = 1/2·1/2 + 1/2·2/3 = 7/12. Taking the tied positive first as its own point would give 5/6.
    const expected = 0.5 * 0.5 + 0.5 * (2 / 3);
    expect(averagePrecision([0.9, 0.9, 0.5], [true, false, true])).toBeCloseTo(expected, 15);
    expect(averagePrecision([0.9, 0.9, 0.5], [false, true, true])).toBeCloseTo(expected, 15);
    expect(averagePrecision([0.5, 0.9, 0.9], [true, true, false])).toBeCloseTo(expected, 15);
  });

  it('ties everywhere: one point, AP = positive rate', () => {
    expect(averagePrecision([0.3, 0.3, 0.3, 0.3], [true, false, false, true])).toBe(0.5);
    expect(averagePrecision([0.3, 0.3, 0.3, 0.3, 0.3], [false, false, true, false, false])).toBeCloseTo(0.2, 15);
  });

  it('no positive (or nothing at all) → NaN; all positives → 1', () => {
    expect(averagePrecision([0.2, 0.1], [false, false])).toBeNaN();
    expect(averagePrecision([], [])).toBeNaN();
    expect(averagePrecision([0.2, 0.1, 0.2], [true, true, true])).toBe(1);
  });

  it('perfect separation → AP = 1; perfectly reversed → the hand value', () => {
    expect(averagePrecision([0.9, 0.8, 0.1, 0.05], [true, true, false, false])).toBe(1);
    // Positives last: R jumps 1/2 at P = 1/3, then 1/2 at P = 2/4.
    expect(averagePrecision([0.9, 0.8, 0.1, 0.05], [false, false, true, true])).toBeCloseTo(0.5 / 3 + 0.5 * 0.5, 15);
  });

  it('perfectly separated embeddings → AP of the pair cosines = 1', () => {
    // Four classes at the axes of R^4, items jittered by ≤ 0.05: every positive cosine > every negative.
    const rng = new Rng(11);
    const emb: number[][] = [];
    const labels: number[] = [];
    for (let c = 0; c < 4; c++) {
      for (let k = 0; k < 6; k++) {
        const v = [0, 0, 0, 0].map((_, j) => (j === c ? 1 : 0) + 0.05 * rng.uniform(-1, 1));
        emb.push(v);
        labels.push(c);
      }
    }
    const p = allPairs(emb, labels);
    expect(averagePrecision(p.cos, p.positive)).toBe(1);
  });

  it('random scores → AP ≈ positive rate (seeded, loose bound)', () => {
    const rng = new Rng(5);
    const scores: number[] = [];
    const positive: boolean[] = [];
    for (let i = 0; i < 20000; i++) {
      scores.push(rng.next());
      positive.push(rng.next() < 0.3);
    }
    const rate = positive.filter(Boolean).length / positive.length;
    expect(Math.abs(averagePrecision(scores, positive) - rate)).toBeLessThan(0.02);
  });

  it('random embeddings → AP of the pair cosines ≈ positive-pair rate (seeded, loose bound)', () => {
    const rng = new Rng(9);
    const emb = Array.from({ length: 200 }, () => Array.from({ length: 16 }, () => rng.normal()));
    const labels = emb.map((_, i) => i % 5);
    const p = allPairs(emb, labels);
    const rate = p.positive.filter(Boolean).length / p.positive.length;
    expect(Math.abs(averagePrecision(p.cos, p.positive) - rate)).toBeLessThan(0.03);
  });
});
