/**
 * Plain float64 linear-algebra helpers for the reference losses.
 *
 * These are the REFERENCE implementations: slow, explicit loops, JavaScript `number` (float64)
 * only, no tfjs. They follow /work/shared/SPEC.md ("SPEC"), section "Notation" (lines 10–14).
 *
 * Matrices are `number[][]` in row-major form: `X[i]` is row i. Nothing here mutates its inputs.
 */

/** A dense row-major float64 matrix: `X[i][j]` is row i, column j. */
export type Matrix = number[][];

/**
 * The ε that SPEC line 11 puts UNDER the square root of every l2 normalisation:
 * `x̂ = x / sqrt(‖x‖² + ε)`, ε = 1e-12.
 */
export const L2_EPS = 1e-12;

/** Inner product `⟨a, b⟩ = Σ_k a_k b_k` (SPEC line 12's ⟨·,·⟩; lengths must match). */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`dot: length mismatch ${a.length} vs ${b.length}`);
  let s = 0;
  for (let k = 0; k < a.length; k++) s += a[k] * b[k];
  return s;
}

/**
 * l2 normalisation of one vector, SPEC line 11: `x̂ = x / sqrt(‖x‖² + 1e-12)`.
 * The ε sits under the root (not added to the norm), so the zero vector maps to the zero vector
 * and every other vector gets norm `‖x‖/sqrt(‖x‖²+1e-12)`, i.e. 1 up to ~1e-12/‖x‖².
 */
export function l2Normalize(x: ArrayLike<number>): number[] {
  let sq = 0;
  for (let k = 0; k < x.length; k++) sq += x[k] * x[k];
  const inv = 1 / Math.sqrt(sq + L2_EPS);
  const out = new Array<number>(x.length);
  for (let k = 0; k < x.length; k++) out[k] = x[k] * inv;
  return out;
}

/** Row-wise l2 normalisation (SPEC line 11) of every row of `X`. */
export function l2NormalizeRows(X: Matrix): Matrix {
  const out: Matrix = [];
  for (let i = 0; i < X.length; i++) out.push(l2Normalize(X[i]));
  return out;
}

/**
 * Cosine matrix between two row sets, SPEC line 12: `C[i][j] = c_ij = ⟨â_i, b̂_j⟩`, with both
 * row sets l2-normalised per SPEC line 11 first. `A` is N×d, `B` is M×d, the result is N×M.
 * For a batch against itself pass the same matrix twice.
 * No clamping to [-1, 1]: rounding may leave |c| a few ulp above 1; consumers that need
 * `1 − c²` or `2 − 2c` clamp at 0 themselves, as SPEC line 12 does for the distance.
 */
export function cosineMatrix(A: Matrix, B: Matrix): Matrix {
  const Ah = l2NormalizeRows(A);
  const Bh = l2NormalizeRows(B);
  const C: Matrix = [];
  for (let i = 0; i < Ah.length; i++) {
    const row = new Array<number>(Bh.length);
    for (let j = 0; j < Bh.length; j++) row[j] = dot(Ah[i], Bh[j]);
    C.push(row);
  }
  return C;
}

/** Sphere (L2-on-the-unit-sphere) distance from a cosine, SPEC line 12: `d = sqrt(max(0, 2 − 2c))`. */
export function sphereDistance(c: number): number {
  return Math.sqrt(Math.max(0, 2 - 2 * c));
}

/** Element-wise {@link sphereDistance} of a cosine matrix (SPEC line 12). */
export function sphereDistanceMatrix(C: Matrix): Matrix {
  return C.map((row) => row.map(sphereDistance));
}

/**
 * `log Σ_k e^{v_k}` computed with the maximum subtracted, as SPEC line 27 demands:
 * `m + log Σ_k e^{v_k − m}`, `m = max_k v_k`. Returns −Infinity for an empty list (the
 * callers in this folder never pass one: their lists always contain the positive logit).
 */
export function logSumExp(values: ArrayLike<number>): number {
  if (values.length === 0) return -Infinity;
  let m = -Infinity;
  for (let k = 0; k < values.length; k++) if (values[k] > m) m = values[k];
  let s = 0;
  for (let k = 0; k < values.length; k++) s += Math.exp(values[k] - m);
  return m + Math.log(s);
}

/**
 * Softmax cross-entropy of one logit row against the integer target `y`:
 * `ℓ = −z_y + log Σ_m e^{z_m}` (HU Eq. 2 with a one-hot q), via {@link logSumExp}.
 */
export function crossEntropy(z: ArrayLike<number>, y: number): number {
  if (!Number.isInteger(y) || y < 0 || y >= z.length) {
    throw new Error(`crossEntropy: label ${y} out of range for ${z.length} logits`);
  }
  return -z[y] + logSumExp(z);
}

/** Softmax probabilities of one logit row, `p_m = e^{z_m − max z} / Σ_j e^{z_j − max z}` (HU Eq. 1). */
export function softmax(z: ArrayLike<number>): number[] {
  let mx = -Infinity;
  for (let m = 0; m < z.length; m++) if (z[m] > mx) mx = z[m];
  const p = new Array<number>(z.length);
  let s = 0;
  for (let m = 0; m < z.length; m++) {
    p[m] = Math.exp(z[m] - mx);
    s += p[m];
  }
  for (let m = 0; m < z.length; m++) p[m] /= s;
  return p;
}

/** Throws unless `X` is a rectangular matrix with `cols` columns (when given). */
export function assertMatrix(name: string, X: Matrix, rows?: number, cols?: number): void {
  if (rows !== undefined && X.length !== rows) {
    throw new Error(`${name}: expected ${rows} rows, got ${X.length}`);
  }
  const c = cols ?? (X.length > 0 ? X[0].length : 0);
  for (let i = 0; i < X.length; i++) {
    if (X[i].length !== c) throw new Error(`${name}: row ${i} has ${X[i].length} columns, expected ${c}`);
  }
}
