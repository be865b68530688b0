import { useRef } from 'react';
import { useController } from '../context';
import { useFrameRedraw } from '../useFrameRedraw';
import { PlotTitle } from '../help/PlotTitle';
import { PlotAlternative } from './PlotAlternative';
import { CURVES_HEIGHT as H, CURVES_WIDTH as W, drawAccuracy, drawLoss } from '../../charts/trainingChart';

/** Loss with the scale α in force (heating-up shows as a step or a ramp); accuracy and compactness on the evaluation set. */
export function TrainingCurves() {
  const { store } = useController();
  const lossRef = useRef<SVGSVGElement>(null);
  const accRef = useRef<SVGSVGElement>(null);
  useFrameRedraw(
    store,
    (s) => s.historyVersion,
    () => {
      const { history, config } = store.getState();
      if (lossRef.current) drawLoss(lossRef.current, history, config.heat !== 'off' ? config.heatAt : null);
      if (accRef.current) drawAccuracy(accRef.current, history);
    },
    () => lossRef.current?.closest('.curves') ?? null,
  );
  return (
    <div className="curves">
      <figure className="plot" data-testid="loss-plot">
        <PlotTitle id="loss-plot">
          Training loss <span className="key loss">—</span> and scale α <span className="key alpha">- -</span>
        </PlotTitle>
        <svg ref={lossRef} width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="loss curve" />
        <PlotAlternative id="loss-plot" />
      </figure>
      <figure className="plot" data-testid="accuracy-plot">
        <PlotTitle id="accuracy-plot">
          Accuracy (nearest centroid) <span className="key acc">—</span> and compactness <span className="key compact">- -</span>
        </PlotTitle>
        <svg ref={accRef} width={W} height={H * 0.75} viewBox={`0 0 ${W} ${H * 0.75}`} role="img" aria-label="accuracy curve" />
        <PlotAlternative id="accuracy-plot" />
      </figure>
    </div>
  );
}
