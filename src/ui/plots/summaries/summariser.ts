/**
 * How one view of the page is summarised in words (plotSummaries.ts): from the page's state, with a
 * key that says when the summary may have changed. The parts it returns are src/charts/kit/summaryKit.ts's.
 */
import type { PlaygroundState } from '../../../state/store';
import type { PlotSummary } from '../../../charts/kit/summaryKit';

/** How one plot is summarised: `key` changes whenever the summary may have (compared element-wise). */
export interface Summariser {
  readonly key: (s: PlaygroundState) => readonly unknown[];
  readonly summarise: (s: PlaygroundState) => PlotSummary;
}
