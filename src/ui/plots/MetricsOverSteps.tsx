import { useRef } from 'react';
import { useViewSource } from '../viewSource';
import { useFrameRedraw } from '../useFrameRedraw';
import { PlotFrame } from './PlotFrame';
import { drawMetricsOverSteps, METRICS_SIZE } from '../../charts/metricsChart';

const [W, H] = METRICS_SIZE;

/** The scalar evaluation metrics of this run at each evaluated step. */
export function MetricsOverSteps() {
  const { store } = useViewSource();
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
    <PlotFrame id="metrics-over-steps" title="Evaluation metrics over training" className="plot eval-plot">
      <svg ref={svgRef} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="evaluation metrics over steps" />
    </PlotFrame>
  );
}
