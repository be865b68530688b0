/**
 * REFERENCE threshold-consistency metrics: global FAR, the calibration range, per-class utility,
 * OPIS and ε-OPIS, and the positive / negative distance histograms.
 * SPEC = /work/shared/SPEC.md, section "Evaluation", lines 54–58. Paper: Zhang et al.,
 * threshold-consistent-margin.txt (TCM), Eq. (1)–(4), Algorithm 1. Where SPEC and TCM disagree,
 * SPEC wins (see {@link opis} and {@link utilityOf}).
 *
 * Float64, explicit loops, full sorts, NO binning: the exact values the histogram engine
 * approximates. Everything works on a {@link PairList} (every unordered pair a < b of the set,
 * SPEC line 51) and on the L2 distance on the sphere `d_ab ∈ [0, 2]` (SPEC line 12). A pair is
 * ACCEPTED at threshold d when `d_ab ≤ d` (inclusive) and REJECTED when `d_ab > d` (SPEC line 55).
 */
import type { PairList } from './pairs';
import { DEFAULT_EPS, DEFAULT_FAR_HI, DEFAULT_FAR_LO, DEFAULT_GRID } from '../pairs/countSource';
import type { CalibrationGridOptions } from '../metrics/calibration';

// SPEC's defaults (lines 56–58) and the option types are shared with the fast path; the arithmetic is not.
export { DEFAULT_EPS, DEFAULT_FAR_HI, DEFAULT_FAR_LO, DEFAULT_GRID };

/**
 * Global false-accept rate at threshold d (SPEC line 56: "accepted fraction of all negative
 * pairs"): `#{negatives with dist ≤ d} / #negatives`. No negatives → NaN (0/0).
 */
export function farAt(negDist: number[], d: number): number {
  let acc = 0;
  for (let i = 0; i < negDist.length; i++) if (negDist[i] <= d) acc++;
  return acc / negDist.length;
}

/**
 * The distance at which the global FAR "equals" `far` (SPEC line 56). FAR(d) is a step function
 * of d, so "equals" is read as "first reaches": the SMALLEST negative-pair distance d* with
 * `farAt(negDist, d*) ≥ far` — a lower quantile of the negative distances: with the distances
 * sorted ascending v_1 ≤ … ≤ v_M, d* = v_k for k = ceil(far·M) (k = 1 for far = 0).
 * Ties are handled by {@link farAt} itself (a tie group enters together), and the comparison is
 * made with the division `count / M ≥ far` exactly as farAt computes it, so e.g. far = 0.3 with
 * M = 10 lands on v_3 (the product 0.3·10 = 3.0000000000000004 is never formed).
 *
 * `far` must lie in [0, 1] (throws otherwise). No negatives → NaN.
 */
export function thresholdForFar(negDist: number[], far: number): number {
  if (!(far >= 0 && far <= 1)) throw new Error(`thresholdForFar: far must be in [0, 1], got ${far}`);
  const m = negDist.length;
  if (m === 0) return NaN;
  const v = negDist.slice().sort((x, y) => x - y);
  for (let i = 0; i < m; i++) {
    // farAt(v[i]) counts every negative ≤ v[i], the whole tie group included.
    let j = i;
    while (j + 1 < m && v[j + 1] === v[i]) j++;
    if ((j + 1) / m >= far) return v[i];
    i = j;
  }
  return v[m - 1]; // unreachable: (M)/M = 1 ≥ far
}

/** Distances of the negative pairs of a pair list, in list order. */
export function negativeDistances(pairs: PairList): number[] {
  const out: number[] = [];
  for (let p = 0; p < pairs.dist.length; p++) if (!pairs.positive[p]) out.push(pairs.dist[p]);
  return out;
}

/**
 * Calibration range `[d_min, d_max]`, SPEC line 56: the distances at which the global FAR over
 * ALL negative pairs of the list reaches FAR_lo and FAR_hi ({@link thresholdForFar} each),
 * defaults FAR ∈ [1e-2, 1e-1]. With no negative pair both are NaN. d_min ≤ d_max whenever
 * farLo ≤ farHi; they may be EQUAL (few negatives, or ties) — see {@link thresholdGrid}.
 */
export function calibrationRange(
  pairs: PairList,
  farLo = DEFAULT_FAR_LO,
  farHi = DEFAULT_FAR_HI,
): { dMin: number; dMax: number } {
  const neg = negativeDistances(pairs);
  return { dMin: thresholdForFar(neg, farLo), dMax: thresholdForFar(neg, farHi) };
}

/**
 * `U = 2φψ/(φ+ψ)`, 0 when φ = ψ = 0 (SPEC line 55, TCM Eq. 1 with c = 1). Also for ε-OPIS's pooled
 * groups: TCM's Eq. (3) as printed has no factor 2, but SPEC line 58 pools counts "into U_best(d)
 * and U_worst(d)", i.e. this same utility.
 */
export function utilityOf(specificity: number, sensitivity: number): number {
  const s = specificity + sensitivity;
  return s === 0 ? 0 : (2 * specificity * sensitivity) / s;
}

/** Pair counts of one class (or a pooled group of classes) at one threshold. */
export interface UtilityCounts {
  /** Positive pairs accepted (dist ≤ d). */
  acceptedPos: number;
  /** All positive pairs. */
  pos: number;
  /** Negative pairs rejected (dist > d). */
  rejectedNeg: number;
  /** All negative pairs. */
  neg: number;
}

/**
 * Utility from counts with the empty-set conventions of {@link classUtility}:
 * ψ = acceptedPos/pos (0 when pos = 0), φ = rejectedNeg/neg (1 when neg = 0).
 */
export function utilityFromCounts(c: UtilityCounts): { sensitivity: number; specificity: number; utility: number } {
  const sensitivity = c.pos > 0 ? c.acceptedPos / c.pos : 0;
  const specificity = c.neg > 0 ? c.rejectedNeg / c.neg : 1;
  return { sensitivity, specificity, utility: utilityOf(specificity, sensitivity) };
}

/**
 * Pair counts of class t at threshold d (SPEC line 55): t's positive pairs are the pairs with
 * BOTH ends in t, its negative pairs those with EXACTLY one end in t; class membership is read
 * from `labels[pairs.a[p]]`, `labels[pairs.b[p]]`.
 */
export function classCounts(pairs: PairList, labels: number[], t: number, d: number): UtilityCounts {
  const c: UtilityCounts = { acceptedPos: 0, pos: 0, rejectedNeg: 0, neg: 0 };
  for (let p = 0; p < pairs.dist.length; p++) {
    const inA = labels[pairs.a[p]] === t;
    const inB = labels[pairs.b[p]] === t;
    if (inA && inB) {
      c.pos++;
      if (pairs.dist[p] <= d) c.acceptedPos++;
    } else if (inA || inB) {
      c.neg++;
      if (pairs.dist[p] > d) c.rejectedNeg++;
    }
  }
  return c;
}

/**
 * Per-class utility of class t at distance threshold d, SPEC line 55 (TCM Eq. 1, c = 1):
 * sensitivity ψ_t(d) = accepted fraction of t's positive pairs (`dist ≤ d`), specificity
 * φ_t(d) = rejected fraction of t's negative pairs (`dist > d`), `U_t(d) = 2φψ/(φ+ψ)`,
 * 0 when both are 0.
 *
 * Choices SPEC leaves open (empty pair sets):
 * - no positive pair (t has one item, or is absent): ψ = 0 — nothing can be accepted. Such a class
 *   is LEFT OUT of OPIS and ε-OPIS altogether (see {@link opisClasses});
 * - no negative pair (every item of the set is in t): φ = 1 — nothing can be falsely accepted.
 */
export function classUtility(
  pairs: PairList,
  labels: number[],
  t: number,
  d: number,
): { sensitivity: number; specificity: number; utility: number } {
  return utilityFromCounts(classCounts(pairs, labels, t, d));
}

/**
 * G evenly spaced thresholds spanning [dMin, dMax] inclusive (SPEC line 57):
 * `grid[g] = dMin + ((dMax − dMin) · g) / (G − 1)` for g = 0 … G−1, evaluated in exactly that
 * order, with the last point set to dMax exactly. G must be an integer ≥ 2 (SPEC asks G ≥ 10 of
 * the app; the reference accepts smaller grids for tests).
 *
 * Choice SPEC leaves open: when the range is empty or degenerate (dMax ≤ dMin) the grid is G
 * copies of dMin, i.e. every grid metric becomes the metric at that single threshold. NaN bounds
 * (no negative pair) give G NaNs.
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

/**
 * The classes OPIS and ε-OPIS average over (SPEC line 57's "T classes"): every label value that
 * has at least ONE positive pair in the list (both ends in the class), i.e. ≥ 2 items, sorted
 * ascending. Classes with a single item have no sensitivity and are left out (see
 * {@link classUtility}).
 */
export function opisClasses(pairs: PairList, labels: number[]): number[] {
  const seen = new Set<number>();
  for (let p = 0; p < pairs.dist.length; p++) {
    const la = labels[pairs.a[p]];
    if (la === labels[pairs.b[p]]) seen.add(la);
  }
  return [...seen].sort((x, y) => x - y);
}

/** Options of {@link opis}: FAR_lo, FAR_hi of the calibration range and the grid size G (SPEC lines 56–57). */
export type OpisOptions = CalibrationGridOptions;

/** The grid of SPEC line 57 for a pair list: {@link thresholdGrid} over {@link calibrationRange}. */
export function calibrationGrid(pairs: PairList, opts: OpisOptions = {}): number[] {
  const { dMin, dMax } = calibrationRange(pairs, opts.farLo ?? DEFAULT_FAR_LO, opts.farHi ?? DEFAULT_FAR_HI);
  return thresholdGrid(dMin, dMax, opts.grid ?? DEFAULT_GRID);
}

/**
 * OPIS, SPEC line 57 (Riemann form of TCM Eq. 2):
 * `OPIS = mean_over_grid( (1/T) Σ_t (U_t(d) − Ū(d))² )`, Ū(d) = mean of U_t(d) over the T classes
 * — the POPULATION variance of the per-class utilities at each grid threshold, averaged over the
 * G grid points (both ends included, equal weights).
 *
 * TCM's Eq. (2) integrates over [d_min, d_max]; SPEC's mean over the grid is the Riemann form (not
 * Algorithm 1's sum without the grid step), and SPEC wins.
 *
 * Choices SPEC leaves open: T = the classes of {@link opisClasses} (at least one positive pair);
 * T = 0 or no negative pair (no calibration range) → NaN. The grid is {@link calibrationGrid}.
 */
export function opis(pairs: PairList, labels: number[], opts: OpisOptions = {}): number {
  const classes = opisClasses(pairs, labels);
  const grid = calibrationGrid(pairs, opts);
  const T = classes.length;
  if (T === 0 || Number.isNaN(grid[0])) return NaN;
  let total = 0;
  for (const d of grid) {
    const U = classes.map((t) => classUtility(pairs, labels, t, d).utility);
    let mean = 0;
    for (const u of U) mean += u;
    mean /= T;
    let v = 0;
    for (const u of U) v += (u - mean) * (u - mean);
    total += v / T;
  }
  return total / grid.length;
}

/** Options of {@link epsOpis}: those of {@link opis} plus ε (default 0.1, SPEC line 58). */
export interface EpsOpisOptions extends OpisOptions {
  eps?: number;
}

/**
 * Size of the best / worst group of ε-OPIS: `n = max(1, round(ε·T))`, capped at T, with round =
 * half UP computed as `floor(ε·T + 0.5 + 1e-9)` (the 1e-9 keeps an exact half such as
 * 0.35·90 = 31.499999999999996 in float64 from rounding down). ε must lie in (0, 1].
 */
export function epsGroupSize(eps: number, T: number): number {
  if (!(eps > 0 && eps <= 1)) throw new Error(`epsGroupSize: eps must be in (0, 1], got ${eps}`);
  return Math.min(T, Math.max(1, Math.floor(eps * T + 0.5 + 1e-9)));
}

/**
 * ε-OPIS, SPEC line 58 (TCM Eq. 3–4, Riemann form on the SPEC line 57 grid):
 * 1. every class t of {@link opisClasses} gets its mean utility over the grid, (1/G) Σ_d U_t(d);
 * 2. classes are ranked by it, DESCENDING, ties by ascending label; the best group is the first
 *    n, the worst group the last n, n = {@link epsGroupSize}(ε, T) (at least one class each);
 * 3. each group is POOLED by summing its classes' pair counts at every grid threshold d —
 *    accepted positives, positives, rejected negatives, negatives — and
 *    `U_group(d) = 2φψ/(φ+ψ)` with ψ = Σ accepted positives / Σ positives and
 *    φ = Σ rejected negatives / Σ negatives (NOT the mean of the classes' utilities);
 * 4. `ε-OPIS = mean_over_grid( (U_worst(d) − U_best(d))² )`.
 *
 * Choices SPEC leaves open: a negative pair is counted once PER CLASS END in the group, exactly
 * as in the per-class definition — a pair between two classes of the same group counts twice
 * (once as each class's negative). The groups overlap when 2n > T (e.g. T = 1 → ε-OPIS = 0).
 * T = 0 or no negative pair → NaN. Empty pooled negatives → φ = 1 (as in {@link classUtility}).
 */
export function epsOpis(pairs: PairList, labels: number[], opts: EpsOpisOptions = {}): number {
  const eps = opts.eps ?? DEFAULT_EPS;
  const classes = opisClasses(pairs, labels);
  const grid = calibrationGrid(pairs, opts);
  const T = classes.length;
  const n = epsGroupSize(eps, Math.max(T, 1));
  if (T === 0 || Number.isNaN(grid[0])) return NaN;

  // counts[i][g]: class classes[i] at grid[g].
  const counts = classes.map((t) => grid.map((d) => classCounts(pairs, labels, t, d)));
  const meanU = counts.map((row) => {
    let s = 0;
    for (const c of row) s += utilityFromCounts(c).utility;
    return s / grid.length;
  });
  const rank: number[] = [];
  for (let i = 0; i < T; i++) rank.push(i);
  rank.sort((x, y) => meanU[y] - meanU[x] || classes[x] - classes[y]);
  const best = rank.slice(0, n);
  const worst = rank.slice(T - n);

  const pooled = (group: number[], g: number): number => {
    const c: UtilityCounts = { acceptedPos: 0, pos: 0, rejectedNeg: 0, neg: 0 };
    for (const i of group) {
      const ci = counts[i][g];
      c.acceptedPos += ci.acceptedPos;
      c.pos += ci.pos;
      c.rejectedNeg += ci.rejectedNeg;
      c.neg += ci.neg;
    }
    return utilityFromCounts(c).utility;
  };
  let total = 0;
  for (let g = 0; g < grid.length; g++) {
    const diff = pooled(worst, g) - pooled(best, g);
    total += diff * diff;
  }
  return total / grid.length;
}

/**
 * Positive-pair and negative-pair distance histograms, SPEC line 54 (TCM Fig. 10): raw pair COUNTS
 * (not densities) in `bins` equal bins over [0, 2]; every pair counted once, by `pairs.positive`.
 * `edges[k] = (2·k)/bins` (bins + 1 edges, edges[bins] = 2); a distance d goes to bin
 * `floor(d/2 · bins)` clamped to [0, bins − 1], so bins are [edge_k, edge_{k+1}) except the last,
 * which also holds d = 2.
 */
export function distanceHistograms(
  pairs: PairList,
  bins = 100,
): { edges: number[]; pos: number[]; neg: number[] } {
  if (!Number.isInteger(bins) || bins < 1) throw new Error(`distanceHistograms: bad bin count ${bins}`);
  const edges: number[] = [];
  for (let k = 0; k <= bins; k++) edges.push((2 * k) / bins);
  const pos = new Array<number>(bins).fill(0);
  const neg = new Array<number>(bins).fill(0);
  for (let p = 0; p < pairs.dist.length; p++) {
    let k = Math.floor((pairs.dist[p] / 2) * bins);
    if (k < 0) k = 0;
    if (k > bins - 1) k = bins - 1;
    if (pairs.positive[p]) pos[k]++;
    else neg[k]++;
  }
  return { edges, pos, neg };
}
