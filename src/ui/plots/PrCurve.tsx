import { useRef } from 'react';
import { useViewSource } from '../viewSource';
import { useFrameRedraw } from '../useFrameRedraw';
import { PlotFrame } from './PlotFrame';
import { drawPr, PR_SIZE, type PrChartData } from '../../charts/prChart';
import type { PlaygroundState } from '../../state/store';

/** The page's state → the view's data (the latest evaluation and the pinned curves). */
function prChartData(s: PlaygroundState): PrChartData {
  return { evaluation: s.evaluation, pinned: s.pinned };
}

/**
 * Precision vs recall over all pairs ranked by cosine (CE Fig. 4), drawn as the step function AP
 * integrates (`Σ (R_n − R_{n−1}) P_n`: precision P_n holds over (R_{n−1}, R_n]); the pinned curve
 * of an earlier run dashed on top, for comparison. The drawing takes plain data (prChart.ts).
 */
export function PrCurve() {
  const { store } = useViewSource();
  const boxRef = useRef<HTMLElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const redraw = () => {
    if (boxRef.current && svgRef.current) drawPr(svgRef.current, boxRef.current, prChartData(store.getState()));
  };
  useFrameRedraw(store, (s) => s.evaluation, redraw, () => boxRef.current);
  useFrameRedraw(store, (s) => s.pinned, redraw, () => boxRef.current);
  return (
    <PlotFrame id="pr-curve" title="Precision–recall over all pairs" className="plot eval-plot" boxRef={boxRef} data={{ points: '0' }}>
      <svg ref={svgRef} viewBox={`0 0 ${PR_SIZE[0]} ${PR_SIZE[1]}`} role="img" aria-label="precision-recall curve" />
    </PlotFrame>
  );
}
