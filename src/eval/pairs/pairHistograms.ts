/**
 * The data model of the all-pairs evaluation (SPEC "Evaluation"): histograms of the cosine of
 * every unordered pair (a, b), a < b, of the evaluation set, per class. Every metric of the
 * evaluation view (PR curve and AP, calibration range, per-class utility, OPIS, ε-OPIS, distance
 * histograms) is computed from these, so the N×N matrix is never materialised. All producers —
 * plain JS, tfjs tiles, the WGSL kernel, the exact path — fill this same structure.
 */

/** Number of cosine bins by default (SPEC: ≥ 4096 over [−1, 1]). */
export const DEFAULT_BINS = 4096;

export interface PairHistograms {
  /** Cosine bins over [−1, 1]; see {@link cosineBin}. */
  bins: number;
  /** Labels are 0 … numClasses − 1. */
  numClasses: number;
  /** pos[t·bins + k]: pairs inside class t (a positive pair of t) whose cosine falls in bin k. */
  pos: Float64Array;
  /**
   * neg[t·bins + k]: pairs with exactly one end in class t whose cosine falls in bin k. Each
   * negative pair is counted once for each of its two classes, so Σ_t neg[t] = 2 × the global
   * negatives (SPEC per-class utility: "its negative pairs are those with exactly one end in t").
   */
  neg: Float64Array;
  /** Items of each class in the evaluated set. */
  classCount: Float64Array;
}

/** The bin of cosine c: ⌊(c + 1)/2 · bins⌋, clamped to [0, bins − 1] (c = 1 goes to the last bin). */
export function cosineBin(c: number, bins: number): number {
  const k = Math.floor(((c + 1) / 2) * bins);
  return k < 0 ? 0 : k >= bins ? bins - 1 : k;
}

/** Lower cosine edge of bin k. */
export const binLow = (k: number, bins: number): number => (2 * k) / bins - 1;

/** Empty histograms. */
export function emptyHistograms(numClasses: number, bins = DEFAULT_BINS): PairHistograms {
  return {
    bins,
    numClasses,
    pos: new Float64Array(numClasses * bins),
    neg: new Float64Array(numClasses * bins),
    classCount: new Float64Array(numClasses),
  };
}
