/**
 * The TCM regulariser's options and SPEC's defaults (line 48), shared by the loss (tcm.ts) and its
 * float64 reference (../reference/tcm.ts), which share nothing else. How the rows and columns of
 * the cosine matrix relate: 'self' (the batch against itself, diagonal excluded) or 'cross' (two
 * item sets, every entry a pair).
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
