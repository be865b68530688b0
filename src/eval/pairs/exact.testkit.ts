/**
 * The exact path's metrics one by one, for the tests that hold it to the reference (exact.test.ts)
 * and the binned path to it: the production code reads them together in evaluate.ts.
 */
import { DEFAULT_FAR_HI, DEFAULT_FAR_LO } from './countSource';
import type { ExactPairs } from './exact';
import { averagePrecisionFromGroups, prCurveFromGroups } from '../metrics/prAuc';
import { calibrationRangeFrom, utilityCurvesFrom, type UtilityCurves } from '../metrics/calibration';
import { epsOpisFrom, opisFrom, type EpsOpisOptions, type OpisOptions } from '../metrics/opis';

/** Exact PR curve: one point per tie group, descending (reference `precisionRecallCurve`). */
export function exactPrCurve(ex: ExactPairs): { precision: number[]; recall: number[]; threshold: number[] } {
  return prCurveFromGroups(ex.pos, ex.neg, (i) => ex.cos[i]);
}

/** Exact AP (scikit-learn step sum; a tie group is one operating point). */
export function exactAveragePrecision(ex: ExactPairs): number {
  return averagePrecisionFromGroups(ex.pos, ex.neg);
}

/** Exact calibration range (reference `calibrationRange`: smallest distance with FAR ≥ far). */
export function exactCalibrationRange(ex: ExactPairs, farLo = DEFAULT_FAR_LO, farHi = DEFAULT_FAR_HI): { dMin: number; dMax: number } {
  return calibrationRangeFrom(ex, farLo, farHi);
}

/** Exact per-class utility curves on the given distance thresholds. */
export function exactUtilityCurves(ex: ExactPairs, grid: number[]): UtilityCurves {
  return utilityCurvesFrom(ex, grid);
}

/** Exact OPIS (reference `opis`). */
export function exactOpis(ex: ExactPairs, opts: OpisOptions = {}): number {
  return opisFrom(ex, opts);
}

/** Exact ε-OPIS (reference `epsOpis`). */
export function exactEpsOpis(ex: ExactPairs, opts: EpsOpisOptions = {}): number {
  return epsOpisFrom(ex, opts);
}
