import { describe, it, expect } from 'vitest';
import {
  BN_EPS,
  batchNormNoAffine,
  headLogits,
  hlnGrad,
  hlnGradNorm,
  lnLossFromHat,
  sampleType,
  softmaxHeadLoss,
} from './softmaxHead';
import { maxRelError, numericGradient } from './finiteDiff';
import { dot, l2Normalize } from './linalg';

const { exp, log, sqrt, cos, sin, PI } = Math;

/** Three unit class weights at 0°, 120°, 240° (M = 3, d = 2). */
const W3 = [0, 120, 240].map((deg) => [cos((deg * PI) / 180), sin((deg * PI) / 180)]);
const at = (deg: number) => [cos((deg * PI) / 180), sin((deg * PI) / 180)];

describe('SM head (SPEC line 32)', () => {
  it('z = W f + b, hand-computed', () => {
    // W rows w_0 = (1,0), w_1 = (0,1), w_2 = (1,1); b = (0, 1, −1)
    // f_0 = (1, 2): z = (1, 2+1, 3−1) = (1, 3, 2); f_1 = (−1, 0): z = (−1, 1, −2)
    const W = [
      [1, 0],
      [0, 1],
      [1, 1],
    ];
    const r = softmaxHeadLoss(
      'sm',
      [
        [1, 2],
        [-1, 0],
      ],
      [0, 2],
      W,
      { bias: [0, 1, -1] },
    );
    expect(r.logits).toEqual([
      [1, 3, 2],
      [-1, 1, -2],
    ]);
    const l0 = -1 + log(exp(1) + exp(3) + exp(2));
    const l1 = 2 + log(exp(-1) + exp(1) + exp(-2));
    expect(r.losses[0]).toBeCloseTo(l0, 14);
    expect(r.losses[1]).toBeCloseTo(l1, 14);
    expect(r.loss).toBeCloseTo((l0 + l1) / 2, 14);
  });

  it('refuses α ≠ 1; LN/BN refuse a bias', () => {
    expect(() => headLogits('sm', [[1]], [[1]], { alpha: 4 })).toThrow();
    expect(() => headLogits('ln', [[1]], [[1]], { bias: [0] })).toThrow();
    expect(() => headLogits('bn', [[1]], [[1]], { bias: [0] })).toThrow();
  });
});

describe('LN head (SPEC line 33)', () => {
  it('z_m = α⟨f̂, ŵ_m⟩, hand-computed', () => {
    // f̂ = (0.6, 0.8), ŵ = (1, 0), (0, 1), α = 2 → z = (1.2, 1.6)
    const r = softmaxHeadLoss('ln', [[3, 4]], [1], [
      [1, 0],
      [0, 2],
    ], { alpha: 2 });
    expect(r.logits[0][0]).toBeCloseTo(1.2, 10); // ε under the root moves values by ~1e-12
    expect(r.logits[0][1]).toBeCloseTo(1.6, 10);
    expect(r.loss).toBeCloseTo(-1.6 + log(exp(1.2) + exp(1.6)), 10);
  });

  it('is invariant to the norms of f and w_m, and not to α', () => {
    const F = [
      [0.3, -1.2, 0.5],
      [2, 0.1, -0.4],
    ];
    const W = [
      [1, 0, 0.2],
      [-0.5, 1, 0.3],
      [0.1, -0.2, 1],
    ];
    const base = softmaxHeadLoss('ln', F, [0, 2], W, { alpha: 8 }).loss;
    const Fs = [F[0].map((v) => 5 * v), F[1].map((v) => 0.5 * v)];
    const Ws = W.map((w, m) => w.map((v) => (m + 1) * 3 * v));
    // equal up to the ε = 1e-12 under the root (relative effect ~1e-12/‖x‖²)
    expect(softmaxHeadLoss('ln', Fs, [0, 2], Ws, { alpha: 8 }).loss).toBeCloseTo(base, 10);
    expect(softmaxHeadLoss('ln', F, [0, 2], W, { alpha: 4 }).loss).not.toBeCloseTo(base, 3);
  });
});

describe('BN head (SPEC line 34, HU Eq. 7)', () => {
  it('batch mean, BIASED batch variance, eps 1e-5, then /√d, hand-computed', () => {
    // F = [[1, 2], [3, 6]]: μ = (2, 4); biased σ² = (1, 4)
    // BN row 0 = (−1/√(1+1e-5), −2/√(4+1e-5)), row 1 = −row 0
    expect(BN_EPS).toBe(1e-5);
    const F = [
      [1, 2],
      [3, 6],
    ];
    const B = batchNormNoAffine(F);
    const a = 1 / sqrt(1 + 1e-5);
    const b = 2 / sqrt(4 + 1e-5);
    expect(B[0][0]).toBeCloseTo(-a, 14);
    expect(B[0][1]).toBeCloseTo(-b, 14);
    expect(B[1][0]).toBeCloseTo(a, 14);
    expect(B[1][1]).toBeCloseTo(b, 14);
    // unbiased variance (2, 8) would give 1/√2 here — must not be that
    expect(B[1][0]).not.toBeCloseTo(1 / sqrt(2), 3);

    // z_m = α⟨BN(f)/√2, ŵ_m⟩ with ŵ = (1, 0), (0, 1) (norm 1/√(1+1e-12) ≈ 1), α = 4
    const W = [
      [1, 0],
      [0, 1],
    ];
    const r = softmaxHeadLoss('bn', F, [0, 1], W, { alpha: 4 });
    const wn = 1 / sqrt(1 + 1e-12);
    const z0 = [(4 * -a * wn) / sqrt(2), (4 * -b * wn) / sqrt(2)];
    const z1 = [(4 * a * wn) / sqrt(2), (4 * b * wn) / sqrt(2)];
    expect(r.logits[0][0]).toBeCloseTo(z0[0], 13);
    expect(r.logits[1][1]).toBeCloseTo(z1[1], 13);
    const l0 = -z0[0] + log(exp(z0[0]) + exp(z0[1]));
    const l1 = -z1[1] + log(exp(z1[0]) + exp(z1[1]));
    expect(r.loss).toBeCloseTo((l0 + l1) / 2, 13);
  });

  it('uses batch statistics: the same row gives different logits in different batches', () => {
    const W = [
      [1, 0],
      [0, 1],
    ];
    const z1 = headLogits('bn', [[1, 2], [3, 6]], W, { alpha: 1 })[0];
    const z2 = headLogits('bn', [[1, 2], [0, 6], [5, 1]], W, { alpha: 1 })[0];
    expect(z1[0]).not.toBeCloseTo(z2[0], 3);
  });

  it('N = 1: BN maps to zeros, so every logit is 0 and the loss is log M', () => {
    const r = softmaxHeadLoss('bn', [[4, -2, 1]], [1], [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ], { alpha: 16 });
    expect(r.logits[0]).toEqual([0, 0, 0]);
    expect(r.loss).toBeCloseTo(log(3), 14);
  });
});

describe('HU gradient ∂ℓ/∂f̂ = α Σ (p_m − q_m) ŵ_m (SPEC line 36, HU Eq. 3)', () => {
  it('hand-computed 2-class case', () => {
    // f̂ = (1, 0), ŵ = (1, 0), (0, 1), α = 1, y = 0: z = (1, 0), p = (e/(e+1), 1/(e+1))
    // g = (p_0 − 1)(1, 0) + p_1 (0, 1) = (−1/(e+1), 1/(e+1)), ‖g‖ = √2/(e+1)
    const W = [
      [1, 0],
      [0, 1],
    ];
    const g = hlnGrad([1, 0], 0, W, 1);
    const e = Math.E;
    expect(g[0]).toBeCloseTo(-1 / (e + 1), 12);
    expect(g[1]).toBeCloseTo(1 / (e + 1), 12);
    expect(hlnGradNorm([1, 0], 0, W, 1)).toBeCloseTo(sqrt(2) / (e + 1), 12);
  });

  it('matches the central-difference gradient of the LN loss w.r.t. f̂', () => {
    const W = [
      [0.3, -1, 0.2],
      [1, 0.4, -0.7],
      [-0.2, 0.1, 1.1],
      [0.5, 0.5, 0.5],
      [-1, -0.3, 0.2],
    ];
    const fHat = l2Normalize([0.4, -0.9, 0.3]);
    // Class 0 is the nearest weight (an easy sample): its loss at α ≥ 16 is ≲ 1e-6, below the
    // float64 resolution of a central difference of a loss computed as −z_y + lse(z) (~α·1e-16/h),
    // so the easy class is checked at small α and the others at every α.
    const cases: [number, number][] = [[0.5, 0], [4, 0], [0.5, 1], [4, 1], [16, 1], [16, 3], [64, 1], [64, 3]];
    for (const [alpha, y] of cases) {
      expect(lnLossFromHat(fHat, y, W, alpha), `α=${alpha} y=${y}`).toBeGreaterThan(0.05);
      const num = numericGradient((x) => lnLossFromHat(x, y, W, alpha), Float64Array.from(fHat), 1e-6);
      const ana = hlnGrad(fHat, y, W, alpha);
      expect(maxRelError(ana, num, 1e-6), `α=${alpha} y=${y}`).toBeLessThan(1e-6);
    }
  });

  it('chain rule through the normalisation (HU Eq. 5–6): ∂ℓ/∂f = (I − f̂f̂ᵀ) ∂ℓ/∂f̂ / ‖f‖', () => {
    const W = [
      [0.3, -1, 0.2],
      [1, 0.4, -0.7],
      [-0.2, 0.1, 1.1],
    ];
    const f = [0.8, -1.9, 0.6];
    const alpha = 8;
    const num = numericGradient(
      (x) => softmaxHeadLoss('ln', [Array.from(x)], [1], W, { alpha }).loss,
      Float64Array.from(f),
    );
    const fh = l2Normalize(f);
    const norm = sqrt(dot(f, f));
    const g = hlnGrad(fh, 1, W, alpha);
    const proj = dot(fh, g);
    const expected = g.map((gk, k) => (gk - fh[k] * proj) / norm);
    expect(maxRelError(expected, num, 1e-6)).toBeLessThan(1e-6);
  });
});

describe('sampleType (SPEC line 36)', () => {
  it('classifies on the cosine margin δ = ⟨f̂,ŵ_y⟩ − max_{m≠y}⟨f̂,ŵ_m⟩', () => {
    expect(sampleType(at(0), 0, W3)).toBe('centroid'); // δ = 1 − cos 120° = 1.5
    expect(sampleType(at(59), 0, W3)).toBe('boundary'); // δ = cos 59° − cos 61° ≈ 0.0303
    expect(sampleType(at(61), 0, W3)).toBe('hard'); // class 1 (120°) is closer
    expect(sampleType(at(180), 0, W3)).toBe('hard');
  });

  it('a tie (δ = 0) is hard; the threshold is a parameter; M = 1 is centroid', () => {
    const W = [
      [1, 0],
      [0, 1],
    ];
    expect(sampleType([1, 1], 0, W)).toBe('hard');
    expect(sampleType(at(0), 0, W3, 2)).toBe('boundary'); // δ = 1.5 < 2
    expect(sampleType(at(59), 0, W3, 0.01)).toBe('centroid'); // δ ≈ 0.0303 ≥ 0.01
    expect(sampleType([0.3, 0.4], 0, [[1, 1]])).toBe('centroid');
  });

  it('does not depend on the norm of f', () => {
    expect(sampleType([10 * cos(1.03), 10 * sin(1.03)], 0, W3)).toBe(sampleType(at(59), 0, W3));
  });
});

describe('HU Fig. 2 trends of ‖∂ℓ/∂f̂‖ against α', () => {
  const alphas = [1, 2, 4, 8, 16, 32, 64];
  const norms = (deg: number, y: number) => alphas.map((a) => hlnGradNorm(at(deg), y, W3, a));

  it('hard sample: grows with α, ~α·‖ŵ_1 − ŵ_0‖ = α√3 for large α', () => {
    expect(sampleType(at(70), 0, W3)).toBe('hard');
    const g = norms(70, 0);
    for (let k = 1; k < g.length; k++) expect(g[k]).toBeGreaterThan(g[k - 1]);
    expect(g[g.length - 1] / 64).toBeCloseTo(sqrt(3), 3);
    expect(hlnGradNorm(at(70), 0, W3, 1000)).toBeGreaterThan(1000);
  });

  it('centroid sample: vanishes as α grows', () => {
    expect(sampleType(at(0), 0, W3)).toBe('centroid');
    const g = norms(0, 0);
    for (let k = 3; k < g.length; k++) expect(g[k]).toBeLessThan(g[k - 1]);
    expect(g[g.length - 1]).toBeLessThan(1e-30);
  });

  it('boundary sample: rises then falls to 0 for very large α', () => {
    expect(sampleType(at(57), 0, W3)).toBe('boundary');
    const mid = hlnGradNorm(at(57), 0, W3, 16);
    expect(mid).toBeGreaterThan(hlnGradNorm(at(57), 0, W3, 1));
    expect(hlnGradNorm(at(57), 0, W3, 5000)).toBeLessThan(1e-6);
    expect(hlnGradNorm(at(57), 0, W3, 5000)).toBeLessThan(mid);
  });

  it('every type → 0 as α → 0, linearly (‖g‖/α → ‖mean ŵ − ŵ_y‖ = 1 here)', () => {
    for (const deg of [0, 57, 70, 180]) {
      const small = hlnGradNorm(at(deg), 0, W3, 1e-6);
      expect(small).toBeLessThan(2e-6);
      expect(small / 1e-6).toBeCloseTo(1, 4);
    }
  });

  it('stays finite at α = 1e4', () => {
    for (const deg of [0, 57, 70, 180]) expect(Number.isFinite(hlnGradNorm(at(deg), 0, W3, 1e4))).toBe(true);
    expect(Number.isFinite(softmaxHeadLoss('ln', [at(180)], [0], W3, { alpha: 1e4 }).loss)).toBe(true);
  });
});
