/**
 * Whether a view has anything drawn to save, from the state alone (the export buttons are disabled
 * until it has: an empty frame or a "no evaluation yet" placeholder is not worth a file). Pure.
 */
import { isCompareChart, type FigureId } from '../plots/plotIds';
import { viewedSnapshot, type PlaygroundState } from '../../state/store';

/** What each figure needs before it shows data (an overlay: in one run; it is drawn if A or B has it). */
const HAS_CONTENT: Record<FigureId, (s: PlaygroundState) => boolean> = {
  'embedding-plot': (s) => (viewedSnapshot(s)?.labels.length ?? 0) > 0,
  'embedding-timeline': (s) => s.timeline.length > 0,
  'input-plane': (s) => s.config.data !== 'mnist' && !!s.snapshot?.plane,
  'loss-plot': (s) => s.history.step.length > 0,
  'accuracy-plot': (s) => s.history.evalStep.length > 0,
  'gradient-vs-alpha': (s) => !!s.snapshot?.gradient,
  'pr-curve': (s) => s.evaluation !== null || s.pinned.length > 0,
  'score-distribution': (s) => s.evaluation !== null,
  'utility-curves': (s) => s.evaluation !== null,
  'threshold-tool': (s) => s.evaluation !== null,
  'roc-curve': (s) => (s.evaluation?.roc?.far.length ?? 0) > 0,
  'distance-histogram': (s) => s.evaluation !== null,
  'metrics-over-steps': (s) => s.evalSeries.step.length > 0,
  'opis-scatter': (s) => s.runPoints.some((p) => Number.isFinite(p.error) && Number.isFinite(p.opis)),
  'compare-loss': (s) => s.history.step.length > 0,
  'compare-metrics': (s) => s.evalSeries.step.length > 0,
  'compare-pr': (s) => s.evaluation !== null,
};

/**
 * True when figure `id` has data drawn (so a saved file is not an empty frame); for an overlay,
 * pass run B's state as `b` (it is drawn when either run has data).
 */
export function plotHasContent(id: FigureId, s: PlaygroundState, b?: PlaygroundState | null): boolean {
  return HAS_CONTENT[id](s) || (!!b && isCompareChart(id) && HAS_CONTENT[id](b));
}

/** The figures that draw evaluations (empty until the first one). */
const EVALUATED: readonly FigureId[] = ['pr-curve', 'score-distribution', 'utility-curves', 'threshold-tool', 'roc-curve', 'distance-histogram', 'metrics-over-steps', 'compare-metrics', 'compare-pr'];

/** Why a view's export buttons are off, in words (for their tooltip). */
export function emptyReason(id: FigureId): string {
  if (id === 'opis-scatter') return 'Nothing to save yet: record a run in the scatter first.';
  if (id === 'gradient-vs-alpha') return 'Nothing to save: this view has no curves for this run.';
  if (EVALUATED.includes(id)) return 'Nothing to save yet: no evaluation — train a few steps.';
  return 'Nothing to save yet: train a few steps.';
}
