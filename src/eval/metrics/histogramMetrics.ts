/**
 * The binned path's whole-metric entry points: every all-pairs metric of SPEC "Evaluation" (PR
 * curve, AP and its bracket, calibration range, per-class utility, OPIS, ε-OPIS, distance
 * histograms) FROM {@link PairHistograms}, each a generic core (prAuc.ts, calibration.ts, opis.ts)
 * over the histogram's counts (binnedCounts.ts), with the float64 reference's edge cases.
 * evaluate.ts builds its report from the cores itself (one histogramCounts serves every metric), so
 * several of these serve only the tests and the reference checks.
 * THE BINNING MODEL: each pair counts as if its cosine were its bin's LOWER edge `binLow(k)` (its
 * distance the bin's largest, `edgeDist[k] = sqrt(max(0, 2 − 2·binLow(k)))`), and the metric is the
 * reference's on those quantised pairs: a bin's pairs are tied, and a distance threshold d accepts
 * bin k iff `edgeDist[k] ≤ d` (so the calibration range lands on those edges). The error against
 * the exact value comes only from pairs moving inside their bin (cosine down by < 2/bins; distance
 * up by < sqrt(d² + 4/bins) − d, ≤ 4.9e-4/d at 4096 bins): {@link averagePrecisionBounds} brackets
 * AP, opisBounds.ts OPIS and ε-OPIS.
 */
import { DEFAULT_FAR_HI, DEFAULT_FAR_LO, sphereDistance } from '../pairs/countSource';
import { averagePrecisionFromGroups, prCurveFromGroups } from './prAuc';
import { calibrationRangeFrom, utilityCurvesFrom, type UtilityCurves } from './calibration';
import { epsOpisFrom, opisFrom, type EpsOpisOptions, type OpisOptions } from './opis';
import { globalCounts, histogramCounts } from '../pairs/binnedCounts';
import { binLow, type PairHistograms } from '../pairs/pairHistograms';

/** Global groups in DESCENDING cosine order (bin bins−1 first), as {@link prCurveFromGroups} wants. */
function descendingGroups(h: PairHistograms): { pos: Float64Array; neg: Float64Array } {
  const g = globalCounts(h);
  return { pos: g.pos.reverse(), neg: g.neg.reverse() };
}

/**
 * PR curve over the bins, descending cosine: one point per non-empty bin k, threshold = binLow(k)
 * (every pair of the bin enters together — the bin is one tie group). Binning error: the exact
 * curve's points inside one bin collapse to the bin's last point.
 */
export function prCurve(h: PairHistograms): { precision: number[]; recall: number[]; threshold: number[] } {
  const { pos, neg } = descendingGroups(h);
  return prCurveFromGroups(pos, neg, (i) => binLow(h.bins - 1 - i, h.bins));
}

/**
 * Average precision with each bin one operating point (= the reference AP of the quantised
 * pairs). Binning error: only pairs SHARING a bin can change it — the exact AP lies within
 * {@link averagePrecisionBounds}. No positives → NaN.
 */
export function averagePrecision(h: PairHistograms): number {
  const { pos, neg } = descendingGroups(h);
  return averagePrecisionFromGroups(pos, neg);
}

/**
 * The binned AP and a rigorous bracket [lo, hi] of the EXACT AP of the same pairs. Every positive
 * of bin k (p positives, q negatives; TP, FP accepted in the bins above) is first accepted at an
 * operating point inside the bin whose precision lies in
 * [(TP+1)/(TP+1+FP+q), (TP+p)/(TP+p+FP)] whatever the order and ties inside the bin, so
 * lo = Σ_k (p/P)·(TP+1)/(TP+1+FP+q) ≤ AP_exact ≤ hi = Σ_k (p/P)·(TP+p)/(TP+p+FP); the binned
 * value, (p/P)·(TP+p)/(TP+p+FP+q) per bin, lies in between too. Holds when the histogram was
 * filled from the same cosines as the exact AP (accumulateJs and exact.ts are bit-identical).
 */
export function averagePrecisionBounds(h: PairHistograms): { ap: number; lo: number; hi: number } {
  const { pos, neg } = descendingGroups(h);
  const ap = averagePrecisionFromGroups(pos, neg);
  let P = 0;
  for (let i = 0; i < pos.length; i++) P += pos[i];
  if (P === 0) return { ap, lo: NaN, hi: NaN };
  let tp = 0;
  let fp = 0;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < pos.length; i++) {
    const p = pos[i];
    const q = neg[i];
    if (p > 0) {
      lo += (p / P) * ((tp + 1) / (tp + 1 + fp + q));
      hi += (p / P) * ((tp + p) / (tp + p + fp));
    }
    tp += p;
    fp += q;
  }
  return { ap, lo, hi };
}

/**
 * Calibration range [d_min, d_max] at bin resolution: the distance edge `edgeDist[k]` of the bin k
 * in which the cumulative global FAR (bins accepted from the top) first reaches FAR_lo / FAR_hi —
 * the reference's `thresholdForFar` (smallest distance with FAR ≥ far) on the quantised pairs.
 * Binning error: the exact value lies in (edgeDist[k+1], edgeDist[k]] of the same bin, i.e. the
 * binned value is the upper end. No negatives → NaN; the range may be empty (dMin = dMax).
 */
export function calibrationRange(h: PairHistograms, farLo = DEFAULT_FAR_LO, farHi = DEFAULT_FAR_HI): { dMin: number; dMax: number } {
  return calibrationRangeFrom(histogramCounts(h), farLo, farHi);
}

/**
 * Per-class sensitivity, specificity and utility on the distance thresholds `grid`. A threshold
 * inside a bin is resolved to the bin's lower cosine edge: bin k is accepted iff edgeDist[k] ≤ d,
 * so the error at one threshold is at most the pairs of the single bin containing it.
 */
export function utilityCurves(h: PairHistograms, grid: number[]): UtilityCurves {
  return utilityCurvesFrom(histogramCounts(h), grid);
}

/**
 * OPIS on the binned calibration grid (thresholds resolved to bin edges as in
 * {@link utilityCurves}). Error vs the exact OPIS: at most opisErrorBound (opisBounds.ts).
 */
export function opis(h: PairHistograms, opts: OpisOptions = {}): number {
  return opisFrom(histogramCounts(h), opts);
}

/**
 * ε-OPIS on the binned grid. Binning error: at most epsOpisErrorBound (opisBounds.ts) when the
 * bound can tell the best and worst classes apart; it says when it cannot.
 */
export function epsOpis(h: PairHistograms, opts: EpsOpisOptions = {}): number {
  return epsOpisFrom(histogramCounts(h), opts);
}

/**
 * Positive- and negative-pair distance histograms over [0, 2] (reference `distanceHistograms`:
 * raw counts, edges (2k)/bins, d → floor(d/2 · bins) clamped), rebinned from the cosine bins: the
 * pairs of cosine bin k all go to the distance bin of edgeDist[k]. Totals are exact; a pair moves
 * up by less than one cosine bin in distance (≤ 0.031 near d = 0, ≤ 4.9e-4/d elsewhere, at 4096
 * bins), so at most into the next distance bin.
 */
export function distanceHistogram(h: PairHistograms, bins = 100): { edges: number[]; pos: number[]; neg: number[] } {
  if (!Number.isInteger(bins) || bins < 1) throw new Error(`distanceHistogram: bad bin count ${bins}`);
  const edges: number[] = [];
  for (let k = 0; k <= bins; k++) edges.push((2 * k) / bins);
  const pos = new Array<number>(bins).fill(0);
  const neg = new Array<number>(bins).fill(0);
  const g = globalCounts(h);
  for (let k = 0; k < h.bins; k++) {
    if (g.pos[k] === 0 && g.neg[k] === 0) continue;
    let j = Math.floor((sphereDistance(binLow(k, h.bins)) / 2) * bins);
    if (j < 0) j = 0;
    if (j > bins - 1) j = bins - 1;
    pos[j] += g.pos[k];
    neg[j] += g.neg[k];
  }
  return { edges, pos, neg };
}
