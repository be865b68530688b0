import { SvgPlot } from './SvgPlot';
import { drawOpisScatter, SCATTER_SIZE } from '../../charts/opisChart';

/**
 * Threshold consistency vs accuracy (TCM Fig. 3): one point per recorded run, error (100 − R@1) to
 * the right, OPIS up. Lower-left is better on both; TCM should move a run down without moving it right.
 */
export function OpisScatter() {
  return (
    <SvgPlot
      id="opis-scatter"
      title="Threshold consistency vs error, per run"
      ariaLabel="OPIS versus error scatter"
      viewBox={SCATTER_SIZE}
      data={{ points: '0' }}
      select={(s) => s.runPoints}
      draw={(s, svg, box) => drawOpisScatter(s.runPoints, svg, box)}
    />
  );
}
