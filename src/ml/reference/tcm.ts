/**
 * REFERENCE implementation of the TCM regulariser. SPEC = /work/shared/SPEC.md, section "TCM
 * regulariser (TCM Eq. 5)", lines 45–48; paper: threshold-consistent-margin.txt, Eq. (5) and
 * Algorithm 2. Float64, explicit loops, no tfjs. Works on UNSCALED cosines.
 *
 * `L_TCM = λ⁺ · Σ_{S⁺}(m⁺ − c)[c ≤ m⁺] / Σ_{S⁺}[c ≤ m⁺] + λ⁻ · Σ_{S⁻}(c − m⁻)[c ≥ m⁻] / Σ_{S⁻}[c ≥ m⁻]`,
 * each term 0 when it has no hard pair (empty denominator). Both comparisons are INCLUSIVE as
 * written in SPEC: a pair exactly at the margin counts in the denominator and adds 0 above.
 * Which entries of C are pairs ("i ≠ j") is the `mode` option the caller must state ({@link TcmMode}).
 */
import { assertMatrix, type Matrix } from './linalg';

// The options and SPEC line 48's defaults are shared with the loss (../losses/tcmOptions.ts); the arithmetic is not.
export { TCM_DEFAULTS, type TcmMode, type TcmOptions } from '../losses/tcmOptions';
import { TCM_DEFAULTS, type TcmOptions } from '../losses/tcmOptions';

/** Result of {@link tcm}: SPEC line 47's two terms, their weighted sum and the hard-pair counts. */
export interface TcmResult {
  /** `L_TCM` = `lambdaPos·pos + lambdaNeg·neg`. */
  loss: number;
  /** Un-weighted positive term `Σ(m⁺ − c)[c ≤ m⁺] / Σ[c ≤ m⁺]` (0 without hard positives). */
  pos: number;
  /** Un-weighted negative term `Σ(c − m⁻)[c ≥ m⁻] / Σ[c ≥ m⁻]` (0 without hard negatives). */
  neg: number;
  /** Number of hard positive entries `Σ_{S⁺}[c ≤ m⁺]` (entries of C, so 'self' counts each pair twice). */
  hardPos: number;
  /** Number of hard negative entries `Σ_{S⁻}[c ≥ m⁻]` (entries of C). */
  hardNeg: number;
}

/**
 * TCM regulariser, SPEC lines 46–48 / TCM Eq. 5, on the unscaled cosine matrix C (rows vs cols)
 * with row labels `yRows` and column labels `yCols`; `M_ij = [yRows[i] = yCols[j]]`.
 * In 'self' mode C must be square and yRows must equal yCols element-wise.
 */
export function tcm(C: Matrix, yRows: ArrayLike<number>, yCols: ArrayLike<number>, opts: TcmOptions): TcmResult {
  const lp = opts.lambdaPos ?? TCM_DEFAULTS.lambdaPos;
  const ln = opts.lambdaNeg ?? TCM_DEFAULTS.lambdaNeg;
  const mp = opts.marginPos ?? TCM_DEFAULTS.marginPos;
  const mn = opts.marginNeg ?? TCM_DEFAULTS.marginNeg;
  assertMatrix('C', C, yRows.length, yCols.length);
  if (opts.mode === 'self') {
    if (yRows.length !== yCols.length) throw new Error(`tcm: 'self' needs a square C`);
    for (let i = 0; i < yRows.length; i++) {
      if (yRows[i] !== yCols[i]) throw new Error(`tcm: 'self' needs yRows = yCols (differ at ${i})`);
    }
  } else if (opts.mode !== 'cross') {
    throw new Error(`tcm: unknown mode ${String(opts.mode)}`);
  }
  let posSum = 0;
  let posCount = 0;
  let negSum = 0;
  let negCount = 0;
  for (let i = 0; i < yRows.length; i++) {
    for (let j = 0; j < yCols.length; j++) {
      if (opts.mode === 'self' && i === j) continue;
      const c = C[i][j];
      if (yRows[i] === yCols[j]) {
        if (c <= mp) {
          posSum += mp - c;
          posCount++;
        }
      } else if (c >= mn) {
        negSum += c - mn;
        negCount++;
      }
    }
  }
  const pos = posCount > 0 ? posSum / posCount : 0;
  const neg = negCount > 0 ? negSum / negCount : 0;
  return { loss: lp * pos + ln * neg, pos, neg, hardPos: posCount, hardNeg: negCount };
}

/** Scalar `L_TCM` of {@link tcm} (SPEC lines 46–48 / TCM Eq. 5). */
export function tcmLoss(C: Matrix, yRows: ArrayLike<number>, yCols: ArrayLike<number>, opts: TcmOptions): number {
  return tcm(C, yRows, yCols, opts).loss;
}
