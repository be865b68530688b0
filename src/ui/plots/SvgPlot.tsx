import { useRef } from 'react';
import { useController } from '../context';
import { useFrameRedraw } from '../useFrameRedraw';
import type { PlaygroundState } from '../../state/store';
import { PlotTitle } from '../help/PlotTitle';
import type { PlotId } from './plotIds';
import { PlotAlternative } from './PlotAlternative';

/**
 * A captioned figure with one SVG that `draw` repaints on an animation frame whenever
 * `select(state)` changes. `draw` also gets the figure element, to set its data attributes.
 */
export function SvgPlot(props: {
  testId: PlotId;
  caption: string;
  ariaLabel: string;
  viewBox: [number, number];
  select: (s: PlaygroundState) => unknown;
  draw: (s: PlaygroundState, svg: SVGSVGElement, box: HTMLElement) => void;
}) {
  const { store } = useController();
  const boxRef = useRef<HTMLElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  useFrameRedraw(store, props.select, () => {
    if (boxRef.current && svgRef.current) props.draw(store.getState(), svgRef.current, boxRef.current);
  }, () => boxRef.current);
  return (
    <figure className="plot eval-plot" data-testid={props.testId} ref={boxRef}>
      <PlotTitle id={props.testId}>{props.caption}</PlotTitle>
      <svg ref={svgRef} viewBox={`0 0 ${props.viewBox[0]} ${props.viewBox[1]}`} role="img" aria-label={props.ariaLabel} />
      <PlotAlternative id={props.testId} />
    </figure>
  );
}
