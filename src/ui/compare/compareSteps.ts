/**
 * Which step the A | B table compares two runs at (pure; no React). Each run's metrics exist only at
 * the steps it evaluated, and two runs rarely evaluate at the same pace (one is slower, or evaluates
 * every 20 steps against the other's 10). The table compares every run at the latest step all of
 * them have evaluated — like with like — and gives its verdict (better / worse) there, labelled with
 * that step. The series only grow, so that step only moves on: a verdict stays until a later common
 * step replaces it, and never blinks off while the runs train at different paces.
 */
import type { ClaimMetric } from '../../state/presets/presetClaims';

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

/**
 * How the two sides are compared. Each side is one run, or one run per seed of a comparison on
 * several seeds; `latestA` / `latestB` are the latest evaluated step of each side's slowest run.
 */
export type Alignment =
  /** Every run's latest evaluation lies outside its series, all at the same step: compared there. */
  | { source: 'extra'; step: number; same: true; latestA: number; latestB: number }
  /**
   * Compared at `step`, the latest step every run's series has: at point `index[i]` of run i (A's runs
   * first, then B's); `same` when that is every run's latest evaluation.
   */
  | { source: 'series'; step: number; index: number[]; same: boolean; latestA: number; latestB: number }
  /** No step every run has evaluated: each side's latest (null: none yet), nothing compared. */
  | { source: 'none'; latestA: number | null; latestB: number | null };

/** The latest step `r` has evaluated, or null. */
export function latestStep(r: RunSteps): number | null {
  const last = r.steps.length ? r.steps[r.steps.length - 1] : null;
  if (r.extra === null) return last;
  return last === null ? r.extra.step : Math.max(last, r.extra.step);
}

/** The slowest run's latest step (null when any run has evaluated nothing). */
function slowest(runs: readonly RunSteps[]): number | null {
  const latest = runs.map(latestStep);
  return latest.some((v) => v === null) ? null : Math.min(...(latest as number[]));
}

/**
 * Where to compare sides `a` and `b` (one run each, or one per seed): the latest out-of-series
 * evaluations (e.g. "Evaluate all") only against each other when every run made one at the same
 * step; otherwise the latest step every run's series has. A verdict is due (`same`) only when the
 * compared step is every run's latest evaluation.
 */
export function alignRuns(a: readonly RunSteps[], b: readonly RunSteps[]): Alignment {
  const runs = [...a, ...b];
  const latestA = slowest(a);
  const latestB = slowest(b);
  const extra = runs[0]?.extra?.step;
  if (extra !== undefined && runs.every((r) => r.extra?.step === extra)) return { source: 'extra', step: extra, same: true, latestA: extra, latestB: extra };
  if (latestA === null || latestB === null || runs.length === 0) return { source: 'none', latestA, latestB };
  // Walk the first run's steps down to one every other run has too.
  let index: number[] | null = null;
  for (let i = runs[0].steps.length - 1; i >= 0 && !index; i--) {
    const found = runs.map((r) => r.steps.lastIndexOf(runs[0].steps[i]));
    if (found.every((j) => j >= 0)) index = found;
  }
  if (!index) return { source: 'none', latestA, latestB };
  const step = runs[0].steps[index[0]];
  return { source: 'series', step, index, same: runs.every((r) => latestStep(r) === step), latestA, latestB };
}

/** Whether the alignment allows a verdict (better / worse): every run is compared at one step. */
export const verdictDue = (al: Alignment): boolean => al.source !== 'none';

/** The step the alignment compares at, or null. */
export const comparedStep = (al: Alignment): number | null => (al.source === 'none' ? null : al.step);

/**
 * The table's caption: at which step each group of rows is compared (and, while the runs stand at
 * different steps, how far each side has got). Empty when neither run has evaluated anything.
 * `seeds`: how many seeds each side trains (the caption then speaks of each side's slowest seed).
 */
export function stepCaption(groups: ReadonlyArray<{ label: string; align: Alignment }>, seeds = 1): string {
  const shown = groups.filter((g) => g.align.source !== 'none' || g.align.latestA !== null || g.align.latestB !== null);
  if (shown.length === 0) return '';
  const steps = new Set(shown.map((g) => comparedStep(g.align)));
  const allLatest = shown.every((g) => g.align.source !== 'none' && g.align.same);
  const many = seeds > 1;
  const cells = many ? '; each cell is the mean ± half-range over the seeds' : '';
  if (allLatest && steps.size === 1) {
    return many
      ? `A and B, ${seeds} seeds each, compared at step ${[...steps][0]}, the latest step of all ${2 * seeds} runs${cells}.`
      : `A and B compared at step ${[...steps][0]}, the latest step of both.`;
  }
  const side = (v: number | null) => (v === null ? 'none yet' : `step ${v}`);
  const [a, b] = many ? ['A’s slowest seed', 'B’s'] : ['A', 'B'];
  const all = many ? 'all runs' : 'both';
  const parts = shown.map(({ label, align: al }) => {
    if (al.source === 'none') return `${label}: no step ${all} have evaluated yet (${a}: ${side(al.latestA)}, ${b}: ${side(al.latestB)})`;
    if (al.same) return `${label} at step ${al.step}, the latest of ${all}`;
    return `${label} at step ${al.step}, the latest ${all} have (${a} is at step ${al.latestA}, ${b} at step ${al.latestB})`;
  });
  return `${parts.join('; ')}${shown.some((g) => g.align.source !== 'none') ? cells : ''}.`;
}

/** The rows in the order shown: the opened preset's claimed metric first (the lesson's number), the rest as listed. */
export function rowsInOrder<R extends { claim?: ClaimMetric }>(rows: readonly R[], claim: ClaimMetric | null): R[] {
  const first = rows.filter((r) => claim !== null && r.claim === claim);
  return [...first, ...rows.filter((r) => !first.includes(r))];
}

/** A side's curve over several seeds: their mean and, around it, the band from the lowest to the highest seed. */
export interface SeedBand {
  x: number[];
  mean: number[];
  lo: number[];
  hi: number[];
}

/**
 * The mean and min–max band of one metric over a side's seeds, at the steps every seed has reached
 * (the runs of one configuration evaluate at the same steps, so that is the common prefix; a point
 * where any seed is not finite is left out of the band and the mean).
 */
export function seedBand(runs: ReadonlyArray<{ x: ArrayLike<number>; y: ArrayLike<number> }>): SeedBand {
  const band: SeedBand = { x: [], mean: [], lo: [], hi: [] };
  if (runs.length === 0) return band;
  const n = Math.min(...runs.map((r) => Math.min(r.x.length, r.y.length)));
  for (let i = 0; i < n; i++) {
    const x = runs[0].x[i];
    if (runs.some((r) => r.x[i] !== x)) break;
    const ys = runs.map((r) => r.y[i]);
    if (!ys.every(Number.isFinite)) continue;
    band.x.push(x);
    band.mean.push(ys.reduce((s, v) => s + v, 0) / ys.length);
    band.lo.push(Math.min(...ys));
    band.hi.push(Math.max(...ys));
  }
  return band;
}
