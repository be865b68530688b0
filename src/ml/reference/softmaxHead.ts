/**
 * REFERENCE implementations of the Heated-Up softmax family (SM / LN / BN heads) and of HU's
 * gradient analysis. SPEC = /work/shared/SPEC.md, section "Softmax classifier with temperature
 * (HU)", lines 30–36. Paper: Zhang et al., heated-up-softmax-embedding.md, Eq. (1)–(7).
 *
 * Orientation choice (SPEC writes `z = Wᵀf + b` with W = [w_1..w_M] as d×M columns): here
 * `W` is stored M×d, ROW m is the class weight `w_m`, so `z_m = ⟨w_m, f⟩ (+ b_m)`, i.e.
 * `z = W f + b` with our W equal to SPEC's Wᵀ.
 *
 * Float64, explicit loops, no tfjs. Cross-entropy is `−z_y + logsumexp(z)` with the max
 * subtracted (SPEC line 27's rule, applied here too).
 */
import { assertMatrix, crossEntropy, dot, l2Normalize, l2NormalizeRows, softmax, type Matrix } from './linalg';

/** The three HU heads, SPEC lines 32–34. */
export type HeadVariant = 'sm' | 'ln' | 'bn';

/** Epsilon inside the batch-norm square root: `(f − μ)/sqrt(σ² + 1e-5)` (the tfjs/Keras default; SPEC is silent). */
export const BN_EPS = 1e-5;

/** Default cosine-margin threshold separating 'boundary' from 'centroid' samples (see {@link sampleType}). */
export const DEFAULT_CENTROID_MARGIN = 0.1;

/** Options of {@link headLogits} / {@link softmaxHeadLoss} (SPEC lines 32–34). */
export interface HeadOptions {
  /** Scale α (= 1/T). Used by 'ln' and 'bn'; 'sm' requires α = 1 (SPEC line 32) and throws otherwise. Default 1. */
  alpha?: number;
  /** Bias b (length M). Only allowed for 'sm' (SPEC line 32); 'ln'/'bn' have no bias (SPEC line 33) and throw. Default 0. */
  bias?: number[];
}

/** Result of {@link softmaxHeadLoss}: mean loss, per-sample losses and logits (SPEC line 31). */
export interface HeadResult {
  /** Mean softmax cross-entropy over the batch, `(1/N) Σ_i ℓ_i` (HU Eq. 2 averaged). 0 for N = 0. */
  loss: number;
  /** Per-sample cross-entropies `ℓ_i`. */
  losses: number[];
  /** Logits, N×M: `logits[i][m] = z_m` for sample i. */
  logits: Matrix;
}

/**
 * Batch normalisation WITHOUT learned scale or shift (HU Eq. 7, footnote 3; SPEC line 34), using
 * the BATCH statistics: per dimension k, `μ_k = (1/N) Σ_i F[i][k]`, BIASED variance
 * `σ²_k = (1/N) Σ_i (F[i][k] − μ_k)²`, output `(F[i][k] − μ_k) / sqrt(σ²_k + 1e-5)` ({@link BN_EPS}).
 * (Training-mode BN; no running averages.) N = 1 maps every row to zeros.
 */
export function batchNormNoAffine(F: Matrix): Matrix {
  assertMatrix('F', F);
  const n = F.length;
  if (n === 0) return [];
  const d = F[0].length;
  const mean = new Array<number>(d).fill(0);
  for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) mean[k] += F[i][k];
  for (let k = 0; k < d; k++) mean[k] /= n;
  const vari = new Array<number>(d).fill(0);
  for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) vari[k] += (F[i][k] - mean[k]) ** 2;
  for (let k = 0; k < d; k++) vari[k] /= n;
  const out: Matrix = [];
  for (let i = 0; i < n; i++) {
    const row = new Array<number>(d);
    for (let k = 0; k < d; k++) row[k] = (F[i][k] - mean[k]) / Math.sqrt(vari[k] + BN_EPS);
    out.push(row);
  }
  return out;
}

/**
 * Logits of the HU heads for a batch F (N×d) and class weights W (M×d, row m = w_m):
 * - 'sm' (SPEC line 32): `z_m = ⟨w_m, f⟩ + b_m`, nothing normalised, α = 1.
 * - 'ln' (SPEC line 33): `z_m = α·⟨f̂, ŵ_m⟩`, SPEC-line-11 l2 normalisation of f and w_m, no bias.
 * - 'bn' (SPEC line 34, HU Eq. 7): `z_m = α·⟨BN(f)/√d, ŵ_m⟩`, BN = {@link batchNormNoAffine}
 *   over THIS batch, d = embedding size (SPEC's k), no bias.
 */
export function headLogits(variant: HeadVariant, F: Matrix, W: Matrix, opts: HeadOptions = {}): Matrix {
  const n = F.length;
  const d = n > 0 ? F[0].length : W.length > 0 ? W[0].length : 0;
  assertMatrix('F', F, n, d);
  assertMatrix('W', W, W.length, d);
  const M = W.length;
  const alpha = opts.alpha ?? 1;
  if (variant === 'sm') {
    if (alpha !== 1) throw new Error(`headLogits: 'sm' has α = 1 (SPEC line 32), got α = ${alpha}`);
    const b = opts.bias ?? new Array<number>(M).fill(0);
    if (b.length !== M) throw new Error(`headLogits: bias length ${b.length}, expected ${M}`);
    return F.map((f) => W.map((w, m) => dot(w, f) + b[m]));
  }
  if (opts.bias !== undefined) throw new Error(`headLogits: '${variant}' has no bias (SPEC line 33–34)`);
  const Wh = l2NormalizeRows(W);
  let G: Matrix;
  if (variant === 'ln') {
    G = l2NormalizeRows(F);
  } else if (variant === 'bn') {
    const sqrtD = Math.sqrt(d);
    G = batchNormNoAffine(F).map((row) => row.map((v) => v / sqrtD));
  } else {
    throw new Error(`headLogits: unknown variant ${String(variant)}`);
  }
  return G.map((g) => Wh.map((w) => alpha * dot(g, w)));
}

/**
 * The HU softmax head loss on a batch (SPEC lines 31–34, HU Eq. 1–2): logits from
 * {@link headLogits}, then the MEAN over the batch of `ℓ_i = −z_{y_i} + log Σ_m e^{z_m}`.
 * `y[i]` ∈ {0..M−1}.
 */
export function softmaxHeadLoss(
  variant: HeadVariant,
  F: Matrix,
  y: ArrayLike<number>,
  W: Matrix,
  opts: HeadOptions = {},
): HeadResult {
  if (y.length !== F.length) throw new Error(`softmaxHeadLoss: ${F.length} rows but ${y.length} labels`);
  const logits = headLogits(variant, F, W, opts);
  const losses = logits.map((z, i) => crossEntropy(z, y[i]));
  let s = 0;
  for (const l of losses) s += l;
  return { loss: losses.length > 0 ? s / losses.length : 0, losses, logits };
}

/**
 * LN loss of ONE sample as a function of the already-normalised embedding `f̂`, used AS GIVEN
 * (not re-normalised): `ℓ(f̂) = −z_y + log Σ_m e^{z_m}`, `z_m = α·⟨f̂, ŵ_m⟩` (SPEC line 33, HU
 * Eq. 1–2). W (M×d, rows w_m) IS normalised here. This is the function whose gradient
 * {@link hlnGrad} gives in closed form.
 */
export function lnLossFromHat(fHat: ArrayLike<number>, y: number, W: Matrix, alpha: number): number {
  const Wh = l2NormalizeRows(W);
  return crossEntropy(Wh.map((w) => alpha * dot(fHat, w)), y);
}

/**
 * SPEC line 36 / HU Eq. 3 (with f̂, ŵ): the gradient of {@link lnLossFromHat} with respect to
 * the normalised embedding, `∂ℓ/∂f̂ = α Σ_m (p_m − q_m) ŵ_m`, p = softmax(z), q = one-hot(y).
 * `fHat` is used as given; W (M×d) is l2-normalised row-wise here.
 */
export function hlnGrad(fHat: ArrayLike<number>, y: number, W: Matrix, alpha: number): number[] {
  const Wh = l2NormalizeRows(W);
  const d = fHat.length;
  assertMatrix('W', Wh, Wh.length, d);
  const p = softmax(Wh.map((w) => alpha * dot(fHat, w)));
  const g = new Array<number>(d).fill(0);
  for (let m = 0; m < Wh.length; m++) {
    const coef = alpha * (p[m] - (m === y ? 1 : 0));
    for (let k = 0; k < d; k++) g[k] += coef * Wh[m][k];
  }
  return g;
}

/** `‖∂ℓ/∂f̂‖₂` of {@link hlnGrad} (SPEC line 36; the quantity HU Fig. 2 plots against α). */
export function hlnGradNorm(fHat: ArrayLike<number>, y: number, W: Matrix, alpha: number): number {
  const g = hlnGrad(fHat, y, W, alpha);
  return Math.sqrt(dot(g, g));
}

/** HU sample types (SPEC line 36, HU Sec. 3.1). */
export type SampleType = 'hard' | 'boundary' | 'centroid';

/**
 * Classifies one sample per SPEC line 36 / HU Sec. 3.1, on the COSINE margin
 * `δ = ⟨f̂, ŵ_y⟩ − max_{m≠y} ⟨f̂, ŵ_m⟩` (f and W both l2-normalised here; the logit margin of an
 * LN head is α·δ, so the type does not depend on α > 0):
 * - 'hard' when `δ ≤ 0` (some `z_m ≥ z_y`, m ≠ y — ties count as hard, as in HU);
 * - 'boundary' when `0 < δ < centroidMargin`;
 * - 'centroid' when `δ ≥ centroidMargin`.
 * `centroidMargin` is our choice (SPEC only says "small" vs "large"): default
 * {@link DEFAULT_CENTROID_MARGIN} = 0.1 in cosine units. With M = 1 there is no competitor, δ = +∞
 * and the sample is 'centroid'.
 */
export function sampleType(
  f: ArrayLike<number>,
  y: number,
  W: Matrix,
  centroidMargin: number = DEFAULT_CENTROID_MARGIN,
): SampleType {
  if (!(centroidMargin > 0)) throw new Error(`sampleType: centroidMargin must be > 0, got ${centroidMargin}`);
  const fh = l2Normalize(f);
  const Wh = l2NormalizeRows(W);
  if (!Number.isInteger(y) || y < 0 || y >= Wh.length) throw new Error(`sampleType: bad label ${y}`);
  const cy = dot(fh, Wh[y]);
  let best = -Infinity;
  for (let m = 0; m < Wh.length; m++) if (m !== y) best = Math.max(best, dot(fh, Wh[m]));
  const delta = cy - best;
  if (delta <= 0) return 'hard';
  return delta < centroidMargin ? 'boundary' : 'centroid';
}
