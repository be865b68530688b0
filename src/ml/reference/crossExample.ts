/**
 * REFERENCE implementations of the CE-family losses: Sampled Softmax (SSM), Stochastic Negative
 * Mining (SNM), Cross-Example Softmax (CES) and Cross-Example Negative Mining (CENM); SPEC
 * (/work/shared/SPEC.md) "Losses (CE paper, Eq. 2, 3, 5, 6)" and "Batches", paper: Veit & Wilber,
 * cross-example-softmax.md, Eq. (1)–(6). `S` is the N×N SCALED similarity `s_ij = λ·c_ij` of query i
 * (row) and document j (column), row i's positive its diagonal; `y` the N labels; `mode` see
 * {@link negativeMask}. Where SPEC and the paper disagree SPEC wins: in class mode same-label
 * off-diagonal entries are no negatives (the paper's Eq. (1) takes them all).
 * Float64 with explicit loops: every `log(e^a + Σ e^s)` subtracts the maximum, and excluded entries
 * are skipped BY INDEX, never by adding −∞, so an all-excluded row gives the finite loss 0.
 */
import { assertMatrix, logSumExp, type Matrix } from './linalg';

/** Pair-batch mode, SPEC lines 18–19. */
export type PairMode = 'class' | 'instance';

/** Default mining fraction ρ for SNM and CENM (SPEC lines 24, 26, 28). */
export const DEFAULT_RHO = 0.5;

function checkInputs(S: Matrix, y: ArrayLike<number>): number {
  const n = S.length;
  assertMatrix('S', S, n, n);
  if (y.length !== n) throw new Error(`labels: expected ${n}, got ${y.length}`);
  return n;
}

/**
 * Negative mask for a pair batch, SPEC lines 19 and 22: `mask[i][j]` is true iff entry (i, j) is
 * a negative of row i, i.e. it belongs to `N_i`.
 * - class mode: `j ≠ i` and `y[i] ≠ y[j]`. Same-label off-diagonal entries are NEITHER positive
 *   nor negative (false here, and never positive either).
 * - instance mode: every `j ≠ i` (labels are ignored).
 * The diagonal is always false (it is the positive).
 */
export function negativeMask(y: ArrayLike<number>, mode: PairMode): boolean[][] {
  const n = y.length;
  const mask: boolean[][] = [];
  for (let i = 0; i < n; i++) {
    const row = new Array<boolean>(n);
    for (let j = 0; j < n; j++) {
      if (j === i) row[j] = false;
      else if (mode === 'instance') row[j] = true;
      else if (mode === 'class') row[j] = y[i] !== y[j];
      else throw new Error(`negativeMask: unknown mode ${String(mode)}`);
    }
    mask.push(row);
  }
  return mask;
}

/**
 * Number of mined negatives, SPEC lines 24 and 26: `k = ceil(ρ·n)` for a candidate set of size n.
 * ρ must lie in (0, 1]; n = 0 gives k = 0. Float64 noise is removed before the ceiling: when
 * `ρ·n` lies within 1e-9·max(1, n) of an integer it is taken as that integer (so e.g. ρ = 0.7,
 * n = 90 gives 63, not a ceiling of 62.99999999999999 that happens to be right by luck, and a
 * product a hair above an integer does not round up by one). Fast implementations must use this
 * same count.
 */
export function topKCount(rho: number, n: number): number {
  if (!(rho > 0 && rho <= 1)) throw new Error(`topKCount: rho must be in (0, 1], got ${rho}`);
  if (!Number.isInteger(n) || n < 0) throw new Error(`topKCount: bad set size ${n}`);
  if (n === 0) return 0;
  const v = rho * n;
  const r = Math.round(v);
  const k = Math.abs(v - r) <= 1e-9 * Math.max(1, n) ? r : Math.ceil(v);
  return Math.min(n, Math.max(1, k));
}

/**
 * Sorts flat indices (`i·N + j`) into the top-k order, value descending, ties by LOWER flat index
 * (within a row: lower column first). SPEC is silent on ties; this rule is fixed so the fast kernels
 * can follow it and their gradients can be compared. Returns a new array.
 */
function sortForTopK(S: Matrix, flat: number[]): number[] {
  const n = S.length;
  return flat.slice().sort((a, b) => {
    const va = S[Math.floor(a / n)][a % n];
    const vb = S[Math.floor(b / n)][b % n];
    if (va !== vb) return vb - va;
    return a - b;
  });
}

/** Flat indices `i·N + j` of `N_i` for every row (SPEC line 22), in increasing j. */
function rowNegatives(S: Matrix, y: ArrayLike<number>, mode: PairMode): number[][] {
  const n = checkInputs(S, y);
  const mask = negativeMask(y, mode);
  const out: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row: number[] = [];
    for (let j = 0; j < n; j++) if (mask[i][j]) row.push(i * n + j);
    out.push(row);
  }
  return out;
}

/**
 * Generic pair-softmax loss that all four CE-family losses reduce to (CE Eq. 2/3/5/6 skeleton):
 * `L = −(1/N) Σ_i [ s_ii − log(e^{s_ii} + Σ_{f ∈ negatives[i]} e^{S[f]}) ]`,
 * where `negatives[i]` lists FLAT indices `f = r·N + c` into S (any row, so shared sets work).
 * Each row's log term is one log-sum-exp over `[s_ii, ...negatives]` with the max subtracted.
 * Returns 0 for N = 0.
 */
export function pairSoftmaxLoss(S: Matrix, negatives: number[][]): number {
  const n = S.length;
  assertMatrix('S', S, n, n);
  if (negatives.length !== n) throw new Error(`negatives: expected ${n} rows, got ${negatives.length}`);
  if (n === 0) return 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const vals: number[] = [S[i][i]];
    for (const f of negatives[i]) {
      if (!Number.isInteger(f) || f < 0 || f >= n * n) throw new Error(`negatives: bad flat index ${f}`);
      vals.push(S[Math.floor(f / n)][f % n]);
    }
    total += -S[i][i] + logSumExp(vals);
  }
  return total / n;
}

/**
 * Per-row top-k selection for SNM (SPEC line 24, CE Eq. 3): for each row i the column indices j
 * of the `k_i = ceil(ρ·|N_i|)` largest entries of `N_i` (see {@link topKCount}), in selection
 * order (value descending, ties → lower index first). A row with no negatives selects nothing.
 */
export function rowTopK(S: Matrix, y: ArrayLike<number>, mode: PairMode, rho: number = DEFAULT_RHO): number[][] {
  const n = S.length;
  const rows = rowNegatives(S, y, mode);
  return rows.map((flat) => {
    const k = topKCount(rho, flat.length);
    return sortForTopK(S, flat).slice(0, k).map((f) => f % n);
  });
}

/**
 * Global top-k selection for CENM (SPEC line 26, CE Eq. 6): FLAT row-major indices `i·N + j` of
 * the `k = ceil(ρ·|N_B|)` largest entries of `N_B = ∪_i N_i` (each (i, j) entry counted once), in
 * selection order (value descending, ties → lower flat index first). May take all of one row's
 * negatives and none of another's.
 */
export function globalTopK(S: Matrix, y: ArrayLike<number>, mode: PairMode, rho: number = DEFAULT_RHO): number[] {
  const all = rowNegatives(S, y, mode).flat();
  const k = topKCount(rho, all.length);
  return sortForTopK(S, all).slice(0, k);
}

/**
 * Sampled softmax, SPEC line 23 (CE Eq. 2 with SPEC's class-mode `N_i`):
 * `L = −(1/N) Σ_i [ s_ii − log(e^{s_ii} + Σ_{s∈N_i} e^s) ]`.
 */
export function ssmLoss(S: Matrix, y: ArrayLike<number>, mode: PairMode): number {
  return pairSoftmaxLoss(S, rowNegatives(S, y, mode));
}

/**
 * Stochastic negative mining, SPEC line 24 (CE Eq. 3): SSM with `N_i` replaced by its top-k,
 * `k = ceil(ρ·|N_i|)`, default ρ = 0.5; selection per {@link rowTopK}.
 */
export function snmLoss(S: Matrix, y: ArrayLike<number>, mode: PairMode, rho: number = DEFAULT_RHO): number {
  const n = S.length;
  const sel = rowTopK(S, y, mode, rho);
  return pairSoftmaxLoss(S, sel.map((cols, i) => cols.map((j) => i * n + j)));
}

/**
 * Cross-Example Softmax, SPEC line 25 (CE Eq. 4–5): every row uses the same shared negative set
 * `N_B = ∪_i N_i`: `L = −(1/N) Σ_i [ s_ii − log(e^{s_ii} + Σ_{s∈N_B} e^s) ]`.
 */
export function cesLoss(S: Matrix, y: ArrayLike<number>, mode: PairMode): number {
  const all = rowNegatives(S, y, mode).flat();
  return pairSoftmaxLoss(S, S.map(() => all));
}

/**
 * Cross-Example Negative Mining, SPEC line 26 (CE Eq. 6): CES with `N_B` replaced by its global
 * top-k, `k = ceil(ρ·|N_B|)`, default ρ = 0.5; selection per {@link globalTopK}.
 */
export function cenmLoss(S: Matrix, y: ArrayLike<number>, mode: PairMode, rho: number = DEFAULT_RHO): number {
  const sel = globalTopK(S, y, mode, rho);
  return pairSoftmaxLoss(S, S.map(() => sel));
}
