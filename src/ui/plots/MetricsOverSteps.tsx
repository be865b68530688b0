import { useRef } from 'react';
import { useController } from '../context';
import { useFrameRedraw } from '../useFrameRedraw';
import { PlotTitle } from '../help/PlotTitle';
import { PlotAlternative } from './PlotAlternative';
import { drawMetricsOverSteps, METRICS_SIZE } from '../../charts/metricsChart';

const [W, H] = METRICS_SIZE;

/** The scalar evaluation metrics of this run at each evaluated step. */
export function MetricsOverSteps() {
  const { store } = useController();
  const svgRef = useRef<SVGSVGElement>(null);
  useFrameRedraw(
    store,
    (s) => s.evalVersion,
    () => {
      if (svgRef.current) drawMetricsOverSteps(store.getState().evalSeries, svgRef.current);
    },
    () => svgRef.current,
  );
  return (
    <figure className="plot eval-plot" data-testid="metrics-over-steps">
      <PlotTitle id="metrics-over-steps">Evaluation metrics over training</PlotTitle>
      <svg ref={svgRef} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="evaluation metrics over steps" />
      <PlotAlternative id="metrics-over-steps" />
    </figure>
  );
}
