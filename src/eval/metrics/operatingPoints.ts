/**
 * Operating points: the distance threshold at which the global false-accept rate first reaches a
 * target FAR (SPEC "Calibration range": the ⌈FAR·|neg|⌉-th smallest negative distance), and what
 * that one threshold does to each class — its false-accept and false-reject rates. This is the
 * question a deployed system asks ("one threshold for everyone: who pays for it?"), and the per-class
 * spread is what OPIS summarises. Pure TypeScript on a {@link CountSource} (exact or binned).
 */
import { thresholdFromLevels } from './calibration';
import type { CountSource } from '../pairs/countSource';

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

/**
 * The target FARs every evaluation reports a point at: log-spaced 1-2-5 steps from 1e-4 to 0.5 —
 * from a strict verification setting to a loose one, with TCM's calibration range (1e-2 … 1e-1)
 * inside. Below 1e-4 a few thousand evaluation items have too few negative pairs to resolve it.
 */
export const DEFAULT_FARS: readonly number[] = [1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 1e-2, 2e-2, 5e-2, 0.1, 0.2, 0.5];

/**
 * The operating points of a report on a grid of target FARs, column-wise and in plain arrays (it is
 * posted to the page at every evaluation): entry i of each array belongs to `far[i]`, and
 * `classFar[i][t]` / `classFrr[i][t]` to class t at that FAR.
 */
export interface OperatingPoints {
  /** Target FARs, ascending, distinct. */
  far: number[];
  distance: number[];
  cosine: number[];
  globalFar: number[];
  tar: number[];
  classFar: number[][];
  classFrr: number[][];
  /** Per class: positive pairs (inside t) and negative pairs (one end in t) — the rates' denominators. */
  positives: number[];
  negatives: number[];
}

/** {@link DEFAULT_FARS} with `extra` targets merged in, ascending and distinct; throws on one outside [0, 1]. */
export function farGrid(extra: readonly number[] = []): number[] {
  for (const f of extra) if (!(f >= 0 && f <= 1)) throw new Error(`farGrid: far must be in [0, 1], got ${f}`);
  return [...new Set([...DEFAULT_FARS, ...extra])].sort((a, b) => a - b);
}

/** {@link operatingPoint} of `src` at each target of `fars`, gathered column-wise. */
export function operatingPoints(src: CountSource, fars: readonly number[]): OperatingPoints {
  const points = fars.map((f) => operatingPoint(src, f));
  return {
    far: points.map((p) => p.far),
    distance: points.map((p) => p.distance),
    cosine: points.map((p) => p.cosine),
    globalFar: points.map((p) => p.globalFar),
    tar: points.map((p) => p.tar),
    classFar: points.map((p) => p.perClass.map((c) => c.far)),
    classFrr: points.map((p) => p.perClass.map((c) => c.frr)),
    positives: Array.from(src.posTotal),
    negatives: Array.from(src.negTotal),
  };
}

/** Point i of `ops` as an {@link OperatingPoint}. */
export function pointAt(ops: OperatingPoints, i: number): OperatingPoint {
  return {
    far: ops.far[i],
    distance: ops.distance[i],
    cosine: ops.cosine[i],
    globalFar: ops.globalFar[i],
    tar: ops.tar[i],
    perClass: ops.classFar[i].map((far, t) => ({ far, frr: ops.classFrr[i][t] })),
  };
}

/** The point of `ops` at target `far` exactly (as requested in EvalOptions.fars), or null when not on its grid. */
export function pointAtFar(ops: OperatingPoints, far: number): OperatingPoint | null {
  const i = ops.far.indexOf(far);
  return i < 0 ? null : pointAt(ops, i);
}
