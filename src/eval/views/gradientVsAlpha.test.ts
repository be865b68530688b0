import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { classifySamples, defaultAlphaGrid, gradientVsAlpha, perSampleGradientNorms, TYPE_CODE, type GradientVsAlphaInput } from './gradientVsAlpha';

/** n random unit rows of size d (float32, as the model hands them over). */
function unitRows(rng: Rng, n: number, d: number): Float32Array {
  const x = new Float32Array(n * d);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let t = 0; t < d; t++) s += (x[i * d + t] = rng.normal()) ** 2;
    for (let t = 0; t < d; t++) x[i * d + t] /= Math.sqrt(s);
  }
  return x;
}
const unit = (...v: number[]) => {
  const s = Math.hypot(...v);
  return v.map((a) => a / s);
};

/** Clustered set: class centres = the weights, samples = centre + noise, normalised. */
function clustered(seed: number, n: number, M: number, d: number, noise: number) {
  const rng = new Rng(seed);
  const weights = unitRows(rng, M, d);
  const labels = Int32Array.from({ length: n }, () => rng.int(M));
  const embeddings = new Float32Array(n * d);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let t = 0; t < d; t++) s += (embeddings[i * d + t] = weights[labels[i] * d + t] + noise * rng.normal()) ** 2;
    for (let t = 0; t < d; t++) embeddings[i * d + t] /= Math.sqrt(s);
  }
  return { embeddings, labels, weights, dim: d };
}

/**
 * ℓ(f) = −log softmax(α W f)_y in float64, written from the loss definition only:
 * ℓ = log Σ_m exp(z_m − z_y) = log1p(Σ_{m≠y} exp(α⟨w_m − w_y, f⟩)) — differences formed first so a
 * tiny loss keeps its relative precision.
 */
function loss(f: Float64Array, W: Float32Array, M: number, d: number, y: number, alpha: number): number {
  const delta: number[] = [];
  for (let m = 0; m < M; m++) {
    if (m === y) continue;
    let s = 0;
    for (let t = 0; t < d; t++) s += (W[m * d + t] - W[y * d + t]) * f[t];
    delta.push(alpha * s);
  }
  const top = Math.max(0, ...delta);
  if (top === 0) return Math.log1p(delta.reduce((a, v) => a + Math.exp(v), 0));
  return top + Math.log(Math.exp(-top) + delta.reduce((a, v) => a + Math.exp(v - top), 0));
}

/** ‖∇_f ℓ‖ by float64 central differences (unconstrained: f is not renormalised). */
function fdNorm(f0: ArrayLike<number>, W: Float32Array, M: number, d: number, y: number, alpha: number): number {
  const f = Float64Array.from(f0);
  const h = 1e-6;
  let s = 0;
  for (let t = 0; t < d; t++) {
    const v = f[t];
    f[t] = v + h;
    const up = loss(f, W, M, d, y, alpha);
    f[t] = v - h;
    const dn = loss(f, W, M, d, y, alpha);
    f[t] = v;
    s += ((up - dn) / (2 * h)) ** 2;
  }
  return Math.sqrt(s);
}

/** numpy-style quantile (linear between order statistics), written independently. */
function quantile(values: number[], q: number): number {
  const v = [...values].sort((a, b) => a - b);
  const pos = (v.length - 1) * q;
  const i = Math.floor(pos);
  return i + 1 < v.length ? v[i] * (1 - (pos - i)) + v[i + 1] * (pos - i) : v[i];
}

describe('analytic ‖∂ℓ/∂f̂‖ = finite difference of the loss', () => {
  for (const [d, M, seed] of [[2, 2, 1], [2, 10, 2], [3, 5, 3], [16, 10, 4], [128, 10, 5], [64, 37, 6]] as const) {
    it(`d=${d} M=${M}`, () => {
      const rng = new Rng(seed);
      const n = 12;
      const input = { embeddings: unitRows(rng, n, d), labels: Int32Array.from({ length: n }, () => rng.int(M)), weights: unitRows(rng, M, d), dim: d, alpha: 1 };
      const alphas = [0.05, 0.7, 4, 16, 45];
      const norms = perSampleGradientNorms(input, alphas);
      for (let i = 0; i < n; i++)
        for (let k = 0; k < alphas.length; k++) {
          const fd = fdNorm(input.embeddings.subarray(i * d, (i + 1) * d), input.weights, M, d, input.labels[i], alphas[k]);
          expect(Math.abs(norms[i * alphas.length + k] - fd), `i=${i} α=${alphas[k]} fd=${fd}`).toBeLessThanOrEqual(1e-6 * fd + 1e-300);
        }
    });
  }
});

// d = 3, weights on the axes; class-0 samples with known cosine margins, two hard ones, one unseen class.
const W3 = Float32Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
const hand = [
  { f: unit(1, 1, 0), y: 0, margin: 0 }, // tie z_0 = z_1 → hard (HU: z_m ≥ z_y)
  { f: unit(1, 2, 0.5), y: 0, margin: -1 / Math.sqrt(5.25) }, // wrong class wins → hard
  { f: unit(1, 0.9, 0), y: 0, margin: 0.1 / Math.hypot(1, 0.9) },
  { f: unit(1, 0.8, 0.1), y: 0, margin: 0.2 / Math.hypot(1, 0.8, 0.1) },
  { f: unit(1, 0.5, 0.2), y: 0, margin: 0.5 / Math.hypot(1, 0.5, 0.2) },
  { f: unit(1, 0.4, 0), y: 0, margin: 0.6 / Math.hypot(1, 0.4) },
  { f: unit(1, 0.1, 0.1), y: 0, margin: 0.9 / Math.hypot(1, 0.1, 0.1) },
  { f: unit(0, 0, 1), y: 2, margin: 1 },
  { f: unit(1, 1, 1), y: 3, margin: NaN }, // no weight for class 3 → skipped
];
const handInput = (alpha: number): GradientVsAlphaInput => ({
  embeddings: Float32Array.from(hand.flatMap((h) => h.f)),
  labels: Int32Array.from(hand.map((h) => h.y)),
  weights: W3,
  dim: 3,
  alpha,
});

describe('sample types (hand-built)', () => {
  it('hard = some z_m ≥ z_y; easy split into lowest / middle / highest thirds of the cosine margin', () => {
    const c = classifySamples(handInput(1));
    const T = TYPE_CODE;
    expect(Array.from(c.type)).toEqual([T.hard, T.hard, T.boundary, T.boundary, T.middle, T.middle, T.centroid, T.centroid, T.skipped]);
    hand.forEach((h, i) => (Number.isNaN(h.margin) ? expect(c.margin[i]).toBeNaN() : expect(c.margin[i]).toBeCloseTo(h.margin, 6)));
    expect(Array.from(c.members.hard)).toEqual([1, 0]); // ascending margin
    expect(Array.from(c.members.boundary)).toEqual([2, 3]);
    expect(Array.from(c.members.centroid)).toEqual([6, 7]);
    expect([c.middle, c.skipped]).toEqual([2, 1]);
  });

  it('the types do not depend on α; the result reports counts, cuts and the skipped sample', () => {
    for (const alpha of [0.25, 4, 16, 64]) {
      const r = gradientVsAlpha(handInput(alpha));
      expect([r.types.hard.count, r.types.boundary.count, r.types.centroid.count, r.middle, r.skipped, r.evaluated]).toEqual([2, 2, 2, 2, 1, 8]);
      expect(r.boundaryMaxMargin).toBeCloseTo(hand[3].margin, 6);
      expect(r.centroidMinMargin).toBeCloseTo(hand[6].margin, 6);
      expect(r.reason).toBeNull();
    }
  });
});

describe('HU Fig. 2 limits', () => {
  const alphas = [1e-4, 1e-3, 1e-2, 0.1, 1, 4, 16, 64, 256, 1e3, 1e4];
  const norms = perSampleGradientNorms(handInput(1), alphas);
  const row = (i: number) => Array.from(norms.subarray(i * alphas.length, (i + 1) * alphas.length));

  it('hard samples: the norm grows without bound, ~ α‖ŵ_m* − ŵ_y‖/K', () => {
    for (const i of [0, 1]) {
      const g = row(i);
      for (let k = 5; k < alphas.length; k++) expect(g[k]).toBeGreaterThan(g[k - 1]);
    }
    // K = 2 (tie): p_y, p_1 → ½; K = 1: p_1 → 1. ‖e_1 − e_0‖ = √2.
    expect(row(0).at(-1)! / 1e4).toBeCloseTo(Math.SQRT2 / 2, 6);
    expect(row(1).at(-1)! / 1e4).toBeCloseTo(Math.SQRT2, 6);
  });

  it('easy samples: the norm tends to 0 as α grows (centroid fastest)', () => {
    for (const i of [2, 3, 4, 5, 6, 7]) {
      const g = row(i);
      expect(g.at(-1)).toBeLessThan(1e-30);
      expect(g[alphas.indexOf(256)]).toBeLessThan(g[alphas.indexOf(16)]);
    }
    expect(row(7)[alphas.indexOf(64)]).toBeLessThan(1e-20); // centroid, margin 1: ≈ 64·√2·e^−64
  });

  it('every sample: the norm tends to 0 as α → 0, like α‖mean_m ŵ_m − ŵ_y‖ (p → uniform)', () => {
    for (let i = 0; i < 8; i++) {
      const y = hand[i].y;
      const mean = [1 / 3, 1 / 3, 1 / 3].map((v, t) => v - (t === y ? 1 : 0));
      expect(row(i)[0] / 1e-4).toBeCloseTo(Math.hypot(...mean), 3);
    }
    expect(Number.isNaN(row(8)[0])).toBe(true); // skipped sample
  });

  it('medians over a clustered set: hard > boundary > centroid at the current α, all → 0 as α → 0', () => {
    const r = gradientVsAlpha({ ...clustered(7, 600, 10, 2, 0.25), alpha: 16 });
    const { hard, boundary, centroid } = r.types;
    expect(hard.count * boundary.count * centroid.count).toBeGreaterThan(0);
    const k = r.alphaIndex;
    expect(r.alphas[k]).toBe(16);
    expect(hard.median[k]).toBeGreaterThan(boundary.median[k]);
    expect(boundary.median[k]).toBeGreaterThan(centroid.median[k]);
    expect(hard.median.at(-1)!).toBeGreaterThan(hard.median[k]);
    expect(centroid.median.at(-1)!).toBeLessThan(centroid.median[k]);
    for (const b of [hard, boundary, centroid]) {
      expect(b.p75[0]).toBeLessThan(0.2); // α = 0.1: ≤ α·‖mean ŵ − ŵ_y‖ ≤ 0.2
      for (let a = 0; a < r.alphas.length; a++) expect(b.p25[a] <= b.median[a] && b.median[a] <= b.p75[a]).toBe(true);
    }
  });
});

describe('grid, bands and cap', () => {
  it('default grid: 40 log-spaced points over 0.1 … 128, the current α inserted exactly', () => {
    const g = defaultAlphaGrid(0.1); // already a grid point
    expect([g.length, g[0], g.at(-1)]).toEqual([40, 0.1, 128]);
    expect(g[1] / g[0]).toBeCloseTo(g[39] / g[38], 9);
    const g4 = defaultAlphaGrid(4);
    expect(g4.length).toBe(41);
    expect(Array.from(g4).filter((a) => !g.includes(a))).toEqual([4]);
    const r = gradientVsAlpha({ ...handInput(3.7), alphas: [8, 1, 8, 2] });
    expect(Array.from(r.alphas)).toEqual([1, 2, 3.7, 8]);
    expect([r.alpha, r.alphaIndex]).toEqual([3.7, 2]);
    const r2 = gradientVsAlpha(handInput(300)); // outside the default range: still on the grid
    expect([r2.alphas.length, r2.alphas[r2.alphaIndex], r2.alphaIndex]).toEqual([41, 300, 40]);
    expect(() => gradientVsAlpha(handInput(0))).toThrow();
    expect(() => gradientVsAlpha({ ...handInput(1), alphas: [1, -2] })).toThrow();
  });

  it('bands are the quantiles of the per-sample norms; the cap picks evenly spaced samples deterministically', () => {
    const set = clustered(11, 2000, 10, 128, 1.2);
    const input = { ...set, alpha: 16 };
    const t0 = performance.now();
    const r = gradientVsAlpha(input);
    const first = performance.now() - t0;
    let best = Infinity; // best of a few warm calls: the machine is shared
    for (let rep = 0; rep < 8; rep++) {
      const t = performance.now();
      gradientVsAlpha(input);
      best = Math.min(best, performance.now() - t);
    }
    const used = r.types.hard.used + r.types.boundary.used + r.types.centroid.used;
    console.log(`gradientVsAlpha n=2000 M=10 d=128, ${r.alphas.length} α, ${used} samples drawn: first call ${first.toFixed(1)} ms, warm ${best.toFixed(1)} ms`);
    expect(r.types.hard.count + r.types.boundary.count + r.types.centroid.count + r.middle).toBe(2000);
    for (const t of ['hard', 'boundary', 'centroid'] as const) expect(r.types[t].used).toBe(Math.min(300, r.types[t].count));
    expect(gradientVsAlpha(input)).toEqual(r);
    // Uncapped: each band is exactly the quantiles of its members' norms.
    const small = { ...clustered(12, 90, 4, 8, 0.6), alpha: 8 };
    const rs = gradientVsAlpha(small);
    const cls = classifySamples(small);
    const norms = perSampleGradientNorms(small, rs.alphas);
    const A = rs.alphas.length;
    for (const t of ['hard', 'boundary', 'centroid'] as const) {
      expect(rs.types[t].used).toBe(cls.members[t].length);
      for (let a = 0; a < A; a += 7) {
        const col = Array.from(cls.members[t], (i) => norms[i * A + a]);
        expect(rs.types[t].median[a]).toBeCloseTo(quantile(col, 0.5), 12);
        expect(rs.types[t].p25[a]).toBeCloseTo(quantile(col, 0.25), 12);
        expect(rs.types[t].p75[a]).toBeCloseTo(quantile(col, 0.75), 12);
      }
    }
  });
});

describe('edge cases', () => {
  it('d = 2, M = 2: ‖∂ℓ/∂f̂‖ = α·σ(α(c_other − c_y))·‖ŵ_other − ŵ_y‖', () => {
    const weights = Float32Array.from([1, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const embeddings = Float32Array.from([...unit(1, -0.3), ...unit(0.2, 1), ...unit(1, 0.45)]);
    const labels = Int32Array.from([0, 1, 1]);
    const alphas = [0.5, 3, 20];
    const norms = perSampleGradientNorms({ embeddings, labels, weights, dim: 2, alpha: 1 }, alphas);
    const dw = Math.hypot(1 - Math.SQRT1_2, -Math.SQRT1_2);
    for (let i = 0; i < 3; i++) {
      const c = [0, 1].map((m) => embeddings[2 * i] * weights[2 * m] + embeddings[2 * i + 1] * weights[2 * m + 1]);
      const y = labels[i];
      alphas.forEach((a, k) => expect(norms[i * 3 + k]).toBeCloseTo((a / (1 + Math.exp(-a * (c[1 - y] - c[y])))) * dw, 6));
    }
  });

  it('a type with no samples has count 0 and empty curves', () => {
    const r = gradientVsAlpha({ ...clustered(3, 60, 3, 16, 0.05), alpha: 16 }); // tight clusters: nothing hard
    expect(r.types.hard).toEqual({ count: 0, used: 0, median: new Float64Array(0), p25: new Float64Array(0), p75: new Float64Array(0) });
    expect(r.types.centroid.median.length).toBe(r.alphas.length);
    expect(r.boundaryMaxMargin).toBeLessThanOrEqual(r.centroidMinMargin);
  });

  it('labels without a class weight are skipped; none left → empty result with a reason', () => {
    const base = handInput(4);
    const r = gradientVsAlpha({ ...base, labels: Int32Array.from(hand.map(() => 5)) });
    expect([r.evaluated, r.skipped, r.types.hard.count, r.types.boundary.count, r.types.centroid.count]).toEqual([0, 9, 0, 0, 0]);
    expect(r.reason).toMatch(/class weight/);
    expect(Number.isNaN(r.boundaryMaxMargin)).toBe(true);
    const neg = gradientVsAlpha({ ...base, labels: Int32Array.from(hand.map((h, i) => (i === 2 ? -1 : h.y))) });
    expect([neg.skipped, neg.evaluated]).toEqual([2, 7]);
    const none = gradientVsAlpha({ embeddings: new Float32Array(0), labels: new Int32Array(0), weights: W3, dim: 3, alpha: 4 });
    expect(none.reason).toBe('no evaluation samples');
  });

  it('n = 1: a hard sample gives a degenerate band; a single easy sample is neither boundary nor centroid', () => {
    const one = (f: number[]) => gradientVsAlpha({ embeddings: Float32Array.from(f), labels: Int32Array.from([0]), weights: W3, dim: 3, alpha: 4, alphas: [1, 10] });
    const h = one(unit(1, 2, 0.5));
    expect([h.types.hard.count, h.types.hard.used, h.evaluated]).toEqual([1, 1, 1]);
    expect(Array.from(h.types.hard.p25)).toEqual(Array.from(h.types.hard.median));
    expect(Array.from(h.types.hard.p75)).toEqual(Array.from(h.types.hard.median));
    expect(h.types.hard.median[1]).toBeGreaterThan(h.types.hard.median[0]);
    const e = one(unit(1, 0.1, 0));
    expect([e.types.boundary.count, e.types.centroid.count, e.middle]).toEqual([0, 0, 1]);
    expect(() => one([1, 0])).toThrow(); // embeddings length ≠ n·dim
  });
});
