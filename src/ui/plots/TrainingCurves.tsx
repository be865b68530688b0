import { useRef } from 'react';
import { useViewSource } from '../viewSource';
import { useFrameRedraw } from '../useFrameRedraw';
import { PlotFrame } from './PlotFrame';
import { CURVES_HEIGHT as H, CURVES_WIDTH as W, drawAccuracy, drawLoss } from '../../charts/trainingChart';

/** The loss view's title, with its lines' keys. */
const LOSS_TITLE = (
  <>
    Training loss <span className="key loss">—</span> and scale α <span className="key alpha">- -</span>
  </>
);

/** The accuracy view's title, with its lines' keys. */
const ACCURACY_TITLE = (
  <>
    Accuracy (nearest centroid) <span className="key acc">—</span> and compactness <span className="key compact">- -</span>
  </>
);

/** Loss with the scale α in force (heating-up shows as a step or a ramp); accuracy and compactness on the evaluation set. */
export function TrainingCurves() {
  const { store } = useViewSource();
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
      <PlotFrame id="loss-plot" title={LOSS_TITLE} className="plot">
        <svg ref={lossRef} width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="loss curve" />
      </PlotFrame>
      <PlotFrame id="accuracy-plot" title={ACCURACY_TITLE} className="plot">
        <svg ref={accRef} width={W} height={H * 0.75} viewBox={`0 0 ${W} ${H * 0.75}`} role="img" aria-label="accuracy curve" />
      </PlotFrame>
    </div>
  );
}
