/**
 * OPIS and ε-OPIS (SPEC "Evaluation", threshold consistency): the spread of the per-class utility
 * over the calibration grid (calibration.ts), on any {@link CountSource} — the binned path's
 * histogram counts or the exact path's — with the reference's order of operations
 * (reference/calibration.ts). Their binning error bounds are in opisBounds.ts.
 */
import { DEFAULT_EPS, type CountSource } from '../pairs/countSource';
import { calibrationGridFrom, utilityFromCounts, type CalibrationGridOptions } from './calibration';

/** The classes OPIS averages over (reference `opisClasses`): those with ≥ 1 positive pair, ascending. */
export function opisClassesFrom(src: CountSource): number[] {
  const out: number[] = [];
  for (let t = 0; t < src.numClasses; t++) if (src.posTotal[t] > 0) out.push(t);
  return out;
}

/** Options of OPIS: its calibration grid (FAR_lo, FAR_hi, number of thresholds G). */
export type OpisOptions = CalibrationGridOptions;
/** Options of ε-OPIS: OPIS's, and ε (the fraction of classes in the best and worst groups). */
export interface EpsOpisOptions extends OpisOptions {
  eps?: number;
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
