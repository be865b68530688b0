/**
 * Judging a preset's claim on the numbers a run shows over its steps: the page's "look for", the
 * `presets check` command and the bench's time to lesson all ask the same question — from which
 * evaluated step on does B's number stay on the claimed side of A's (or a single run's number stay
 * at or above its bar) through the run's last step? Pure TypeScript (no React, no DOM).
 */
import type { MetricRow } from '../run/metricsExport';

/** The numbers a claim can be about: the metrics-over-steps columns the comparison table shows. */
export type ClaimMetric = 'ap' | 'opis' | 'epsOpis' | 'recallAt1' | 'accuracy' | 'compactness';

/** How each claim metric is named on screen and in the command's output. */
export const CLAIM_METRIC_LABEL: Record<ClaimMetric, string> = {
  ap: 'PR-AUC',
  opis: 'OPIS',
  epsOpis: 'ε-OPIS',
  recallAt1: 'Recall@1',
  accuracy: 'accuracy',
  compactness: 'compactness',
};

/** What a claim needs to be judged (a subset of `PresetClaim`). */
export interface ClaimRule {
  metric: ClaimMetric;
  /** The run's last step (the links' `steps`). */
  steps: number;
  /** B's value is higher (or lower) than A's. */
  compare?: 'higher' | 'lower';
  /** A single run's value reaches at least this. */
  atLeast?: number;
  /** The claim must hold at every evaluated step from this one through `steps` (default: `steps` only). */
  from?: number;
}

/** One evaluated step: the values of A (and B) and whether the claim holds there. */
export interface ClaimPoint {
  step: number;
  a: number;
  b: number | null;
  holds: boolean;
}

/** The verdict on one pair of runs (one seed). */
export interface ClaimVerdict {
  /** Every step both runs evaluated (a single run: every step it evaluated), in order. */
  points: ClaimPoint[];
  /** The first step from which the claim holds at every later evaluated step (the lesson shows and stays); null if it fails at the last. */
  lessonStep: number | null;
  /** The values at `steps` (null if a run did not evaluate there). */
  last: ClaimPoint | null;
  /** The claim holds at every evaluated step in [from, steps], and the runs evaluated `steps`. */
  holds: boolean;
}

/** Whether `b` is on the claimed side of `a` (strictly), or `a` reaches the bar for a single run. */
export function claimHoldsAt(rule: ClaimRule, a: number, b: number | null): boolean {
  if (!Number.isFinite(a)) return false;
  if (rule.compare === undefined) return a >= (rule.atLeast ?? Infinity);
  if (b === null || !Number.isFinite(b)) return false;
  return rule.compare === 'lower' ? b < a : b > a;
}

/** The claim judged on the metrics rows of run A (and B, for a comparison), as the page's export writes them. */
export function judgeClaim(rule: ClaimRule, rowsA: readonly MetricRow[], rowsB: readonly MetricRow[] | null = null): ClaimVerdict {
  const valueOf = (r: MetricRow | undefined) => (r ? r[rule.metric] : null);
  const byStepB = new Map((rowsB ?? []).map((r) => [r.step, r]));
  const points: ClaimPoint[] = [];
  for (const ra of rowsA) {
    const a = valueOf(ra);
    if (a === null) continue;
    let b: number | null = null;
    if (rule.compare !== undefined) {
      b = valueOf(byStepB.get(ra.step));
      if (b === null) continue;
    }
    points.push({ step: ra.step, a, b, holds: claimHoldsAt(rule, a, b) });
  }
  points.sort((x, y) => x.step - y.step);
  let lessonStep: number | null = null;
  for (let i = points.length - 1; i >= 0 && points[i].holds; i--) lessonStep = points[i].step;
  const last = points.find((p) => p.step === rule.steps) ?? null;
  const from = rule.from ?? rule.steps;
  const holds = last !== null && points.filter((p) => p.step >= from && p.step <= rule.steps).every((p) => p.holds);
  return { points, lessonStep, last, holds };
}

/** What a run showed over its steps: the metrics rows (the page's metrics export) and every embedding refresh. */
export interface RunNumbers {
  rows: readonly MetricRow[];
  refreshes: { step: readonly number[]; accuracy: readonly number[]; compactness: readonly number[] };
}

/**
 * The rows a claim about `metric` is judged on: accuracy and compactness at every embedding refresh
 * (what the table shows between evaluations), the all-pairs metrics at every periodic evaluation.
 */
export function claimRows(metric: ClaimMetric, run: RunNumbers): MetricRow[] {
  if (metric !== 'accuracy' && metric !== 'compactness') return [...run.rows];
  const r = run.refreshes;
  return r.step.map((step, i) => ({ step, loss: null, ap: null, opis: null, epsOpis: null, recallAt1: null, nmi: null, accuracy: r.accuracy[i], compactness: r.compactness[i] }));
}

/** mean and half the range (max − min)/2 of finite values; nulls when there are none. */
export function meanAndHalfRange(xs: readonly (number | null)[]): { mean: number | null; spread: number | null } {
  const v = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  if (!v.length) return { mean: null, spread: null };
  return { mean: v.reduce((s, x) => s + x, 0) / v.length, spread: (Math.max(...v) - Math.min(...v)) / 2 };
}

/** How B compares with A over seeds paired one to one (seed s of A against seed s of B). */
export interface SeedAgreement {
  /** Seeds where both values are finite. */
  n: number;
  /** Of those, the seeds where B is on the better side (strictly). */
  better: number;
  /** Of those, the seeds where B is on the worse side (strictly). */
  worse: number;
  /** 'better' / 'worse' only when every seed agrees; 'noise' when they disagree; '' when nothing to judge. */
  verdict: 'better' | 'worse' | 'noise' | '';
}

/** Counts the seeds on which B beats A (`better`: which direction is better) and gives a verdict only when all agree. */
export function seedAgreement(a: readonly number[], b: readonly number[], direction: 'higher' | 'lower'): SeedAgreement {
  let n = 0;
  let better = 0;
  let worse = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (!Number.isFinite(a[i]) || !Number.isFinite(b[i])) continue;
    n++;
    const d = b[i] - a[i];
    if (d === 0) continue;
    if (d > 0 === (direction === 'higher')) better++;
    else worse++;
  }
  const verdict = n === 0 ? '' : better === n ? 'better' : worse === n ? 'worse' : 'noise';
  return { n, better, worse, verdict };
}
