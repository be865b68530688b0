/**
 * What the threshold metrics read from a set of pairs (SPEC "Evaluation"): a {@link CountSource}
 * gives, per class, the positive and negative pairs accepted at any distance threshold, and the
 * global negatives grouped by distance. The generic metric cores (calibration.ts, opis.ts; AP
 * works on score groups, prAuc.ts) take any count source, so the binned path (a histogram,
 * binnedCounts.ts) and the exact sort-based path (exact.ts, one level per distinct value) share
 * them. Also here: the defaults of the calibration range, grid and ε, and the sphere distance.
 */

/** FAR_lo of the calibration range by default (SPEC: 1e-2). */
export const DEFAULT_FAR_LO = 1e-2;
/** FAR_hi of the calibration range by default (SPEC: 1e-1). */
export const DEFAULT_FAR_HI = 1e-1;
/** Number of thresholds G of the OPIS grid by default. */
export const DEFAULT_GRID = 101;
/** ε of ε-OPIS by default. */
export const DEFAULT_EPS = 0.1;

/** Sphere distance of a cosine, SPEC "Notation": sqrt(max(0, 2 − 2c)) (same arithmetic as the reference). */
export const sphereDistance = (c: number): number => Math.sqrt(Math.max(0, 2 - 2 * c));

/**
 * Per-class pair counts at any distance threshold — what the threshold metrics need. Class t's
 * positives are pairs inside t, its negatives pairs with exactly one end in t (SPEC per-class
 * utility), so Σ_t negTotal = 2 × the global negatives.
 */
export interface CountSource {
  numClasses: number;
  posTotal: Float64Array;
  negTotal: Float64Array;
  /** Writes, per class, the positives and negatives with distance ≤ d into accPos / accNeg. */
  accepted(d: number, accPos: Float64Array, accNeg: Float64Array): void;
  /**
   * The global negative pairs grouped by distance, ASCENDING (levels may be empty): negDist[i]
   * and negCount[i]. For thresholdFromLevels (calibration.ts).
   */
  negDist: Float64Array;
  negCount: Float64Array;
}
