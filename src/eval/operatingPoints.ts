/**
 * Operating points: the distance threshold at which the global false-accept rate first reaches a
 * target FAR (SPEC "Calibration range": the ⌈FAR·|neg|⌉-th smallest negative distance), and what
 * that one threshold does to each class — its false-accept and false-reject rates. This is the
 * question a deployed system asks ("one threshold for everyone: who pays for it?"), and the per-class
 * spread is what OPIS summarises. Pure TypeScript on a {@link CountSource} (exact or binned).
 */
import { thresholdFromLevels, type CountSource } from './metrics';

/** What a single distance threshold does, globally and per class. */
export interface OperatingPoint {
  /** The target false-accept rate. */
  far: number;
  /** The distance threshold (accept a pair when its distance ≤ this); NaN without negatives. */
  distance: number;
  /** The same threshold as a cosine, 1 − d²/2. */
  cosine: number;
  /** The global FAR actually reached at that threshold (≥ `far`: FAR is a step function). */
  globalFar: number;
  /** Accepted fraction of all positive pairs (true-accept rate); FRR = 1 − tar. */
  tar: number;
  /** Per class t: FAR_t = accepted fraction of t's negatives, FRR_t = rejected fraction of t's positives (NaN with none). */
  perClass: { far: number; frr: number }[];
}

/**
 * The operating point of `src` at target `far` ∈ [0, 1]. Class negatives are pairs with exactly one
 * end in the class (SPEC per-class utility), so Σ_t negatives = 2 × the global ones and the global
 * FAR is Σ accepted / Σ total over the classes.
 */
export function operatingPoint(src: CountSource, far: number): OperatingPoint {
  const distance = thresholdFromLevels(src.negDist, src.negCount, far);
  const C = src.numClasses;
  const accPos = new Float64Array(C);
  const accNeg = new Float64Array(C);
  if (Number.isFinite(distance)) src.accepted(distance, accPos, accNeg);
  let aP = 0, tP = 0, aN = 0, tN = 0;
  const perClass: OperatingPoint['perClass'] = [];
  for (let t = 0; t < C; t++) {
    aP += accPos[t];
    tP += src.posTotal[t];
    aN += accNeg[t];
    tN += src.negTotal[t];
    perClass.push({
      far: src.negTotal[t] > 0 ? accNeg[t] / src.negTotal[t] : NaN,
      frr: src.posTotal[t] > 0 ? 1 - accPos[t] / src.posTotal[t] : NaN,
    });
  }
  return {
    far,
    distance,
    cosine: 1 - (distance * distance) / 2,
    globalFar: tN > 0 ? aN / tN : NaN,
    tar: tP > 0 ? aP / tP : NaN,
    perClass,
  };
}
