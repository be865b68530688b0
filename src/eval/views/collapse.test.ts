import { beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { makeToySplit } from '../../data/toy';
import { Trainer } from '../../ml/trainer';
import { lossOnConstantScores, useCpuBackend } from '../../ml/ml.testkit';
import { crossExampleLoss, type CrossExampleKind } from '../../ml/losses/crossExample';
import { pairNegatives } from '../../ml/ops/negatives';
import { tfjsPairOps } from '../../ml/ops/tfjsPairOps';
import { defaultConfig } from '../../state/params';
import { collapsedBatchLoss, COLLAPSE_LIMITS, detectCollapse, expectedCollapsedLoss, type CollapseLossSpec } from './collapse';

beforeAll(useCpuBackend);

const spec: CollapseLossSpec = { ...defaultConfig(), loss: 'ces' };

/**
 * n unit vectors in d dims, class i % C, each class around its own direction (`centres`) with a
 * per-coordinate tangent spread of `spread` radians.
 */
function cloud(seed: number, n: number, d: number, C: number, spread: number, centres: (c: number) => number[]) {
  const rng = new Rng(seed);
  const embeddings = new Float32Array(n * d);
  const labels = Int32Array.from({ length: n }, (_, i) => i % C);
  for (let i = 0; i < n; i++) {
    const v = centres(labels[i]).map((x) => x + spread * rng.normal());
    const len = Math.hypot(...v);
    v.forEach((x, k) => (embeddings[i * d + k] = x / len));
  }
  return { embeddings, labels, n, dim: d };
}
const onAxis = (d: number) => () => Array.from({ length: d }, (_, k) => (k === 0 ? 1 : 0));
/** C directions spread around the unit circle (first two coordinates). */
const ring = (d: number, C: number) => (c: number) => Array.from({ length: d }, (_, k) => (k === 0 ? Math.cos((2 * Math.PI * c) / C) : k === 1 ? Math.sin((2 * Math.PI * c) / C) : 0));

/** `steps` losses around `level`, with seeded noise and a per-step slope. */
function series(level: number, steps: number, noise: number, slope = 0, seed = 7): number[] {
  const rng = new Rng(seed);
  return Array.from({ length: steps }, (_, i) => level + slope * i + noise * rng.normal());
}
const CES = Math.log1p(128 * 128 - 5 * 25.6 * 25.6); // the defaults' collapsed value, ≈ 9.48
const flatAtCes = series(CES - 0.005, 25, 0.01);
const flatElsewhere = series(1.3, 25, 0.02);
const falling = series(9, 25, 0.05, -0.1);

describe('detectCollapse', () => {
  it('catches a total collapse (0.3° cloud, d = 2) even while the loss still creeps down', () => {
    const v = detectCollapse({ ...cloud(1, 500, 2, 5, 0.3 * (Math.PI / 180) / 3, onAxis(2)), losses: falling, loss: 'triplet' });
    expect(v.kind).toBe('collapse');
    expect(v.detail.rule).toBe('total');
    expect(v.detail.maxAngleDeg).toBeLessThan(0.3);
    expect(v.message).toMatch(/^Every evaluation point now lies within 0\.\d\d° of one direction, the centres of all 5 classes/);
    expect(v.message).toMatch(/collapsed, so no distance can tell the classes apart/);
    expect(v.message).toMatch(/triplet/i);
    expect(JSON.parse(JSON.stringify(v))).toEqual(v); // serialisable: posted from the worker as is
  });

  it('catches a near collapse (≈3° RMS, d = 2) once the loss sits at log(1 + |N_B|), and says so', () => {
    const emb = cloud(2, 500, 2, 5, 0.05, onAxis(2));
    const v = detectCollapse({ ...emb, losses: flatAtCes, collapsedLoss: CES, loss: 'ces' });
    expect(v.detail.rule).toBe('geometry');
    expect(v.detail.resultant).toBeGreaterThan(COLLAPSE_LIMITS.resultant);
    expect(v.detail.atCollapsedLoss).toBe(true);
    expect(v.message).toMatch(/The loss has sat at 9\.4\d for 20 steps: the value it takes when every point coincides \(9\.48\)/);
    expect(v.message).toMatch(/Press play to wait it out/);
    expect(detectCollapse({ ...emb, losses: flatElsewhere, loss: 'arcface' }).message).toMatch(/θ \+ m = 180°/);
    // The same cloud while the loss still falls is a run finding its way: no verdict.
    expect(detectCollapse({ ...emb, losses: falling, collapsedLoss: CES }).kind).toBeNull();
  });

  it('d = 64: a looser cloud counts only with the loss pinned at the collapsed value', () => {
    const emb = cloud(3, 500, 64, 5, 0.015, onAxis(64)); // R ≈ 0.993: 63 directions to wobble in
    const { resultant } = detectCollapse({ ...emb, losses: [] }).detail;
    expect(resultant).toBeGreaterThan(COLLAPSE_LIMITS.resultantWithLoss);
    expect(resultant).toBeLessThan(COLLAPSE_LIMITS.resultant);
    expect(detectCollapse({ ...emb, losses: flatAtCes, collapsedLoss: CES, loss: 'ces' }).detail.rule).toBe('loss');
    expect(detectCollapse({ ...emb, losses: flatElsewhere, collapsedLoss: CES }).kind).toBeNull();
  });

  it('stays silent on healthy embeddings, one class, short or broken loss histories', () => {
    const healthy2 = cloud(4, 500, 2, 5, 0.1, ring(2, 5));
    const healthy64 = cloud(5, 500, 64, 10, 0.05, ring(64, 10));
    for (const emb of [healthy2, healthy64]) {
      const v = detectCollapse({ ...emb, losses: flatAtCes, collapsedLoss: CES });
      expect(v).toMatchObject({ kind: null, message: '' });
      expect(v.detail.resultant).toBeLessThan(0.2);
    }
    // One tight class is a perfect embedding, not a collapse.
    expect(detectCollapse({ ...cloud(6, 200, 2, 1, 0.001, onAxis(2)), losses: flatAtCes }).kind).toBeNull();
    const collapsed = cloud(7, 300, 2, 3, 0.001, onAxis(2));
    expect(detectCollapse({ ...collapsed, losses: flatAtCes.slice(0, COLLAPSE_LIMITS.window - 1) }).detail.lossTrend).toBe('unknown');
    expect(detectCollapse({ ...collapsed, losses: [] }).kind).toBeNull(); // the step-0 refresh
    expect(detectCollapse({ ...collapsed, losses: [...flatAtCes, NaN] }).kind).toBeNull(); // divergence is reported elsewhere
    const broken = { ...collapsed, embeddings: collapsed.embeddings.map((x, i) => (i === 5 ? NaN : x)) };
    expect(detectCollapse({ ...broken, losses: flatAtCes }).kind).toBeNull();
  });

  it('no false alarm on the most concentrated untrained encoder seen (spirals, d = 2, seed 136 of 300)', async () => {
    const c = { ...defaultConfig(), data: 'spirals' as const, loss: 'ces' as const, seed: 136 };
    const t = new Trainer(c, makeToySplit('spirals', { classes: c.classes, noise: c.noise, seed: c.dataSeed }));
    const ev = await t.evaluate();
    t.dispose();
    // R at initialisation comes close to the limit, which is why no rule judges without loss
    // history, and the geometric rule alone wants a loss that has stopped falling.
    expect(detectCollapse({ ...ev, losses: [] }).detail.resultant).toBeGreaterThan(0.99);
    for (const losses of [[], falling, flatElsewhere]) expect(detectCollapse({ ...ev, losses, loss: 'ces' }).kind).toBeNull();
  });

  it('lets a classifier plateau at chance pass (R ≈ 0.991, as spirals + LN softmax at α = 4, d = 8, before it learns)', () => {
    const emb = cloud(9, 500, 8, 5, 0.05, onAxis(8));
    const v = detectCollapse({ ...emb, losses: series(Math.log(5), 25, 0.02), loss: 'softmax' });
    expect(v.detail.resultant).toBeGreaterThan(0.985);
    expect(v.detail.lossTrend).toBe('flat');
    expect(v.kind).toBeNull();
  });

  it('tells a falling loss from a flat noisy one', () => {
    const trend = (losses: number[]) => detectCollapse({ ...cloud(8, 50, 2, 2, 0.1, ring(2, 2)), losses }).detail.lossTrend;
    expect(trend(series(9.47, 40, 0.012))).toBe('flat'); // a CES plateau: ±0.1% noise
    expect(trend(series(0.21, 40, 0.004, -0.00007))).toBe('flat'); // a triplet collapse drifting down 0.01 per 150 steps
    expect(trend(series(1.3, 40, 0.02, 0.003))).toBe('flat'); // rising counts as not falling
    expect(trend(series(2, 40, 0.002, -0.01))).toBe('falling');
    expect(trend(series(2, 40, 0.1, -0.02))).toBe('falling'); // noisy but clearly down
    expect(trend([19.1, 12.8, 10.2, 9.7, ...series(9.48, 16, 0.01)])).toBe('falling'); // the first steps of a CES collapse
  });
});

describe('collapsed loss', () => {
  // Labels of a pair batch with unequal classes: counts 3, 2, 1.
  const labels = Int32Array.from([0, 1, 0, 2, 1, 0]);

  it('equals the real CE-family losses on a batch of equal scores (class and instance pairs)', async () => {
    for (const kind of ['ssm', 'snm', 'ces', 'cenm'] as CrossExampleKind[]) {
      for (const pairs of ['class', 'instance'] as const) {
        const neg = pairNegatives(labels, pairs);
        const real = await lossOnConstantScores(6, 16, (scores) => crossExampleLoss(kind, tfjsPairOps, scores, neg, 0.5));
        neg.mask.dispose();
        expect(collapsedBatchLoss({ ...spec, loss: kind, pairs }, labels)).toBeCloseTo(real, 4);
      }
    }
  });

  it('has the closed forms of the spec (CES log(1 + |N_B|), SSM the mean of log(1 + |N_i|), margins, TCM)', () => {
    expect(collapsedBatchLoss(spec, labels)).toBeCloseTo(Math.log1p(36 - 9 - 4 - 1), 12);
    expect(collapsedBatchLoss({ ...spec, loss: 'ssm' }, labels)).toBeCloseTo((3 * Math.log1p(3) + 2 * Math.log1p(4) + Math.log1p(5)) / 6, 12);
    expect(collapsedBatchLoss({ ...spec, loss: 'triplet', triMargin: 0.2 }, labels)).toBe(0.2);
    // Contrastive: 11 negative pairs of 15, each margin² = 1.
    expect(collapsedBatchLoss({ ...spec, loss: 'contrastive' }, labels)).toBeCloseTo(11 / 15, 12);
    // TCM adds λ⁻(1 − m⁻) = 2·0.5: every negative cosine is 1.
    expect(collapsedBatchLoss({ ...spec, tcm: 'on', tcmNeg: 0.5, tcmNegW: 2 }, labels)).toBeCloseTo(Math.log1p(22) + 1, 12);
    expect(collapsedBatchLoss({ ...spec, loss: 'softmax' }, labels)).toBeNull(); // depends on the class weights
    expect(collapsedBatchLoss({ ...spec, alpha: 0.5 }, labels)).toBeNull(); // every embedding's loss is within 2α of it
  });

  it("expects the defaults' spirals + CES batches to collapse at ≈ 9.48, as the issue saw (9.47)", () => {
    const train = makeToySplit('spirals', { classes: 5, noise: 0.15, seed: 1 }).train.y;
    expect(expectedCollapsedLoss(spec, train)).toBeCloseTo(CES, 10);
    expect(expectedCollapsedLoss({ ...spec, loss: 'ssm' }, train)).toBeCloseTo(Math.log1p(128 - 25.6), 10);
    // P×K: 5 classes × 8 items; 5·28 positive pairs of 780.
    expect(expectedCollapsedLoss({ ...spec, loss: 'contrastive' }, train)).toBeCloseTo(640 / 780, 10);
    expect(expectedCollapsedLoss({ ...spec, loss: 'arcface' }, train)).toBeNull();
  });
});
