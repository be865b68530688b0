/**
 * ROC / DET and TAR@FAR (SPEC "Evaluation", the face-verification convention): over all pairs, the
 * true-accept rate (accepted fraction of positive pairs) against the false-accept rate (accepted
 * fraction of negative pairs) as one distance threshold sweeps, FAR on a log axis from 1e-6 (or
 * 1/|neg|, the smallest FAR the set can show) to 1. Each point's threshold follows the calibration
 * range's rule (the first negative distance at which the FAR reaches the target). Pure TypeScript
 * on a {@link CountSource}, exact or binned.
 */
import type { CountSource } from '../pairs/countSource';
import { operatingPoint } from './operatingPoints';

/** The FARs TAR is reported at by default (SPEC: 1e-4, 1e-3, 1e-2). */
export const TAR_FARS: readonly number[] = [1e-4, 1e-3, 1e-2];

/** Target FARs per decade along the curve. */
const PER_DECADE = 5;

/** The curve, plain data: point i at `far[i]` (the FAR reached, ascending) with `tar[i]` and its `distance[i]`. */
export interface RocCurve {
  far: number[];
  tar: number[];
  distance: number[];
  /** Negative pairs: below 1/negatives no FAR can be shown. */
  negatives: number;
  /** TAR at each of {@link TAR_FARS} (target `far`, the FAR it reached, the TAR): the same points as the report's operating points there. */
  marks: { far: number; reached: number; tar: number }[];
}

/** Log-spaced target FARs from max(1e-6, 1/negatives) to 1, {@link PER_DECADE} a decade, 1 included. */
export function rocFars(negatives: number): number[] {
  const lo = Math.max(1e-6, negatives > 0 ? 1 / negatives : 1);
  const from = Math.log10(lo);
  const steps = Math.max(1, Math.ceil(-from * PER_DECADE));
  return Array.from({ length: steps + 1 }, (_, i) => (i === steps ? 1 : 10 ** (from + (i * -from) / steps)));
}

/**
 * The ROC / DET curve of `src`: at each target of {@link rocFars}, the threshold of the calibration
 * rule and the TAR and FAR it gives (points reaching the same FAR are kept once), and TAR at SPEC's
 * FARs. Empty without negative or positive pairs.
 */
export function rocCurve(src: CountSource): RocCurve {
  let negatives = 0;
  let positives = 0;
  for (let t = 0; t < src.numClasses; t++) {
    negatives += src.negTotal[t] / 2; // each negative pair has one end in each of two classes
    positives += src.posTotal[t];
  }
  const curve: RocCurve = { far: [], tar: [], distance: [], negatives, marks: [] };
  if (negatives === 0 || positives === 0) return curve;
  for (const far of TAR_FARS) {
    const p = operatingPoint(src, far);
    if (Number.isFinite(p.distance)) curve.marks.push({ far, reached: p.globalFar, tar: p.tar });
  }
  // SPEC's FARs among the targets, so the curve passes through its marks.
  const targets = [...new Set([...rocFars(negatives), ...TAR_FARS])].sort((a, b) => a - b);
  for (const target of targets) {
    const p = operatingPoint(src, target);
    if (!Number.isFinite(p.distance) || curve.far[curve.far.length - 1] === p.globalFar) continue;
    curve.far.push(p.globalFar);
    curve.tar.push(p.tar);
    curve.distance.push(p.distance);
  }
  return curve;
}
