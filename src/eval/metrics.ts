/**
 * Every all-pairs metric of SPEC "Evaluation" computed FROM {@link PairHistograms} (binned), with
 * the conventions of the float64 reference in ./reference/ (pairs.ts, calibration.ts) for every
 * edge case.
 *
 * THE BINNING MODEL (one statement covers every metric here): each pair is treated as if its
 * cosine were the LOWER edge of its bin, `binLow(k)` — equivalently its distance were the bin's
 * LARGEST distance `edgeDist[k] = sqrt(max(0, 2 − 2·binLow(k)))` — and the metric is then computed
 * exactly as the reference computes it on those quantised pairs. So:
 * - all pairs of one bin are tied (one operating point of the PR curve / AP);
 * - a distance threshold d accepts bin k iff `edgeDist[k] ≤ d`, i.e. a threshold inside a bin is
 *   resolved to the bin's lower cosine edge (the bin counts as accepted only once its farthest
 *   pair would be);
 * - the calibration range lands on those edges (the distance edge of the bin where the FAR is
 *   reached).
 * The tests check each metric against the reference run on quantised pairs to ~1e-12, and
 * against the exact reference within the bounds below. Error versus the exact value comes only
 * from pairs moving inside their own bin: a pair's cosine moves down by less than 2/bins (its
 * distance up by less than sqrt(d² + 4/bins) − d, ≤ 4.9e-4/d at 4096 bins, ≤ 0.031 at d ≈ 0).
 * Rigorous brackets: {@link averagePrecisionBounds} (AP) here, and OPIS's and ε-OPIS's in opisBounds.ts.
 *
 * The generic cores ({@link averagePrecisionFromGroups}, {@link thresholdFromLevels},
 * {@link utilityCurvesFrom}, {@link opisFrom}, {@link epsOpisFrom}) take any {@link CountSource},
 * so the exact sort-based path (exact.ts) reuses them with one level per distinct value.
 */
import { binLow, type PairHistograms } from './pairHistograms';

export const DEFAULT_FAR_LO = 1e-2;
export const DEFAULT_FAR_HI = 1e-1;
export const DEFAULT_GRID = 101;
export const DEFAULT_EPS = 0.1;

/** Sphere distance of a cosine, SPEC "Notation": sqrt(max(0, 2 − 2c)) (same arithmetic as the reference). */
export const sphereDistance = (c: number): number => Math.sqrt(Math.max(0, 2 - 2 * c));

// ---------------------------------------------------------------------------------------------
// Generic cores.

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
   * and negCount[i]. For {@link thresholdFromLevels}.
   */
  negDist: Float64Array;
  negCount: Float64Array;
}

/**
 * PR curve from score groups in DESCENDING score order (pos[i], neg[i] = positives / negatives
 * of group i; empty groups are skipped): one point per non-empty group, as the reference's
 * `precisionRecallCurve` (no appended end point; recall NaN without positives).
 */
export function prCurveFromGroups(
  pos: ArrayLike<number>,
  neg: ArrayLike<number>,
  score: (i: number) => number,
): { precision: number[]; recall: number[]; threshold: number[] } {
  let totalPos = 0;
  for (let i = 0; i < pos.length; i++) totalPos += pos[i];
  const precision: number[] = [];
  const recall: number[] = [];
  const threshold: number[] = [];
  let tp = 0;
  let fp = 0;
  for (let i = 0; i < pos.length; i++) {
    if (pos[i] === 0 && neg[i] === 0) continue;
    tp += pos[i];
    fp += neg[i];
    precision.push(tp / (tp + fp));
    recall.push(tp / totalPos);
    threshold.push(score(i));
  }
  return { precision, recall, threshold };
}

/**
 * AP = Σ_n (R_n − R_{n−1}) P_n over groups in descending score order, each group one operating
 * point (scikit-learn's step sum; the reference's arithmetic). No positives → NaN (reference).
 */
export function averagePrecisionFromGroups(pos: ArrayLike<number>, neg: ArrayLike<number>): number {
  let totalPos = 0;
  for (let i = 0; i < pos.length; i++) totalPos += pos[i];
  if (totalPos === 0) return NaN;
  let tp = 0;
  let fp = 0;
  let ap = 0;
  let prevR = 0;
  for (let i = 0; i < pos.length; i++) {
    if (pos[i] === 0 && neg[i] === 0) continue;
    tp += pos[i];
    fp += neg[i];
    const r = tp / totalPos;
    ap += (r - prevR) * (tp / (tp + fp));
    prevR = r;
  }
  return ap;
}

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

/** The classes OPIS averages over (reference `opisClasses`): those with ≥ 1 positive pair, ascending. */
export function opisClassesFrom(src: CountSource): number[] {
  const out: number[] = [];
  for (let t = 0; t < src.numClasses; t++) if (src.posTotal[t] > 0) out.push(t);
  return out;
}

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

export interface OpisOptions {
  farLo?: number;
  farHi?: number;
  /** Number of grid thresholds G (default 101). */
  grid?: number;
}
export interface EpsOpisOptions extends OpisOptions {
  eps?: number;
}

/** Calibration range of a count source (reference `calibrationRange`). */
export function calibrationRangeFrom(src: CountSource, farLo = DEFAULT_FAR_LO, farHi = DEFAULT_FAR_HI): { dMin: number; dMax: number } {
  return { dMin: thresholdFromLevels(src.negDist, src.negCount, farLo), dMax: thresholdFromLevels(src.negDist, src.negCount, farHi) };
}

/** The OPIS grid of a count source (reference `calibrationGrid`). */
export function calibrationGridFrom(src: CountSource, opts: OpisOptions = {}): number[] {
  const { dMin, dMax } = calibrationRangeFrom(src, opts.farLo ?? DEFAULT_FAR_LO, opts.farHi ?? DEFAULT_FAR_HI);
  return thresholdGrid(dMin, dMax, opts.grid ?? DEFAULT_GRID);
}

/**
 * OPIS = mean over the grid of the population variance of U_t over the classes with a positive
 * pair (reference `opis`; same order of operations). No such class or no negatives → NaN.
 */
export function opisFrom(src: CountSource, opts: OpisOptions = {}): number {
  const classes = opisClassesFrom(src);
  const grid = calibrationGridFrom(src, opts);
  const T = classes.length;
  if (T === 0 || Number.isNaN(grid[0])) return NaN;
  const accPos = new Float64Array(src.numClasses);
  const accNeg = new Float64Array(src.numClasses);
  let total = 0;
  for (const d of grid) {
    src.accepted(d, accPos, accNeg);
    const U = classes.map((t) => utilityFromCounts(accPos[t], src.posTotal[t], src.negTotal[t] - accNeg[t], src.negTotal[t]));
    let mean = 0;
    for (const u of U) mean += u;
    mean /= T;
    let v = 0;
    for (const u of U) v += (u - mean) * (u - mean);
    total += v / T;
  }
  return total / grid.length;
}

/** Group size of ε-OPIS (reference `epsGroupSize`): max(1, round-half-up(ε·T)) capped at T. */
export function epsGroupSize(eps: number, T: number): number {
  if (!(eps > 0 && eps <= 1)) throw new Error(`epsGroupSize: eps must be in (0, 1], got ${eps}`);
  return Math.min(T, Math.max(1, Math.floor(eps * T + 0.5 + 1e-9)));
}

/**
 * ε-OPIS (reference `epsOpis`): classes ranked by mean utility over the grid (descending, ties by
 * ascending label); best / worst n = {@link epsGroupSize} classes pooled by summing their pair
 * counts (a negative pair between two classes of one group counts once per class end);
 * mean over the grid of (U_worst − U_best)². No class with a positive pair or no negatives → NaN.
 */
export function epsOpisFrom(src: CountSource, opts: EpsOpisOptions = {}): number {
  const eps = opts.eps ?? DEFAULT_EPS;
  const classes = opisClassesFrom(src);
  const grid = calibrationGridFrom(src, opts);
  const T = classes.length;
  const n = epsGroupSize(eps, Math.max(T, 1));
  if (T === 0 || Number.isNaN(grid[0])) return NaN;
  const G = grid.length;
  // accP[i·G + g], accN[i·G + g]: class classes[i] at grid[g].
  const accP = new Float64Array(T * G);
  const accN = new Float64Array(T * G);
  const accPos = new Float64Array(src.numClasses);
  const accNeg = new Float64Array(src.numClasses);
  grid.forEach((d, g) => {
    src.accepted(d, accPos, accNeg);
    classes.forEach((t, i) => {
      accP[i * G + g] = accPos[t];
      accN[i * G + g] = accNeg[t];
    });
  });
  const meanU = classes.map((t, i) => {
    let s = 0;
    for (let g = 0; g < G; g++) s += utilityFromCounts(accP[i * G + g], src.posTotal[t], src.negTotal[t] - accN[i * G + g], src.negTotal[t]);
    return s / G;
  });
  const rank = classes.map((_, i) => i);
  rank.sort((x, y) => meanU[y] - meanU[x] || classes[x] - classes[y]);
  const best = rank.slice(0, n);
  const worst = rank.slice(T - n);
  const pooled = (group: number[], g: number): number => {
    let ap = 0;
    let p = 0;
    let rn = 0;
    let nn = 0;
    for (const i of group) {
      const t = classes[i];
      ap += accP[i * G + g];
      p += src.posTotal[t];
      rn += src.negTotal[t] - accN[i * G + g];
      nn += src.negTotal[t];
    }
    return utilityFromCounts(ap, p, rn, nn);
  };
  let total = 0;
  for (let g = 0; g < G; g++) {
    const diff = pooled(worst, g) - pooled(best, g);
    total += diff * diff;
  }
  return total / G;
}

// ---------------------------------------------------------------------------------------------
// Histograms.

/** edgeDist[k] = distance of binLow(k), k = 0 … bins (edgeDist[bins] = 0); non-increasing in k. */
export function edgeDistances(bins: number): Float64Array {
  const e = new Float64Array(bins + 1);
  for (let k = 0; k <= bins; k++) e[k] = sphereDistance(binLow(k, bins));
  return e;
}

/** First edge index e ∈ [0, bins] with edgeDist[e] ≤ d (bins are accepted from e upwards); bins + 1 if none. */
export function firstAcceptedBin(edgeDist: Float64Array, d: number): number {
  let lo = 0;
  let hi = edgeDist.length; // answer in [lo, hi]
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edgeDist[mid] <= d) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Global positives and negatives per cosine bin (negatives: Σ_t neg[t] / 2, each pair once). */
export function globalCounts(h: PairHistograms): { pos: Float64Array; neg: Float64Array } {
  const { bins, numClasses } = h;
  const pos = new Float64Array(bins);
  const neg = new Float64Array(bins);
  for (let t = 0; t < numClasses; t++) {
    for (let k = 0; k < bins; k++) {
      pos[k] += h.pos[t * bins + k];
      neg[k] += h.neg[t * bins + k];
    }
  }
  for (let k = 0; k < bins; k++) neg[k] /= 2;
  return { pos, neg };
}

/**
 * The {@link CountSource} of a histogram under the binning model: bin k accepted at d iff
 * edgeDist[k] ≤ d; per-class suffix sums make each threshold O(log bins + classes).
 */
export function histogramCounts(h: PairHistograms): CountSource & { edgeDist: Float64Array } {
  const { bins, numClasses: C } = h;
  const edgeDist = edgeDistances(bins);
  const cumPos = new Float64Array(C * (bins + 1));
  const cumNeg = new Float64Array(C * (bins + 1));
  const posTotal = new Float64Array(C);
  const negTotal = new Float64Array(C);
  for (let t = 0; t < C; t++) {
    const o = t * (bins + 1);
    for (let k = bins - 1; k >= 0; k--) {
      cumPos[o + k] = cumPos[o + k + 1] + h.pos[t * bins + k];
      cumNeg[o + k] = cumNeg[o + k + 1] + h.neg[t * bins + k];
    }
    posTotal[t] = cumPos[o];
    negTotal[t] = cumNeg[o];
  }
  const g = globalCounts(h);
  // Negative levels ascending by distance = bins descending by cosine.
  const negDist = new Float64Array(bins);
  const negCount = new Float64Array(bins);
  for (let i = 0; i < bins; i++) {
    const k = bins - 1 - i;
    negDist[i] = edgeDist[k];
    negCount[i] = g.neg[k];
  }
  return {
    numClasses: C,
    posTotal,
    negTotal,
    edgeDist,
    negDist,
    negCount,
    accepted(d, accPos, accNeg) {
      const e = firstAcceptedBin(edgeDist, d);
      for (let t = 0; t < C; t++) {
        accPos[t] = e > bins ? 0 : cumPos[t * (bins + 1) + e];
        accNeg[t] = e > bins ? 0 : cumNeg[t * (bins + 1) + e];
      }
    },
  };
}

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
