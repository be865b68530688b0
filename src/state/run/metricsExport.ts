/**
 * The run's metrics as files (the "Save metrics" buttons), pure TypeScript: a CSV with one row per
 * periodic evaluation ({@link metricRows}, {@link metricsCsv}) and a JSON document with the
 * configuration, the rows, the latest full evaluation and the loss and α over steps
 * ({@link metricsDocument}, {@link metricsJson}).
 */
import type { Config } from '../params';
import type { EvalSeries, History, PlaygroundState } from '../store';

/** The CSV's columns, in order (also the keys of a {@link MetricRow}). */
export const METRIC_COLUMNS = ['step', 'loss', 'ap', 'opis', 'epsOpis', 'recallAt1', 'nmi', 'accuracy', 'compactness'] as const;

/** One evaluated step; null where that step has no such value. */
export type MetricRow = { step: number } & Record<Exclude<(typeof METRIC_COLUMNS)[number], 'step'>, number | null>;

/** The history kept in the JSON file is thinned to about this many points (first and last kept). */
export const MAX_HISTORY_POINTS = 1000;

/** Index of each step's last occurrence (a resumed run truncates, so steps do not repeat; last wins anyway). */
function indexOf(steps: readonly number[]): Map<number, number> {
  const m = new Map<number, number>();
  steps.forEach((s, i) => m.set(s, i));
  return m;
}

/** The rows of the metrics file: one per step of `series`, joined with the loss, accuracy and compactness at that step. */
export function metricRows(series: EvalSeries, history: History): MetricRow[] {
  const lossAt = indexOf(history.step);
  const refreshAt = indexOf(history.evalStep);
  return series.step.map((step, i) => {
    const l = lossAt.get(step);
    const r = refreshAt.get(step);
    return {
      step,
      loss: l === undefined ? null : history.loss[l],
      ap: series.ap[i],
      opis: series.opis[i],
      epsOpis: series.epsOpis[i],
      recallAt1: series.recallAt1[i],
      nmi: series.nmi[i],
      accuracy: r === undefined ? null : history.accuracy[r],
      compactness: r === undefined ? null : history.compactness[r],
    };
  });
}

/**
 * The rows as CSV text: a header line, then one line per row (`\n` line ends, a final newline).
 * Columns {@link METRIC_COLUMNS}: `step` the training step evaluated; `loss` that step's training
 * loss (empty if the history does not hold it); `ap`, `opis`, `epsOpis`, `recallAt1`, `nmi` the
 * all-pairs metrics on the periodic subsample; `accuracy`, `compactness` nearest-centroid accuracy
 * and compactness of the embedding refresh at that step (empty where that step had none: they
 * follow `evalEvery`, the metrics `metricsEvery`). Numbers are written unrounded (`String(x)`
 * round-trips a double), a non-finite value as `NaN`, `Infinity` or `-Infinity`. An "Evaluate all"
 * report is not a row (it is not on the subsample the rows share); it is the JSON's `final`.
 */
export function metricsCsv(rows: readonly MetricRow[]): string {
  const cell = (v: number | null) => (v === null ? '' : String(v));
  const lines = [METRIC_COLUMNS.join(','), ...rows.map((r) => METRIC_COLUMNS.map((c) => cell(r[c])).join(','))];
  return lines.join('\n') + '\n';
}

/** The latest evaluation's scalar results: no curve or histogram arrays. */
export interface FinalEvaluation {
  step: number;
  /** True for "Evaluate all" (every evaluation item), false for the periodic subsample. */
  full: boolean;
  items: number;
  pairs: number;
  positives: number;
  /** 'exact', or the binned path ('js' | 'tf' | 'wgsl') with its number of cosine bins. */
  path: string;
  bins: number | null;
  ap: number;
  opis: number;
  epsOpis: number;
  nmi: number;
  recall: { k: number; value: number }[];
  /** Items of the seeded subsample Recall@K and NMI are computed on. */
  recallItems: number;
  calibration: { dMin: number; dMax: number };
  /** The classes that have a positive pair (the utility curves' classes). */
  classes: number[];
  ms: number;
}

/** {@link FinalEvaluation} of a report (null when there is none). */
export function finalEvaluation(e: PlaygroundState['evaluation']): FinalEvaluation | null {
  if (!e) return null;
  return {
    step: e.step,
    full: e.full,
    items: e.n,
    pairs: e.pairs,
    positives: e.positives,
    path: e.path,
    bins: e.bins,
    ap: e.ap,
    opis: e.opis,
    epsOpis: e.epsOpis,
    nmi: e.nmi,
    recall: e.recall.k.map((k, i) => ({ k, value: e.recall.value[i] })),
    recallItems: e.recall.items,
    calibration: { dMin: e.calibration.dMin, dMax: e.calibration.dMax },
    classes: [...e.utility.classes],
    ms: e.ms,
  };
}

/** At most about `max` evenly spaced indices of a series of length n, the first and last included. */
export function thinIndices(n: number, max: number): number[] {
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let k = 0; k < max; k++) out.push(Math.round((k * (n - 1)) / (max - 1)));
  return out;
}

/** What the metrics JSON file holds. */
export interface MetricsDocument {
  generatedBy: string;
  /** The link that reproduces the run (configuration in the hash). */
  link: string;
  /** The training step when the file was saved. */
  step: number;
  config: Config;
  columns: readonly string[];
  steps: MetricRow[];
  final: FinalEvaluation | null;
  history: { step: number[]; loss: number[]; alpha: number[] };
}

/** The metrics document of a run's state, with its reproducing `link`. */
export function metricsDocument(s: Pick<PlaygroundState, 'config' | 'evalSeries' | 'history' | 'evaluation' | 'step'>, link: string): MetricsDocument {
  const h = s.history;
  const keep = thinIndices(h.step.length, MAX_HISTORY_POINTS);
  return {
    generatedBy: 'Metric Playground',
    link,
    step: s.step,
    config: { ...s.config },
    columns: METRIC_COLUMNS,
    steps: metricRows(s.evalSeries, h),
    final: finalEvaluation(s.evaluation),
    history: { step: keep.map((i) => h.step[i]), loss: keep.map((i) => h.loss[i]), alpha: keep.map((i) => h.alpha[i]) },
  };
}

/**
 * The document as JSON text (two-space indent; JSON has no NaN: non-finite numbers become null):
 * `{ generatedBy, link, step, config, columns, steps: rows, final, history }`, `final` the latest
 * evaluation's scalars (no curves), `history` the loss and α over steps, thinned to at most
 * {@link MAX_HISTORY_POINTS} points.
 */
export function metricsJson(doc: MetricsDocument): string {
  return JSON.stringify(doc, null, 2) + '\n';
}
