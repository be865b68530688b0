import { SvgPlot } from './SvgPlot';
import { drawDistance, DISTANCE_SIZE, type DistanceChartData } from '../../charts/distanceChart';
import type { PlaygroundState } from '../../state/store';

/** The page's state → the view's data: the latest evaluation's histograms, or null before one. */
function distanceChartData(s: PlaygroundState): DistanceChartData | null {
  return s.evaluation?.distance ?? null;
}

/**
 * Positive- and negative-pair distance distributions (TCM Fig. 10), overlaid. Negatives outnumber
 * positives ~9:1 on ten classes, so each is normalised to its own total: the overlap of the two
 * shapes, not their sizes, is what a threshold has to cut through. The drawing takes plain data
 * (distanceChart.ts).
 */
export function DistanceHistogram() {
  return (
    <SvgPlot
      id="distance-histogram"
      title="Pair distance distributions"
      ariaLabel="positive and negative pair distance histograms"
      viewBox={DISTANCE_SIZE}
      select={(s) => s.evaluation}
      draw={(s, svg, box) => drawDistance(svg, box, distanceChartData(s))}
    />
  );
}
