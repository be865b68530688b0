import { describe, expect, it } from 'vitest';
import { TieRanker, TIE_TOLERANCE, tieGroupEnds } from './ties';
import { exactPairs } from './exact';
import { exactAveragePrecision, exactPrCurve } from './exact.testkit';

/** The exact path's PR-AUC of `rows` (each a float32 row) with `labels`. */
function exactAp(rows: number[][], labels: number[]): number {
  const d = rows[0].length;
  const ex = exactPairs(Float32Array.from(rows.flat()), labels, rows.length, d, Math.max(...labels) + 1);
  return exactAveragePrecision(ex);
}

describe('tie groups (SPEC: cosines within 2⁻⁴⁰ of their neighbour in the order form one group)', () => {
  it('chains neighbours within the tolerance, and only them', () => {
    const t = TIE_TOLERANCE;
    expect(t).toBe(2 ** -40);
    expect(tieGroupEnds([0.5, 0.5 - t, 0.5 - 2 * t, 0.5 - 4 * t, 0.1])).toEqual([3, 4, 5]);
    expect(tieGroupEnds([1, 1, 1])).toEqual([3]);
    expect(tieGroupEnds([])).toEqual([]);
    // Near-copies 1e-7 apart are not ties.
    expect(tieGroupEnds([1, 1 - 1e-7, 1 - 2e-7])).toEqual([1, 2, 3]);
  });

  it('ranks by cosine descending, a tie group by index ascending', () => {
    const t = TIE_TOLERANCE;
    const values = Float64Array.from([0.2, 0.9, 0.9 - t / 2, 0.9 + t / 2, 0.5, 0.2]);
    const items = Int32Array.from([7, 5, 3, 9, 1, 2]);
    new TieRanker().rank(values, items, 6);
    expect(Array.from(items)).toEqual([3, 5, 9, 1, 2, 7]);
    expect(Array.from(values)).toEqual([0.9 - t / 2, 0.9, 0.9 + t / 2, 0.5, 0.2, 0.2]);
  });

  it('agrees with a naive ranking on random lists full of ties and near-ties', () => {
    const t = TIE_TOLERANCE;
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const ranker = new TieRanker();
    for (let trial = 0; trial < 200; trial++) {
      const m = 1 + Math.floor(rand() * 60);
      const base = [0.3, 0.3 + 2 ** -20, -0.7, 1, 0.3 - 2 ** -21];
      const values = Float64Array.from({ length: m }, () => base[Math.floor(rand() * base.length)] + Math.floor(rand() * 3) * t * 0.75);
      const items = Int32Array.from({ length: m }, (_, k) => (k * 7919 + trial) % 1000);
      // Naive: sort by cosine, cut where neighbours differ by more than t, each group by index.
      const order = Array.from({ length: m }, (_, k) => k).sort((a, b) => values[b] - values[a] || items[a] - items[b]);
      const naive: number[] = [];
      let group: number[] = [];
      order.forEach((k, r) => {
        if (r > 0 && values[order[r - 1]] - values[k] > t) naive.push(...group.sort((a, b) => a - b)), (group = []);
        group.push(items[k]);
      });
      naive.push(...group.sort((a, b) => a - b));
      ranker.rank(values, items, m);
      expect(Array.from(items)).toEqual(naive);
    }
  });

  it('a long group of duplicates is ranked by index too', () => {
    const m = 100;
    const items = Int32Array.from({ length: m }, (_, k) => (k * 37) % m);
    const values = new Float64Array(m).fill(0.25);
    new TieRanker().rank(values, items, m);
    expect(Array.from(items)).toEqual(Array.from({ length: m }, (_, k) => k));
  });

  it('a positive pair tied in exact arithmetic with a negative one: PR-AUC 0.2 as SPEC gives, not 0.25', () => {
    // (2, 3) is the only positive pair; its cosine 16/√1100 equals that of the negative (0, 1).
    expect(exactAp([[-4, 5, -3], [2, 3, -3], [-3, 5, -4], [-3, 3, 2]], [0, 1, 2, 2])).toBeCloseTo(0.2, 15);
  });

  it('duplicate rows, one pair positive and one negative, both at cosine 1: PR-AUC 0.5, not 1.0', () => {
    const rows = [[7, 6, 4.5], [7, 6, 4.5], [0.5, 9.3, 4.1], [0.5, 9.3, 4.1]];
    expect(exactAp(rows, [0, 1, 2, 2])).toBeCloseTo(0.5, 15);
    // One operating point at the top, with both pairs.
    const ex = exactPairs(Float32Array.from(rows.flat()), [0, 1, 2, 2], 4, 3, 3);
    expect(Math.abs(ex.cos[0] - 1)).toBeLessThan(1e-12); // (the norm has 1e-12 under its root: SPEC "Notation")
    expect([ex.pos[0], ex.neg[0]]).toEqual([1, 1]);
    expect(exactPrCurve(ex).precision[0]).toBe(0.5);
  });

  it('near-copies are not merged: the positive pair 1e-7 closer ranks first', () => {
    // Rows 0 and 2 (class x) are nearer than 0 and 1 (x, y) or 1 and 2 — by ~1e-7 in cosine.
    const rows = [[1, 0], [1, 0.0009], [1, 0.0001], [0, 1]];
    const ex = exactPairs(Float32Array.from(rows.flat()), [0, 1, 0, 1], 4, 2, 2);
    expect(exactPrCurve(ex).precision.slice(0, 2)).toEqual([1, 0.5]);
  });
});
