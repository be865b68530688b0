import { describe, it, expect } from 'vitest';
import {
  arcFaceLoss,
  contrastiveLoss,
  contrastiveLossFromDistances,
  cosFaceLoss,
  cosPlusMargin,
  tripletBatchHardFromDistances,
  tripletBatchHardLoss,
} from './margin';
import { softmaxHeadLoss } from './softmaxHead';

const { exp, log, sqrt, cos, sin, PI, SQRT2 } = Math;
const at = (deg: number) => [cos((deg * PI) / 180), sin((deg * PI) / 180)];
const E2 = [
  [1, 0],
  [0, 1],
];

describe('cosPlusMargin', () => {
  it('equals cos(θ + m) for θ ∈ [0, π]', () => {
    for (const theta of [0, 0.3, PI / 3, 2, PI - 0.1, PI]) {
      for (const m of [0, 0.3, 0.5]) expect(cosPlusMargin(cos(theta), m)).toBeCloseTo(cos(theta + m), 14);
    }
  });

  it('clamps 1 − c² at 0 for |c| slightly above 1', () => {
    expect(cosPlusMargin(1 + 1e-15, 0.3)).toBeCloseTo(cos(0.3), 14);
    expect(Number.isNaN(cosPlusMargin(1 + 1e-15, 0.3))).toBe(false);
  });
});

describe('ArcFace (SPEC line 40)', () => {
  it('hand value: f on w_0, defaults s = 16, m = 0.3', () => {
    // cos θ_0 = 1 → z_0 = 16 cos(0.3); cos θ_1 = 0 → z_1 = 0. With SPEC's ε under the root,
    // c = (2/√(4+1e-12))·(1/√(1+1e-12)) ≈ 1 − 6e-13, so sin θ = √(1 − c²) ≈ 1.1e-6 (not 0):
    // the sin θ term moves z_0 by ~5e-6 — the exact float64 value of SPEC's formula.
    const c = 2 * (1 / sqrt(4 + 1e-12)) * (1 * (1 / sqrt(1 + 1e-12)));
    const z0 = 16 * (c * cos(0.3) - sqrt(1 - c * c) * sin(0.3));
    const r = arcFaceLoss([[2, 0]], [0], E2);
    expect(r.logits[0][0]).toBeCloseTo(z0, 8);
    expect(r.logits[0][0]).toBeCloseTo(16 * cos(0.3), 4);
    expect(r.logits[0][1]).toBe(0);
    expect(r.loss).toBeCloseTo(-z0 + log(exp(z0) + 1), 8);
  });

  it('hand value: θ_y = 60°, s = 4, m = 0.5', () => {
    // cos θ_0 = 1/2, sin θ_0 = √3/2 → z_0 = 4(½ cos 0.5 − (√3/2) sin 0.5); z_1 = 4·√3/2
    const r = arcFaceLoss([at(60)], [0], E2, { s: 4, m: 0.5 });
    const z0 = 4 * (0.5 * cos(0.5) - (sqrt(3) / 2) * sin(0.5));
    const z1 = 4 * (sqrt(3) / 2);
    expect(r.logits[0][0]).toBeCloseTo(z0, 10);
    expect(r.logits[0][0]).toBeCloseTo(4 * cos(PI / 3 + 0.5), 10);
    expect(r.logits[0][1]).toBeCloseTo(z1, 10);
    expect(r.loss).toBeCloseTo(-z0 + log(exp(z0) + exp(z1)), 10);
  });

  it('mean over the batch', () => {
    const a = arcFaceLoss([at(10)], [0], E2).loss;
    const b = arcFaceLoss([at(30)], [1], E2).loss;
    expect(arcFaceLoss([at(10), at(30)], [0, 1], E2).loss).toBeCloseTo((a + b) / 2, 14);
  });

  it('m = 0 reduces to the LN head with α = s; m > 0 raises the loss', () => {
    const F = [at(20), at(100), [0.3, -2]];
    const y = [0, 1, 0];
    const ln = softmaxHeadLoss('ln', F, y, E2, { alpha: 16 }).loss;
    expect(arcFaceLoss(F, y, E2, { m: 0 }).loss).toBeCloseTo(ln, 12);
    expect(arcFaceLoss(F, y, E2).loss).toBeGreaterThan(ln);
  });

  it('defaults are s = 16, m = 0.3', () => {
    const F = [at(60), at(30)];
    const def = arcFaceLoss(F, [0, 1], E2).loss;
    expect(def).toBe(arcFaceLoss(F, [0, 1], E2, { s: 16, m: 0.3 }).loss);
    expect(def).not.toBeCloseTo(arcFaceLoss(F, [0, 1], E2, { s: 64 }).loss, 3);
    expect(def).not.toBeCloseTo(arcFaceLoss(F, [0, 1], E2, { m: 0.5 }).loss, 3);
  });

  it('stays finite at s = 64 and s = 1000', () => {
    for (const s of [64, 1000]) {
      const r = arcFaceLoss([at(170), at(0)], [0, 0], E2, { s });
      expect(Number.isFinite(r.loss)).toBe(true);
    }
  });
});

describe('CosFace (SPEC line 41)', () => {
  it('hand value: f̂ = (0.6, 0.8), y = 1, defaults s = 16, m = 0.35', () => {
    // cos = (0.6, 0.8) → z = (16·0.6, 16·(0.8 − 0.35)) = (9.6, 7.2)
    const r = cosFaceLoss([[3, 4]], [1], E2);
    expect(r.logits[0][0]).toBeCloseTo(9.6, 10);
    expect(r.logits[0][1]).toBeCloseTo(7.2, 10);
    expect(r.loss).toBeCloseTo(-7.2 + log(exp(9.6) + exp(7.2)), 10);
  });

  it('m = 0 equals ArcFace with m = 0', () => {
    const F = [at(20), at(100)];
    expect(cosFaceLoss(F, [0, 1], E2, { m: 0, s: 8 }).loss).toBeCloseTo(
      arcFaceLoss(F, [0, 1], E2, { m: 0, s: 8 }).loss,
      13,
    );
  });

  it('stays finite at s = 1000', () => {
    expect(Number.isFinite(cosFaceLoss([at(180)], [0], E2, { s: 1000 }).loss)).toBe(true);
  });
});

describe('Contrastive (SPEC line 42), margin 1.0 by default', () => {
  it('hand value on three points', () => {
    // (1,0), (0,1) label 0; (−1,0) label 1. d01 = √2, d02 = 2, d12 = √2
    // pairs: (0,1) positive → d² = 2; (0,2) negative → max(0, 1 − 2)² = 0; (1,2) → max(0, 1 − √2)² = 0
    const F = [
      [1, 0],
      [0, 1],
      [-1, 0],
    ];
    expect(contrastiveLoss(F, [0, 0, 1])).toBeCloseTo(2 / 3, 12);
    // margin 1.5: (1,2) → (1.5 − √2)²; (0,2) → max(0, 1.5 − 2)² = 0
    expect(contrastiveLoss(F, [0, 0, 1], 1.5)).toBeCloseTo((2 + (1.5 - SQRT2) ** 2) / 3, 12);
  });

  it('hand value: a close negative pair at 30°', () => {
    // c = cos 30° = √3/2 → d = sqrt(2 − √3); loss = (1 − d)²
    const d = sqrt(2 - sqrt(3));
    expect(contrastiveLoss([at(0), at(30)], [0, 1])).toBeCloseTo((1 - d) ** 2, 10);
    // the same pair as a positive costs d² = 2 − √3
    expect(contrastiveLoss([at(0), at(30)], [0, 0])).toBeCloseTo(2 - sqrt(3), 10);
  });

  it('from distances reads only i < j and averages over N(N−1)/2 pairs', () => {
    const D = [
      [0, 0.5, 0.2],
      [99, 0, 1.5],
      [99, 99, 0],
    ];
    // (0,1) pos 0.25; (0,2) neg (1 − 0.2)² = 0.64; (1,2) neg max(0, 1 − 1.5)² = 0
    expect(contrastiveLossFromDistances(D, [0, 0, 1])).toBeCloseTo((0.25 + 0.64 + 0) / 3, 14);
  });

  it('N < 2 gives 0', () => {
    expect(contrastiveLoss([[1, 0]], [0])).toBe(0);
    expect(contrastiveLoss([], [])).toBe(0);
  });
});

describe('Triplet batch-hard (SPEC line 43), margin 0.2', () => {
  // Points on the circle at 0°, 60° (label 0), 90°, 180° (label 1); d = 2 sin(Δθ/2):
  //   d(0,60) = 1, d(0,90) = √2, d(0,180) = 2, d(60,90) = 2 sin 15°, d(60,180) = √3, d(90,180) = √2
  const F4 = [at(0), at(60), at(90), at(180)];
  const y4 = [0, 0, 1, 1];
  const s15 = 2 * sin((15 * PI) / 180);
  const a1 = 1 - s15 + 0.2; // anchor 60°: hardest pos 1, hardest neg 2 sin 15°
  const a2 = SQRT2 - s15 + 0.2; // anchor 90°: hardest pos √2, hardest neg 2 sin 15°
  // anchor 0°: max(0, 1 − √2 + 0.2) = 0; anchor 180°: max(0, √2 − √3 + 0.2) = 0

  it('hand value on four points', () => {
    expect(tripletBatchHardLoss(F4, y4)).toBeCloseTo((0 + a1 + a2 + 0) / 4, 10);
  });

  it('anchors without a positive are skipped, but still serve as negatives', () => {
    // add 270° with a unique label: it has no positive (not counted), and becomes anchor 180°'s
    // hardest negative: d(180,270) = √2 → √2 − √2 + 0.2 = 0.2. Other anchors unchanged.
    const F5 = [...F4, at(270)];
    expect(tripletBatchHardLoss(F5, [0, 0, 1, 1, 2])).toBeCloseTo((0 + a1 + a2 + 0.2) / 4, 10);
  });

  it('0 when no anchor is valid', () => {
    expect(tripletBatchHardLoss(F4, [0, 1, 2, 3])).toBe(0);
    expect(tripletBatchHardLoss(F4, [5, 5, 5, 5])).toBe(0);
    expect(tripletBatchHardLoss([], [])).toBe(0);
  });

  it('from distances with a custom margin', () => {
    const D = [
      [0, 0.5, 0.3],
      [0.5, 0, 0.9],
      [0.3, 0.9, 0],
    ];
    // anchor 0: pos 0.5, neg 0.3 → 0.5 − 0.3 + 1 = 1.2; anchor 1: 0.5 − 0.9 + 1 = 0.6; anchor 2 invalid
    expect(tripletBatchHardFromDistances(D, [0, 0, 1], 1)).toBeCloseTo(0.9, 14);
    expect(tripletBatchHardFromDistances(D, [0, 0, 1])).toBeCloseTo((0.4 + 0) / 2, 14);
  });
});
