/**
 * The TCM regulariser's options and SPEC's defaults (line 48), shared by the loss (tcm.ts) and its
 * float64 reference (../reference/tcm.ts), which share nothing else.
 */

/**
 * How the rows and columns of the cosine matrix C relate, i.e. how SPEC's "i ≠ j" reads:
 * - 'self': C is one batch against itself (N×N). The diagonal is an item with itself and is
 *   excluded; every other ordered (i, j) is a pair, so each unordered pair counts twice in both
 *   numerator and denominator — the same value (and gradients) as the unordered-pair version.
 * - 'cross': C is R×K between two DIFFERENT item sets (e.g. a CE pair batch's queries and
 *   documents). Every entry is a distinct pair, the diagonal (query i, document i) a genuine
 *   positive; only pairs present in C are seen (no query–query ones). For instance-mode pair
 *   batches pass instance ids (e.g. 0..N−1) as labels so only the diagonal is positive.
 */
export type TcmMode = 'self' | 'cross';

/** Options of the TCM loss; the weights and margins default to SPEC's. */
export interface TcmOptions {
  mode: TcmMode;
  /** λ⁺, default 1. */
  lambdaPos?: number;
  /** λ⁻, default 1. */
  lambdaNeg?: number;
  /** m⁺, default 0.9. */
  marginPos?: number;
  /** m⁻, default 0.5. */
  marginNeg?: number;
}

/** SPEC's defaults. */
export const TCM_DEFAULTS = { lambdaPos: 1, lambdaNeg: 1, marginPos: 0.9, marginNeg: 0.5 } as const;
