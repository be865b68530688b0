import { describe, it, expect } from 'vitest';
import { tcm, tcmLoss } from './tcm';
import { cosineMatrix } from './linalg';

describe('TCM regulariser (SPEC lines 46–48, TCM Eq. 5)', () => {
  // y = [0, 0, 1]; diagonal set to 0.7 (≤ m⁺) so counting it would change the result.
  const C = [
    [0.7, 0.8, 0.6],
    [0.8, 0.7, 0.2],
    [0.6, 0.2, 0.7],
  ];
  const y = [0, 0, 1];

  it('self mode, hand value: diagonal excluded', () => {
    // S⁺ = {(0,1), (1,0)} = 0.8, 0.8 ≤ 0.9 → pos = (0.1 + 0.1)/2 = 0.1
    // S⁻ = {(0,2), (2,0)} = 0.6 ≥ 0.5 → 0.1 each; (1,2), (2,1) = 0.2 < 0.5 not hard → neg = 0.2/2 = 0.1
    const r = tcm(C, y, y, { mode: 'self' });
    expect(r.hardPos).toBe(2);
    expect(r.hardNeg).toBe(2);
    expect(r.pos).toBeCloseTo(0.1, 14);
    expect(r.neg).toBeCloseTo(0.1, 14);
    expect(r.loss).toBeCloseTo(0.2, 14);
  });

  it('λ⁺ and λ⁻ weight the two terms', () => {
    expect(tcmLoss(C, y, y, { mode: 'self', lambdaPos: 2, lambdaNeg: 3 })).toBeCloseTo(2 * 0.1 + 3 * 0.1, 14);
    expect(tcmLoss(C, y, y, { mode: 'self', lambdaPos: 0 })).toBeCloseTo(0.1, 14);
  });

  it('margins are options: m⁺ = 0.75 leaves no hard positive, m⁻ = 0.1 makes (1,2) hard', () => {
    // pos: 0.8 > 0.75 → 0. neg: 0.6 − 0.1 = 0.5 (×2), 0.2 − 0.1 = 0.1 (×2) → (1.0 + 0.2)/4 = 0.3
    const r = tcm(C, y, y, { mode: 'self', marginPos: 0.75, marginNeg: 0.1 });
    expect(r.pos).toBe(0);
    expect(r.hardPos).toBe(0);
    expect(r.neg).toBeCloseTo(0.3, 14);
  });

  it('cross mode on the same matrix counts the diagonal as positive pairs', () => {
    // S⁺ = 0.8, 0.8 plus three diagonal 0.7 → (0.1 + 0.1 + 0.2·3)/5 = 0.16; S⁻ unchanged → 0.1
    const r = tcm(C, y, y, { mode: 'cross' });
    expect(r.hardPos).toBe(5);
    expect(r.pos).toBeCloseTo(0.16, 14);
    expect(r.loss).toBeCloseTo(0.26, 14);
  });

  it('zero when there is no hard pair', () => {
    const Ce = [
      [1, 0.95, 0.4],
      [0.95, 1, -0.3],
      [0.4, -0.3, 1],
    ];
    const r = tcm(Ce, y, y, { mode: 'self' });
    expect(r).toEqual({ loss: 0, pos: 0, neg: 0, hardPos: 0, hardNeg: 0 });
    // only positives hard → negative term 0 and vice versa
    expect(tcmLoss([[1, 0.5], [0.5, 1]], [0, 0], [0, 0], { mode: 'self' })).toBeCloseTo(0.4, 14);
    expect(tcmLoss([[1, 0.8], [0.8, 1]], [0, 1], [0, 1], { mode: 'self' })).toBeCloseTo(0.3, 14);
  });

  it('margin comparisons are inclusive (c = m counts in the denominator)', () => {
    // positives 0.9 (= m⁺) and 0.5 → (0 + 0.4)/2 = 0.2, not 0.4/1
    expect(tcm([[0.9, 0.1], [0.2, 0.5]], [0, 1], [0, 1], { mode: 'cross' }).pos).toBeCloseTo(0.2, 14);
    // negatives 0.5 (= m⁻) and 0.7 → (0 + 0.2)/2 = 0.1, not 0.2/1
    expect(tcm([[0.95, 0.5], [0.7, 0.95]], [0, 1], [0, 1], { mode: 'cross' }).neg).toBeCloseTo(0.1, 14);
  });

  it('pair batch (queries vs documents) from embeddings, rectangular cross matrix', () => {
    // q = (1,0), (0,1); d = (0.8, 0.6), (0.6, 0.8) → C = [[0.8, 0.6], [0.6, 0.8]]
    const Cq = cosineMatrix(
      [
        [1, 0],
        [0, 1],
      ],
      [
        [0.8, 0.6],
        [0.6, 0.8],
      ],
    );
    // diagonal positives 0.8 → pos 0.1; off-diagonal negatives 0.6 → neg 0.1
    expect(tcmLoss(Cq, [0, 1], [0, 1], { mode: 'cross' })).toBeCloseTo(0.2, 10);
    // 1 query vs 3 documents: labels [2] vs [2, 2, 3]; C = [0.95, 0.5, 0.9]
    const r = tcm([[0.95, 0.5, 0.9]], [2], [2, 2, 3], { mode: 'cross' });
    expect(r.pos).toBeCloseTo(0.4, 14); // only 0.5 ≤ 0.9
    expect(r.neg).toBeCloseTo(0.4, 14); // 0.9 − 0.5
  });

  it('self mode is invariant to permuting the batch', () => {
    const perm = [2, 0, 1];
    const Cp = perm.map((i) => perm.map((j) => C[i][j]));
    const yp = perm.map((i) => y[i]);
    expect(tcmLoss(Cp, yp, yp, { mode: 'self' })).toBeCloseTo(tcmLoss(C, y, y, { mode: 'self' }), 14);
  });

  it('rejects bad inputs', () => {
    expect(() => tcm([[1, 0]], [0], [0, 1], { mode: 'self' })).toThrow();
    expect(() => tcm(C, [0, 0, 1], [0, 1, 1], { mode: 'self' })).toThrow();
    expect(() => tcm(C, [0, 0], y, { mode: 'cross' })).toThrow();
  });
});
