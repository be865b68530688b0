/**
 * Whether a view has anything drawn to save, from the state alone (the export buttons are disabled
 * until it has: an empty frame or a "no evaluation yet" placeholder is not worth a file). Pure.
 */
import type { PlotId } from '../help/plotHelp';
import { viewedSnapshot, type PlaygroundState } from '../../state/store';

/** What each view needs before it shows data. */
const HAS_CONTENT: Record<PlotId, (s: PlaygroundState) => boolean> = {
  'embedding-plot': (s) => (viewedSnapshot(s)?.labels.length ?? 0) > 0,
  'embedding-timeline': (s) => s.timeline.length > 0,
  'input-plane': (s) => s.config.data !== 'mnist' && !!s.snapshot?.plane,
  'loss-plot': (s) => s.history.step.length > 0,
  'accuracy-plot': (s) => s.history.evalStep.length > 0,
  'gradient-vs-alpha': (s) => !!s.snapshot?.gradient,
  'pr-curve': (s) => s.evaluation !== null || s.pinned.length > 0,
  'score-distribution': (s) => s.evaluation !== null,
  'utility-curves': (s) => s.evaluation !== null,
  'distance-histogram': (s) => s.evaluation !== null,
  'metrics-over-steps': (s) => s.evalSeries.step.length > 0,
  'opis-scatter': (s) => s.runPoints.some((p) => Number.isFinite(p.error) && Number.isFinite(p.opis)),
};

/** True when view `id` has data drawn (so a saved file is not an empty frame). */
export function plotHasContent(id: PlotId, s: PlaygroundState): boolean {
  return HAS_CONTENT[id](s);
}

/** Why a view's export buttons are off, in words (for their tooltip). */
export function emptyReason(id: PlotId): string {
  if (id === 'opis-scatter') return 'Nothing to save yet: record a run in the scatter first.';
  if (id === 'gradient-vs-alpha') return 'Nothing to save: this view has no curves for this run.';
  if (id === 'pr-curve' || id === 'score-distribution' || id === 'utility-curves' || id === 'distance-histogram' || id === 'metrics-over-steps')
    return 'Nothing to save yet: no evaluation — train a few steps.';
  return 'Nothing to save yet: train a few steps.';
}
