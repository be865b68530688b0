/**
 * The frame the charts share (distance, ROC / DET, threshold, score distribution, PR, utility, OPIS,
 * gradient vs α and the comparison's overlays): an x axis along the bottom margin, a y axis along the left one, their
 * labels (x at the bottom right, y turned up at the top left) and, while there is nothing to draw,
 * a sentence in the middle. Made on the first draw and updated after (series.ts's `layer`).
 */
import * as d3 from 'd3';
import { layer, type One } from './series';

/** A chart's margins around its plotting area, in px. */
export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** What a frame draws. */
export interface FrameSpec {
  /** The chart's viewBox (width, height). */
  size: readonly [number, number];
  margin: Margin;
  xAxis: d3.Axis<d3.NumberValue>;
  yAxis: d3.Axis<d3.NumberValue>;
  xLabel: string;
  yLabel: string;
  /** The sentence shown while there is nothing to draw; null (or absent) once there is. */
  empty?: string | null;
  /** The x label's baseline above the bottom edge, in px. */
  xLabelLift?: number;
  /** The y label's baseline from the left edge, in px (default 11). */
  yLabelX?: number;
}

/** Draws (or updates) the frame of `spec` into `svg`. */
export function frame(svg: One<SVGSVGElement>, spec: FrameSpec): void {
  const [W, H] = spec.size;
  const M = spec.margin;
  layer(svg, 'g', 'x-axis').attr('transform', `translate(0,${H - M.bottom})`).call(spec.xAxis);
  layer(svg, 'g', 'y-axis').attr('transform', `translate(${M.left},0)`).call(spec.yAxis);
  layer(svg, 'text', 'axis-label x-label')
    .attr('x', W - M.right)
    .attr('y', H - (spec.xLabelLift ?? 4))
    .attr('text-anchor', 'end')
    .text(spec.xLabel);
  layer(svg, 'text', 'axis-label y-label').attr('transform', `translate(${spec.yLabelX ?? 11},${M.top}) rotate(-90)`).attr('text-anchor', 'end').text(spec.yLabel);
  svg
    .selectAll('text.empty-state')
    .data(spec.empty ? [spec.empty] : [])
    .join('text')
    .attr('class', 'empty-state')
    .attr('x', (M.left + W - M.right) / 2)
    .attr('y', H / 2)
    .text((t) => t);
}
