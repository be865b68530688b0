import { useRef } from 'react';
import { useViewSource } from '../viewSource';
import { useFrameRedraw } from '../useFrameRedraw';
import { EMBEDDING_SIZE } from '../../charts/embedding/embeddingMarkup';
import { drawEmbedding } from '../../charts/embedding/embeddingChart';
import { viewedSnapshot } from '../../state/store';
import { EmbeddingTimeline } from './EmbeddingTimeline';
import { PlotFrame } from './PlotFrame';

const SIZE = EMBEDDING_SIZE;

/**
 * The evaluation set in the embedding space. For d = 2 the l2-normalised embeddings lie on the
 * unit circle, drawn with the normalised class weights as diamonds at radius 0.9 (HU Fig. 3);
 * for d > 2, the top two principal components. Points go on a canvas (thousands of them),
 * the frame, weights and legend in SVG on top. `timeline: false` leaves out the replay over
 * training (a set of one's own has no steps).
 */
export function EmbeddingPlot({ timeline = true }: { timeline?: boolean } = {}) {
  const { store } = useViewSource();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);

  useFrameRedraw(
    store,
    viewedSnapshot,
    () => {
      const s = store.getState();
      const snap = viewedSnapshot(s);
      // The embedding just before heating-up, faintly, behind any later one (same projection only).
      const ghost = s.ghost && snap && snap.step > s.ghost.step && snap.projection === 'circle' ? s.ghost : null;
      if (canvasRef.current && svgRef.current && boxRef.current) drawEmbedding(snap, ghost, canvasRef.current, svgRef.current, boxRef.current);
    },
    () => boxRef.current,
  );

  return (
    <PlotFrame id="embedding-plot" title="Embedding of the evaluation set" className="plot embedding" boxRef={boxRef} data={{ points: '0' }} after={timeline && <EmbeddingTimeline />}>
      {/* SIZE wide at most; narrower screens scale canvas and SVG down together (styles.css). */}
      <div className="stack" style={{ width: SIZE }}>
        <canvas ref={canvasRef} width={SIZE} height={SIZE} />
        <svg ref={svgRef} width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label="embedding plot" />
      </div>
    </PlotFrame>
  );
}
