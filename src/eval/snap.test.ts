import { describe, expect, it } from 'vitest';
import { COSINE_GRID, snapCosine } from './snap';
import { exactAveragePrecision, exactPairs, exactPrCurve } from './exact';

/** The exact path's PR-AUC of `rows` (each a float32 row) with `labels`. */
function exactAp(rows: number[][], labels: number[]): number {
  const d = rows[0].length;
  const ex = exactPairs(Float32Array.from(rows.flat()), labels, rows.length, d, Math.max(...labels) + 1);
  return exactAveragePrecision(ex);
}

describe('tie snapping (SPEC: cosines equal in exact arithmetic form one operating point)', () => {
  it('snaps to the nearest multiple of 2⁻²⁰, exactly', () => {
    expect(COSINE_GRID).toBe(2 ** -20);
    expect(snapCosine(1 + 3e-8)).toBe(1);
    expect(snapCosine(1 - 3e-8)).toBe(1);
    expect(snapCosine(0.5 + 2 ** -22)).toBe(0.5);
    expect(snapCosine(0.5 + 2 ** -20 - 2 ** -23)).toBe(0.5 + 2 ** -20);
    expect(snapCosine(-0.75)).toBe(-0.75);
    for (const c of [0.123456789, -0.987654321, 0.3]) expect(Math.abs(snapCosine(c) - c)).toBeLessThanOrEqual(2 ** -21);
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
    expect(ex.cos[0]).toBe(1);
    expect([ex.pos[0], ex.neg[0]]).toEqual([1, 1]);
    expect(exactPrCurve(ex).precision[0]).toBe(0.5);
  });
});
