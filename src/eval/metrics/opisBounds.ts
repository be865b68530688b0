/**
 * Error bounds of the binned OPIS and ε-OPIS (SPEC: "The binned path states an error bound for
 * ε-OPIS as it does for OPIS"): how far the value computed from cosine bins can be from the value
 * on the exact cosines the bins were filled from. Pure TypeScript on {@link PairHistograms}.
 *
 * Both rest on one bracket. Each exact calibration end lies in (edgeDist[k+1], edgeDist[k]] of its
 * crossing bin, so each exact grid threshold lies in [L_g, H_g] (H_g the binned grid point, L_g the
 * grid of the lower ends). At any d in there, a class's (or a group's) accepted counts lie between
 * the bins surely accepted (edgeDist[k] ≤ L_g) and the bins possibly accepted (edgeDist[k+1] ≤ H_g);
 * utility is increasing in sensitivity and specificity, so the exact and the binned utility both
 * lie in [U_lo, U_hi] computed from those counts.
 */
import type { PairHistograms } from '../pairs/pairHistograms';
import { DEFAULT_EPS, DEFAULT_FAR_HI, DEFAULT_FAR_LO, DEFAULT_GRID } from '../pairs/countSource';
import { thresholdFromLevels, thresholdGrid, utilityFromCounts } from './calibration';
import { epsGroupSize, opisClassesFrom, type EpsOpisOptions, type OpisOptions } from './opis';
import { firstAcceptedBin, histogramCounts } from '../pairs/binnedCounts';

/** Accepted counts per class at each grid point: surely, possibly, and as the binned metric counts them. */
interface Brackets {
  /** The classes OPIS keeps (a positive pair each), and the grid size. */
  classes: number[];
  G: number;
  posTotal: ArrayLike<number>;
  negTotal: ArrayLike<number>;
  /** [g][t]: accepted positives / negatives surely (at L_g), possibly (up to H_g's bin) and binned (at H_g). */
  sure: { p: Float64Array; n: Float64Array }[];
  maybe: { p: Float64Array; n: Float64Array }[];
  binned: { p: Float64Array; n: Float64Array }[];
}

/** The brackets of `h` (its counts `src`) on OPIS's calibration grid; null when OPIS is NaN (no class kept, no negatives). */
function brackets(h: PairHistograms, opts: OpisOptions, src: ReturnType<typeof histogramCounts>): Brackets | null {
  const edgeDist = src.edgeDist;
  const G = opts.grid ?? DEFAULT_GRID;
  const classes = opisClassesFrom(src);
  const dMinH = thresholdFromLevels(src.negDist, src.negCount, opts.farLo ?? DEFAULT_FAR_LO);
  const dMaxH = thresholdFromLevels(src.negDist, src.negCount, opts.farHi ?? DEFAULT_FAR_HI);
  if (classes.length === 0 || Number.isNaN(dMinH)) return null;
  // The lower distance end of the bin whose upper end is x.
  const lowerEnd = (x: number): number => {
    const k = firstAcceptedBin(edgeDist, x); // edgeDist[k] === x
    return k + 1 <= h.bins ? edgeDist[k + 1] : 0;
  };
  const gridH = thresholdGrid(dMinH, dMaxH, G);
  const gridL = thresholdGrid(lowerEnd(dMinH), lowerEnd(dMaxH), G);
  const C = h.numClasses;
  const counts = () => ({ p: new Float64Array(C), n: new Float64Array(C) });
  const out: Brackets = { classes, G, posTotal: src.posTotal, negTotal: src.negTotal, sure: [], maybe: [], binned: [] };
  const slack = 1e-12;
  for (let g = 0; g < G; g++) {
    const [sure, maybe, binned] = [counts(), counts(), counts()];
    src.accepted(gridL[g] - slack, sure.p, sure.n);
    // Possibly accepted: bins k with edgeDist[k+1] ≤ H_g, i.e. from one bin below the first accepted one.
    src.accepted(edgeDist[Math.max(0, firstAcceptedBin(edgeDist, gridH[g] + slack) - 1)], maybe.p, maybe.n);
    src.accepted(gridH[g], binned.p, binned.n);
    out.sure.push(sure);
    out.maybe.push(maybe);
    out.binned.push(binned);
  }
  return out;
}

/** Utility of the pooled classes `group` at grid point g: [lo, hi] bracketing exact and binned, and the binned value. */
function pooledUtility(b: Brackets, group: readonly number[], g: number): { lo: number; hi: number; u: number } {
  let P = 0, N = 0, sp = 0, sn = 0, mp = 0, mn = 0, bp = 0, bn = 0;
  for (const t of group) {
    P += b.posTotal[t];
    N += b.negTotal[t];
    sp += b.sure[g].p[t];
    sn += b.sure[g].n[t];
    mp += b.maybe[g].p[t];
    mn += b.maybe[g].n[t];
    bp += b.binned[g].p[t];
    bn += b.binned[g].n[t];
  }
  return { lo: utilityFromCounts(sp, P, N - mn, N), hi: utilityFromCounts(mp, P, N - sn, N), u: utilityFromCounts(bp, P, N - bn, N) };
}

/**
 * Utility bracket of ANY group of the classes `may` pooled at grid point g: a pooled sensitivity
 * (Σ accepted / Σ positives) lies between its members' (a mediant), and so does a pooled
 * specificity; utility rises with both, so it lies between the utility of the members' lowest
 * sensitivity and specificity and that of their highest.
 */
function anySubsetUtility(b: Brackets, may: readonly number[], g: number): { lo: number; hi: number } {
  let sensLo = Infinity, specLo = Infinity, sensHi = -Infinity, specHi = -Infinity;
  for (const t of may) {
    const P = b.posTotal[t];
    const N = b.negTotal[t];
    sensLo = Math.min(sensLo, P > 0 ? b.sure[g].p[t] / P : 0);
    sensHi = Math.max(sensHi, P > 0 ? b.maybe[g].p[t] / P : 0);
    specLo = Math.min(specLo, N > 0 ? (N - b.maybe[g].n[t]) / N : 1);
    specHi = Math.max(specHi, N > 0 ? (N - b.sure[g].n[t]) / N : 1);
  }
  return { lo: utilityFromCounts(sensLo, 1, specLo, 1), hi: utilityFromCounts(sensHi, 1, specHi, 1) };
}

/**
 * A rigorous bound on |OPIS_exact − OPIS_binned| for the pairs this histogram was filled from (same
 * cosines). With w_t the width of class t's utility bracket and b_t = U'_t − Ū' (binned),
 * |ΔVar_g| ≤ (1/T) Σ_t (w_t + w̄)(2|b_t| + w_t + w̄), averaged over the grid. NaN when OPIS is NaN.
 */
export function opisErrorBound(h: PairHistograms, opts: OpisOptions = {}): number {
  return opisBoundOf(brackets(h, opts, histogramCounts(h)));
}

function opisBoundOf(b: Brackets | null): number {
  if (!b) return NaN;
  const T = b.classes.length;
  let total = 0;
  for (let g = 0; g < b.G; g++) {
    const each = b.classes.map((t) => pooledUtility(b, [t], g));
    const w = each.map((x) => x.hi - x.lo);
    const wBar = w.reduce((s, x) => s + x, 0) / T;
    const uBar = each.reduce((s, x) => s + x.u, 0) / T;
    let s = 0;
    for (let i = 0; i < T; i++) s += (w[i] + wBar) * (2 * Math.abs(each[i].u - uBar) + w[i] + wBar);
    total += s / T;
  }
  return total / b.G;
}

/** The bound on the binned ε-OPIS, and whether it could tell the best and worst classes apart. */
export interface EpsOpisBound {
  /** A rigorous bound on |ε-OPIS_exact − ε-OPIS_binned|; NaN only when ε-OPIS is NaN. */
  bound: number;
  /**
   * Whether the brackets of the classes' mean utilities fix the best and the worst groups: the m-th
   * best class's lowest possible mean is above every other class's highest possible mean (and
   * likewise at the bottom). When false, binning may have swapped a class into or out of a group
   * (classes within the binning error of each other): the bound then holds for every group the
   * exact values could make, and is wider.
   */
  separated: boolean;
}

/**
 * The error bound of the binned ε-OPIS. Each class's mean utility over the grid lies in the mean of
 * its brackets; when those fix the best and worst m classes (see {@link EpsOpisBound.separated}),
 * the exact groups are the binned ones, each group's pooled utility lies in its pooled bracket
 * [lo, hi] at every grid point, so both the exact and the binned difference U_worst − U_best lie in
 * [lo_w − hi_b, hi_w − lo_b], and |x² − y²| is at most the spread of the square over that interval.
 */
export function epsOpisErrorBound(h: PairHistograms, opts: EpsOpisOptions = {}): EpsOpisBound {
  return epsOpisBoundOf(brackets(h, opts, histogramCounts(h)), opts);
}

/**
 * Both bounds from one set of brackets (what an evaluation reports): `counts` = histogramCounts(h),
 * when the caller has them already.
 */
export function binningBounds(h: PairHistograms, opts: EpsOpisOptions = {}, counts = histogramCounts(h)): { opis: number; epsOpis: EpsOpisBound } {
  const b = brackets(h, opts, counts);
  return { opis: opisBoundOf(b), epsOpis: epsOpisBoundOf(b, opts) };
}

function epsOpisBoundOf(b: Brackets | null, opts: EpsOpisOptions): EpsOpisBound {
  if (!b) return { bound: NaN, separated: true };
  const T = b.classes.length;
  const m = epsGroupSize(opts.eps ?? DEFAULT_EPS, T);
  const per = b.classes.map((t) => {
    let lo = 0, hi = 0, u = 0;
    for (let g = 0; g < b.G; g++) {
      const x = pooledUtility(b, [t], g);
      lo += x.lo;
      hi += x.hi;
      u += x.u;
    }
    return { t, lo: lo / b.G, hi: hi / b.G, u: u / b.G };
  });
  // The binned ranking (as epsOpisFrom ranks: mean utility descending, then class index).
  const ranked = [...per].sort((x, y) => y.u - x.u || x.t - y.t);
  const best = ranked.slice(0, m);
  const worst = ranked.slice(T - m);
  const rest = (group: typeof per) => per.filter((c) => !group.includes(c));
  const apart = (above: typeof per, below: typeof per) => below.length === 0 || Math.min(...above.map((c) => c.lo)) > Math.max(...below.map((c) => c.hi));
  const separated = apart(best, rest(best)) && apart(rest(worst), worst);
  // Where they are not apart, every class that may be among the best (or worst) m: its highest
  // possible mean reaches the m-th highest lowest one (or its lowest the m-th lowest highest).
  const mthLo = [...per].map((c) => c.lo).sort((x, y) => y - x)[m - 1];
  const mthHi = [...per].map((c) => c.hi).sort((x, y) => x - y)[m - 1];
  const bestMay = separated ? best : per.filter((c) => c.hi >= mthLo);
  const worstMay = separated ? worst : per.filter((c) => c.lo <= mthHi);
  const bracketOf = (group: typeof per, g: number) => (separated ? pooledUtility(b, group.map((c) => c.t), g) : anySubsetUtility(b, group.map((c) => c.t), g));
  let total = 0;
  for (let g = 0; g < b.G; g++) {
    const w = bracketOf(worstMay, g);
    const bb = bracketOf(bestMay, g);
    const lo = w.lo - bb.hi;
    const hi = w.hi - bb.lo;
    const top = Math.max(lo * lo, hi * hi);
    const bottom = lo <= 0 && hi >= 0 ? 0 : Math.min(lo * lo, hi * hi);
    total += top - bottom;
  }
  return { bound: total / b.G, separated };
}
