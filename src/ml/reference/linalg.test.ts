import { describe, it, expect } from 'vitest';
import {
  L2_EPS,
  cosineMatrix,
  crossEntropy,
  dot,
  l2Normalize,
  l2NormalizeRows,
  logSumExp,
  softmax,
  sphereDistance,
  sphereDistanceMatrix,
} from './linalg';

describe('l2Normalize (SPEC line 11)', () => {
  it('normalises (3, 4) to (0.6, 0.8) with ε under the root', () => {
    const v = l2Normalize([3, 4]);
    // 3 / sqrt(9 + 16 + 1e-12), 4 / sqrt(25 + 1e-12)
    expect(v[0]).toBe(3 / Math.sqrt(25 + 1e-12));
    expect(v[1]).toBe(4 / Math.sqrt(25 + 1e-12));
    expect(v[0]).toBeCloseTo(0.6, 12);
    expect(v[1]).toBeCloseTo(0.8, 12);
  });

  it('puts ε UNDER the root: (1e-6, 0) → 1e-6/sqrt(1e-12 + 1e-12) = 1/√2', () => {
    // x/(‖x‖+ε) would give ≈ 1, x/‖x‖ would give exactly 1.
    expect(L2_EPS).toBe(1e-12);
    expect(l2Normalize([1e-6, 0])[0]).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('maps the zero vector to zero (no NaN)', () => {
    expect(l2Normalize([0, 0, 0])).toEqual([0, 0, 0]);
  });

  it('normalises every row and does not mutate the input', () => {
    const X = [
      [0, 5],
      [-2, 0],
    ];
    const Y = l2NormalizeRows(X);
    expect(Y[0][1]).toBeCloseTo(1, 12);
    expect(Y[1][0]).toBeCloseTo(-1, 12);
    expect(X).toEqual([
      [0, 5],
      [-2, 0],
    ]);
  });
});

describe('cosineMatrix (SPEC line 12)', () => {
  it('matches the hand-computed 2×3 matrix', () => {
    // â = (1,0), (0,1); b̂ = (1/√2, 1/√2), (−1, 0), (0, 1)
    const C = cosineMatrix(
      [
        [1, 0],
        [0, 2],
      ],
      [
        [1, 1],
        [-3, 0],
        [0, 5],
      ],
    );
    expect(C.length).toBe(2);
    expect(C[0].length).toBe(3);
    const expected = [
      [Math.SQRT1_2, -1, 0],
      [Math.SQRT1_2, 0, 1],
    ];
    for (let i = 0; i < 2; i++) for (let j = 0; j < 3; j++) expect(C[i][j]).toBeCloseTo(expected[i][j], 11); // ε moves values by ~5e-13
  });

  it('dot is the plain inner product', () => {
    expect(dot([1, 2, 3], [4, -5, 6])).toBe(4 - 10 + 18);
    expect(() => dot([1], [1, 2])).toThrow();
  });
});

describe('sphereDistance (SPEC line 12)', () => {
  it('d = sqrt(max(0, 2 − 2c)) at hand points', () => {
    expect(sphereDistance(1)).toBe(0);
    expect(sphereDistance(0)).toBeCloseTo(Math.SQRT2, 15);
    expect(sphereDistance(-1)).toBe(2);
    expect(sphereDistance(0.5)).toBeCloseTo(1, 15);
  });

  it('clamps c slightly above 1 to distance 0 instead of NaN', () => {
    expect(sphereDistance(1 + 1e-15)).toBe(0);
  });

  it('is applied element-wise by sphereDistanceMatrix', () => {
    const D = sphereDistanceMatrix([
      [1, 0],
      [-1, 0.5],
    ]);
    expect(D[0][0]).toBe(0);
    expect(D[0][1]).toBeCloseTo(Math.SQRT2, 15);
    expect(D[1][0]).toBe(2);
    expect(D[1][1]).toBeCloseTo(1, 15);
  });
});

describe('logSumExp / crossEntropy / softmax', () => {
  it('log(1 + 3) from [0, log 3]', () => {
    expect(logSumExp([0, Math.log(3)])).toBeCloseTo(Math.log(4), 14);
  });

  it('stays finite at ±1000 (max subtracted)', () => {
    expect(logSumExp([1000, 1000])).toBeCloseTo(1000 + Math.LN2, 10);
    expect(logSumExp([-1000, -1000])).toBeCloseTo(-1000 + Math.LN2, 10);
    expect(logSumExp([1000, -1000])).toBe(1000);
  });

  it('empty list is −∞', () => {
    expect(logSumExp([])).toBe(-Infinity);
  });

  it('crossEntropy of equal logits is log M', () => {
    expect(crossEntropy([0, 0, 0], 1)).toBeCloseTo(Math.log(3), 14);
    // −z_y + log Σ e^z for z = (1, 2), y = 0: −1 + log(e + e²)
    expect(crossEntropy([1, 2], 0)).toBeCloseTo(-1 + Math.log(Math.E + Math.E ** 2), 14);
    expect(() => crossEntropy([0, 0], 2)).toThrow();
  });

  it('softmax sums to 1 and matches e^z/Σe^z', () => {
    const p = softmax([1, 2, 3]);
    const Z = Math.E + Math.E ** 2 + Math.E ** 3;
    expect(p[0]).toBeCloseTo(Math.E / Z, 14);
    expect(p[2]).toBeCloseTo(Math.E ** 3 / Z, 14);
    expect(softmax([800, 800])).toEqual([0.5, 0.5]);
  });
});
