import { SvgPlot } from './SvgPlot';
import { drawUtility, UTILITY_SIZE, type UtilityChartData } from '../../charts/utilityChart';
import type { PlaygroundState } from '../../state/store';

/** The page's state → the view's data: the latest evaluation, or null before one. */
function utilityChartData(s: PlaygroundState): UtilityChartData | null {
  return s.evaluation;
}

/**
 * Per-class utility U_t(d) (TCM Eq. 1) against the distance threshold, over the calibration range
 * [d_min, d_max] where OPIS is measured (shaded). Curves that lie on top of each other mean one
 * threshold serves every class equally well (low OPIS); a spread means it does not. The drawing
 * takes plain data (utilityChart.ts).
 */
export function UtilityCurves() {
  return (
    <SvgPlot
      id="utility-curves"
      title="Per-class utility over the calibration range"
      ariaLabel="per-class utility curves"
      viewBox={UTILITY_SIZE}
      select={(s) => s.evaluation}
      draw={(s, svg, box) => drawUtility(svg, box, utilityChartData(s))}
    />
  );
}
