/**
 * Which step the A | B table compares two runs at (pure; no React). Each run's metrics exist only at
 * the steps it evaluated, and two runs rarely evaluate at the same pace (one is slower, or evaluates
 * every 20 steps against the other's 10). The table compares both at the latest step both have
 * evaluated, and gives a verdict (better / worse) only when that step is each run's latest.
 */

/** One run's evaluations of a group of metrics. */
export interface RunSteps {
  /** Steps of the series over training (ascending; the same step may repeat, the last one counts). */
  steps: readonly number[];
  /**
   * The latest evaluation when it is not in the series (an "Evaluate all" over every item, or a set's
   * only evaluation), and the step it was made at; null when the latest is the series' last point.
   */
  extra: { step: number } | null;
}

/** How the two runs are compared. */
export type Alignment =
  /** Both latest evaluations lie outside the series, at the same step: compared there. */
  | { source: 'extra'; step: number; same: true; latestA: number; latestB: number }
  /** Compared at series points `ia` and `ib`, at `step`; `same` when that is each run's latest evaluation. */
  | { source: 'series'; step: number; ia: number; ib: number; same: boolean; latestA: number; latestB: number }
  /** No step both have evaluated: each run's latest (null: none yet), nothing compared. */
  | { source: 'none'; latestA: number | null; latestB: number | null };

/** Index of the last occurrence of each run's latest common step, or null when they share none. */
export function latestCommonIndex(a: readonly number[], b: readonly number[]): [number, number] | null {
  let i = a.length - 1;
  let j = b.length - 1;
  while (i >= 0 && j >= 0) {
    if (a[i] === b[j]) return [i, j];
    if (a[i] > b[j]) i--;
    else j--;
  }
  return null;
}

/** The latest step `r` has evaluated, or null. */
export function latestStep(r: RunSteps): number | null {
  const last = r.steps.length ? r.steps[r.steps.length - 1] : null;
  if (r.extra === null) return last;
  return last === null ? r.extra.step : Math.max(last, r.extra.step);
}

/**
 * Where to compare runs `a` and `b`: both latest out-of-series evaluations (e.g. "Evaluate all") only
 * against each other at the same step; otherwise the latest step both series have. A verdict is
 * due (`same`) only when the compared step is each run's latest evaluation.
 */
export function alignRuns(a: RunSteps, b: RunSteps): Alignment {
  const latestA = latestStep(a);
  const latestB = latestStep(b);
  if (a.extra && b.extra && a.extra.step === b.extra.step) return { source: 'extra', step: a.extra.step, same: true, latestA: a.extra.step, latestB: b.extra.step };
  const common = latestCommonIndex(a.steps, b.steps);
  if (!common || latestA === null || latestB === null) return { source: 'none', latestA, latestB };
  const [ia, ib] = common;
  const step = a.steps[ia];
  return { source: 'series', step, ia, ib, same: latestA === step && latestB === step, latestA, latestB };
}

/** Whether the alignment allows a verdict (better / worse). */
export const verdictDue = (al: Alignment): boolean => al.source !== 'none' && al.same;

/** The step the alignment compares at, or null. */
export const comparedStep = (al: Alignment): number | null => (al.source === 'none' ? null : al.step);

/**
 * The table's caption: at which step each group of rows is compared and, while the runs are at
 * different steps, that no verdict is given. Empty when neither run has evaluated anything.
 */
export function stepCaption(groups: ReadonlyArray<{ label: string; align: Alignment }>): string {
  const shown = groups.filter((g) => g.align.source !== 'none' || g.align.latestA !== null || g.align.latestB !== null);
  if (shown.length === 0) return '';
  const steps = new Set(shown.map((g) => comparedStep(g.align)));
  const allSame = shown.every((g) => verdictDue(g.align));
  if (allSame && steps.size === 1) return `A and B compared at step ${[...steps][0]}, the latest step of both.`;
  const side = (v: number | null) => (v === null ? 'none yet' : `step ${v}`);
  const parts = shown.map(({ label, align: al }) => {
    if (al.source === 'none') return `${label}: no step both have evaluated yet (A: ${side(al.latestA)}, B: ${side(al.latestB)})`;
    if (al.same) return `${label} at step ${al.step}, the latest of both`;
    return `${label} at step ${al.step}, the latest both have (A is at step ${al.latestA}, B at step ${al.latestB})`;
  });
  return `${parts.join('; ')}.${allSame ? '' : ' No verdict until A and B have evaluated the same step.'}`;
}
