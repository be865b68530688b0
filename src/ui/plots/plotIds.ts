/**
 * The names of the page's figures: every view's data-testid, by which its help, its text
 * alternative and its saved files know it, and the comparison's overlays. Pure data, so that
 * src/ui/help and src/ui/exports can name a view without importing the views.
 */

/** The data-testid of every view, in page order. */
export const PLOT_IDS = [
  'embedding-plot',
  'embedding-timeline',
  'input-plane',
  'loss-plot',
  'accuracy-plot',
  'gradient-vs-alpha',
  'pr-curve',
  'score-distribution',
  'utility-curves',
  'threshold-tool',
  'roc-curve',
  'distance-histogram',
  'metrics-over-steps',
  'opis-scatter',
] as const;

/** A view's data-testid. */
export type PlotId = (typeof PLOT_IDS)[number];

/** True if `id` is a view's data-testid. */
export function isPlotId(id: string): id is PlotId {
  return (PLOT_IDS as readonly string[]).includes(id);
}

/** The comparison view's overlays of runs A and B (their figures' data-testid). */
export type CompareChartId = 'compare-loss' | 'compare-metrics' | 'compare-pr';

/** A figure with save buttons: one of the page's views or one of the comparison's overlays. */
export type FigureId = PlotId | CompareChartId;

/** True for the comparison's overlays (whose content and title come from both runs). */
export const isCompareChart = (id: FigureId): id is CompareChartId => id.startsWith('compare-');
