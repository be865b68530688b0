/**
 * SPEC "Evaluation"'s threshold consistency, the part before OPIS: the calibration range (the
 * distances where the global FAR reaches FAR_lo and FAR_hi), the grid of thresholds over it, and
 * per-class sensitivity, specificity and utility at a threshold — on any {@link CountSource}, with
 * the conventions of the float64 reference (reference/calibration.ts) for every edge case.
 */
import { DEFAULT_FAR_HI, DEFAULT_FAR_LO, DEFAULT_GRID, type CountSource } from '../pairs/countSource';

/**
 * The distance where the global FAR first reaches `far` (reference `thresholdForFar`): the
 * smallest level distance whose cumulative negative count c satisfies c / M ≥ far (M = all
 * negatives; the division, as the reference does it). Levels ascending by distance. No
 * negatives → NaN; far outside [0, 1] throws.
 */
export function thresholdFromLevels(negDist: ArrayLike<number>, negCount: ArrayLike<number>, far: number): number {
  if (!(far >= 0 && far <= 1)) throw new Error(`thresholdForFar: far must be in [0, 1], got ${far}`);
  let m = 0;
  for (let i = 0; i < negCount.length; i++) m += negCount[i];
  if (m === 0) return NaN;
  let cum = 0;
  let last = NaN;
  for (let i = 0; i < negCount.length; i++) {
    if (negCount[i] === 0) continue;
    cum += negCount[i];
    last = negDist[i];
    if (cum / m >= far) return negDist[i];
  }
  return last;
}

/**
 * G evenly spaced thresholds over [dMin, dMax] inclusive — the reference's `thresholdGrid`
 * (same arithmetic; dMax ≤ dMin → G copies of dMin; NaN bounds → NaNs; G integer ≥ 2).
 */
export function thresholdGrid(dMin: number, dMax: number, G = DEFAULT_GRID): number[] {
  if (!Number.isInteger(G) || G < 2) throw new Error(`thresholdGrid: G must be an integer ≥ 2, got ${G}`);
  const grid = new Array<number>(G);
  if (Number.isNaN(dMin) || Number.isNaN(dMax)) return grid.fill(NaN);
  if (!(dMax > dMin)) return grid.fill(dMin);
  for (let g = 0; g < G; g++) grid[g] = dMin + ((dMax - dMin) * g) / (G - 1);
  grid[G - 1] = dMax;
  return grid;
}

/** U = 2φψ/(φ+ψ), 0 when both are 0 (SPEC per-class utility). */
export function utilityOf(specificity: number, sensitivity: number): number {
  const s = specificity + sensitivity;
  return s === 0 ? 0 : (2 * specificity * sensitivity) / s;
}

/** Utility from counts, reference conventions: ψ = 0 without positives, φ = 1 without negatives. */
export function utilityFromCounts(acceptedPos: number, pos: number, rejectedNeg: number, neg: number): number {
  const sensitivity = pos > 0 ? acceptedPos / pos : 0;
  const specificity = neg > 0 ? rejectedNeg / neg : 1;
  return utilityOf(specificity, sensitivity);
}

/** ψ_t, φ_t and U_t of every class at each threshold of `grid` (rows per class, columns per threshold). */
export interface UtilityCurves {
  grid: number[];
  /** Every class 0 … numClasses − 1 (rows below); absent / one-item classes follow the conventions. */
  sensitivity: number[][];
  specificity: number[][];
  utility: number[][];
}

/** ψ_t, φ_t and U_t of every class on the given distance thresholds (accept when d_ab ≤ d). */
export function utilityCurvesFrom(src: CountSource, grid: number[]): UtilityCurves {
  const C = src.numClasses;
  const out: UtilityCurves = {
    grid: grid.slice(),
    sensitivity: Array.from({ length: C }, () => new Array<number>(grid.length)),
    specificity: Array.from({ length: C }, () => new Array<number>(grid.length)),
    utility: Array.from({ length: C }, () => new Array<number>(grid.length)),
  };
  const accPos = new Float64Array(C);
  const accNeg = new Float64Array(C);
  grid.forEach((d, g) => {
    src.accepted(d, accPos, accNeg);
    for (let t = 0; t < C; t++) {
      const P = src.posTotal[t];
      const N = src.negTotal[t];
      const psi = P > 0 ? accPos[t] / P : 0;
      const phi = N > 0 ? (N - accNeg[t]) / N : 1;
      out.sensitivity[t][g] = psi;
      out.specificity[t][g] = phi;
      out.utility[t][g] = utilityOf(phi, psi);
    }
  });
  return out;
}

/** Calibration range of a count source (reference `calibrationRange`). */
export function calibrationRangeFrom(src: CountSource, farLo = DEFAULT_FAR_LO, farHi = DEFAULT_FAR_HI): { dMin: number; dMax: number } {
  return { dMin: thresholdFromLevels(src.negDist, src.negCount, farLo), dMax: thresholdFromLevels(src.negDist, src.negCount, farHi) };
}

/** The calibration grid's settings (OpisOptions in opis.ts is this; defined here so that opis.ts depends on this file, not the reverse). */
export interface CalibrationGridOptions {
  farLo?: number;
  farHi?: number;
  /** Number of grid thresholds G (default 101). */
  grid?: number;
}

/** The OPIS grid of a count source (reference `calibrationGrid`). */
export function calibrationGridFrom(src: CountSource, opts: CalibrationGridOptions = {}): number[] {
  const { dMin, dMax } = calibrationRangeFrom(src, opts.farLo ?? DEFAULT_FAR_LO, opts.farHi ?? DEFAULT_FAR_HI);
  return thresholdGrid(dMin, dMax, opts.grid ?? DEFAULT_GRID);
}
