import { useRef } from 'react';
import { useController } from '../context';
import { useFrameRedraw } from '../useFrameRedraw';
import { drawOpisScatter, SCATTER_SIZE } from '../../charts/opisChart';
import { PlotTitle } from '../help/PlotTitle';
import { PlotAlternative } from './PlotAlternative';

const [W, H] = SCATTER_SIZE;

/**
 * Threshold consistency vs accuracy (TCM Fig. 3): one point per recorded run, error (100 − R@1) to
 * the right, OPIS up. Lower-left is better on both; TCM should move a run down without moving it right.
 */
export function OpisScatter() {
  const { store } = useController();
  const boxRef = useRef<HTMLElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  useFrameRedraw(
    store,
    (s) => s.runPoints,
    () => {
      if (boxRef.current && svgRef.current) drawOpisScatter(store.getState().runPoints, svgRef.current, boxRef.current);
    },
    () => boxRef.current,
  );
  return (
    <figure className="plot eval-plot" data-testid="opis-scatter" data-points="0" ref={boxRef}>
      <PlotTitle id="opis-scatter">Threshold consistency vs error, per run</PlotTitle>
      <svg ref={svgRef} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="OPIS versus error scatter" />
      <PlotAlternative id="opis-scatter" />
    </figure>
  );
}
