/**
 * REFERENCE implementations of the margin baselines: ArcFace, CosFace, Contrastive and batch-hard
 * Triplet. SPEC = /work/shared/SPEC.md, section "Margin losses (baselines and TCM base losses)",
 * lines 39–43. Float64, explicit loops, no tfjs.
 *
 * Class weights W are stored M×d, ROW m = w_m (same orientation as softmaxHead.ts). Embeddings
 * and weights are l2-normalised with SPEC line 11's rule; distances are SPEC line 12's sphere
 * distance `d = sqrt(max(0, 2 − 2c))`.
 */
import {
  assertMatrix,
  cosineMatrix,
  crossEntropy,
  sphereDistanceMatrix,
  type Matrix,
} from './linalg';

/** ArcFace defaults, SPEC line 40: s = 16 (not face recognition's 64), m = 0.3 rad. */
export const ARCFACE_DEFAULTS = { s: 16, m: 0.3 } as const;
/**
 * CosFace defaults. SPEC line 41 gives only the formula: m = 0.35 is the CosFace paper's usual
 * value; s = 16 is our choice, the same small-model scale SPEC line 40 picks for ArcFace.
 */
export const COSFACE_DEFAULTS = { s: 16, m: 0.35 } as const;
/** Contrastive margin on sphere distance. SPEC line 42 leaves it open; 1.0 is our choice (d ∈ [0, 2]; d = 1 ⇔ c = 0.5). */
export const CONTRASTIVE_DEFAULT_MARGIN = 1.0;
/** Batch-hard triplet margin, SPEC line 43. */
export const TRIPLET_DEFAULT_MARGIN = 0.2;

/** Scale and margin of {@link arcFaceLoss} / {@link cosFaceLoss} (SPEC lines 40–41). */
export interface MarginOptions {
  /** Logit scale s. */
  s?: number;
  /** Margin m (radians for ArcFace, cosine units for CosFace). */
  m?: number;
}

/** Result of {@link arcFaceLoss} / {@link cosFaceLoss}: mean cross-entropy, per-sample losses, logits. */
export interface MarginResult {
  /** Mean softmax cross-entropy over the batch. 0 for N = 0. */
  loss: number;
  /** Per-sample cross-entropies. */
  losses: number[];
  /** Margin-adjusted logits, N×M. */
  logits: Matrix;
}

function marginSoftmax(
  F: Matrix,
  y: ArrayLike<number>,
  W: Matrix,
  targetLogit: (c: number) => number,
  s: number,
): MarginResult {
  if (y.length !== F.length) throw new Error(`margin loss: ${F.length} rows but ${y.length} labels`);
  if (F.length > 0 && W.length > 0) assertMatrix('W', W, W.length, F[0].length);
  const C = cosineMatrix(F, W); // C[i][m] = cos θ_m for sample i
  const logits: Matrix = [];
  const losses: number[] = [];
  for (let i = 0; i < C.length; i++) {
    const yi = y[i];
    if (!Number.isInteger(yi) || yi < 0 || yi >= W.length) throw new Error(`margin loss: bad label ${yi}`);
    const z = C[i].map((c, m) => (m === yi ? targetLogit(c) : s * c));
    logits.push(z);
    losses.push(crossEntropy(z, yi));
  }
  let sum = 0;
  for (const l of losses) sum += l;
  return { loss: losses.length > 0 ? sum / losses.length : 0, losses, logits };
}

/**
 * `cos(θ + m)` from `c = cos θ`, θ ∈ [0, π], as `c·cos m − sin θ·sin m` with
 * `sin θ = sqrt(max(0, 1 − c²))` (the clamp absorbs |c| a few ulp above 1). No "easy margin" or
 * `θ + m > π` fallback (as some ArcFace code adds): SPEC line 40 says `cos(θ_y + m)`, period.
 */
export function cosPlusMargin(c: number, m: number): number {
  const sin = Math.sqrt(Math.max(0, 1 - c * c));
  return c * Math.cos(m) - sin * Math.sin(m);
}

/**
 * ArcFace, SPEC line 40: `z_y = s·cos(θ_y + m)` ({@link cosPlusMargin}), `z_{m≠y} = s·cos θ_m`,
 * cos θ_m = ⟨f̂, ŵ_m⟩; loss = mean softmax cross-entropy over the batch. Defaults
 * {@link ARCFACE_DEFAULTS} (s = 16, m = 0.3).
 */
export function arcFaceLoss(F: Matrix, y: ArrayLike<number>, W: Matrix, opts: MarginOptions = {}): MarginResult {
  const s = opts.s ?? ARCFACE_DEFAULTS.s;
  const m = opts.m ?? ARCFACE_DEFAULTS.m;
  return marginSoftmax(F, y, W, (c) => s * cosPlusMargin(c, m), s);
}

/**
 * CosFace, SPEC line 41: `z_y = s·(cos θ_y − m)`, `z_{m≠y} = s·cos θ_m`; mean softmax
 * cross-entropy. Defaults {@link COSFACE_DEFAULTS} (s = 16, m = 0.35).
 */
export function cosFaceLoss(F: Matrix, y: ArrayLike<number>, W: Matrix, opts: MarginOptions = {}): MarginResult {
  const s = opts.s ?? COSFACE_DEFAULTS.s;
  const m = opts.m ?? COSFACE_DEFAULTS.m;
  return marginSoftmax(F, y, W, (c) => s * (c - m), s);
}

function checkSquare(D: Matrix, y: ArrayLike<number>): number {
  const n = D.length;
  assertMatrix('D', D, n, n);
  if (y.length !== n) throw new Error(`labels: expected ${n}, got ${y.length}`);
  return n;
}

/**
 * Contrastive loss on a precomputed N×N sphere-distance matrix D (SPEC line 42): over all
 * unordered pairs i < j, positive pairs (y_i = y_j) cost `d²`, negative pairs
 * `max(0, margin − d)²`; the result is the MEAN over all N(N−1)/2 pairs (0 when N < 2).
 * Only the upper triangle of D is read.
 */
export function contrastiveLossFromDistances(
  D: Matrix,
  y: ArrayLike<number>,
  margin: number = CONTRASTIVE_DEFAULT_MARGIN,
): number {
  const n = checkSquare(D, y);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = D[i][j];
      sum += y[i] === y[j] ? d * d : Math.max(0, margin - d) ** 2;
      count++;
    }
  }
  return count > 0 ? sum / count : 0;
}

/**
 * Contrastive loss on embeddings F (N×d): l2-normalise, sphere distances (SPEC lines 11–12), then
 * {@link contrastiveLossFromDistances}. Default margin {@link CONTRASTIVE_DEFAULT_MARGIN} = 1.0.
 */
export function contrastiveLoss(F: Matrix, y: ArrayLike<number>, margin: number = CONTRASTIVE_DEFAULT_MARGIN): number {
  return contrastiveLossFromDistances(sphereDistanceMatrix(cosineMatrix(F, F)), y, margin);
}

/**
 * Batch-hard triplet loss on a precomputed N×N sphere-distance matrix (SPEC line 43): for every
 * anchor a that has ≥ 1 positive (another item p ≠ a with y_p = y_a) and ≥ 1 negative
 * (y_n ≠ y_a), `max(0, max_p d_ap − min_n d_an + margin)`; the MEAN over such valid anchors,
 * 0 when there is none. Anchors without a positive or a negative are skipped (not counted).
 */
export function tripletBatchHardFromDistances(
  D: Matrix,
  y: ArrayLike<number>,
  margin: number = TRIPLET_DEFAULT_MARGIN,
): number {
  const n = checkSquare(D, y);
  let sum = 0;
  let valid = 0;
  for (let a = 0; a < n; a++) {
    let hardPos = -Infinity;
    let hardNeg = Infinity;
    let hasPos = false;
    let hasNeg = false;
    for (let j = 0; j < n; j++) {
      if (j === a) continue;
      if (y[j] === y[a]) {
        hasPos = true;
        if (D[a][j] > hardPos) hardPos = D[a][j];
      } else {
        hasNeg = true;
        if (D[a][j] < hardNeg) hardNeg = D[a][j];
      }
    }
    if (!hasPos || !hasNeg) continue;
    sum += Math.max(0, hardPos - hardNeg + margin);
    valid++;
  }
  return valid > 0 ? sum / valid : 0;
}

/**
 * Batch-hard triplet loss on embeddings F (N×d): l2-normalise, sphere distances (SPEC lines
 * 11–12), then {@link tripletBatchHardFromDistances}. Default margin 0.2 (SPEC line 43).
 */
export function tripletBatchHardLoss(F: Matrix, y: ArrayLike<number>, margin: number = TRIPLET_DEFAULT_MARGIN): number {
  return tripletBatchHardFromDistances(sphereDistanceMatrix(cosineMatrix(F, F)), y, margin);
}
