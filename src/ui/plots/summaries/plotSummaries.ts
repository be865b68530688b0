/**
 * Every view's text alternative, by its data-testid: what PlotAlternative.tsx shows as a live
 * summary and as a "show as table" table. The summarisers read the page's state (history for loss
 * and accuracy, evalSeries for metrics over steps, evaluation for the evaluation plots, runPoints
 * for the scatter, the snapshot for the embedding views).
 */
import type { PlotId } from '../plotIds';
import type { Summariser } from './summariser';
import { accuracySummary, embeddingSummary, gradientSummary, inputPlaneSummary, lossSummary, timelineSummary } from './trainingSummaries';
import { distanceSummary, metricsSummary, prSummary, rocSummary, scatterSummary, scoreSummary, thresholdSummary, utilitySummary } from './evalSummaries';

export type { PlotSummary, PlotTable } from '../../../charts/kit/summaryKit';
export type { Summariser } from './summariser';

/** The summariser of each view. */
export const SUMMARISERS: { readonly [K in PlotId]: Summariser } = {
  'embedding-plot': embeddingSummary,
  'embedding-timeline': timelineSummary,
  'input-plane': inputPlaneSummary,
  'loss-plot': lossSummary,
  'accuracy-plot': accuracySummary,
  'gradient-vs-alpha': gradientSummary,
  'pr-curve': prSummary,
  'score-distribution': scoreSummary,
  'utility-curves': utilitySummary,
  'threshold-tool': thresholdSummary,
  'roc-curve': rocSummary,
  'distance-histogram': distanceSummary,
  'metrics-over-steps': metricsSummary,
  'opis-scatter': scatterSummary,
};
