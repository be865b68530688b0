import { useRef } from 'react';
import { useViewSource } from '../viewSource';
import { useFrameRedraw } from '../useFrameRedraw';
import type { PlaygroundState } from '../../state/store';
import type { PlotId } from './plotIds';
import { PlotFrame } from './PlotFrame';

/**
 * A view that is one SVG in its frame: `draw` repaints it on an animation frame whenever
 * `select(state)` changes, and also gets the figure element, to set its data attributes
 * (`data` gives their first values).
 */
export function SvgPlot(props: {
  id: PlotId;
  title: string;
  ariaLabel: string;
  viewBox: readonly [number, number];
  select: (s: PlaygroundState) => unknown;
  draw: (s: PlaygroundState, svg: SVGSVGElement, box: HTMLElement) => void;
  data?: Readonly<Record<string, string>>;
}) {
  const { store } = useViewSource();
  const boxRef = useRef<HTMLElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  useFrameRedraw(store, props.select, () => {
    if (boxRef.current && svgRef.current) props.draw(store.getState(), svgRef.current, boxRef.current);
  }, () => boxRef.current);
  return (
    <PlotFrame id={props.id} title={props.title} className="plot eval-plot" boxRef={boxRef} data={props.data}>
      <svg ref={svgRef} viewBox={`0 0 ${props.viewBox[0]} ${props.viewBox[1]}`} role="img" aria-label={props.ariaLabel} />
    </PlotFrame>
  );
}
