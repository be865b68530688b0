/**
 * The ROC / DET view (SPEC "Evaluation": TAR against FAR over all pairs, FAR on a log axis): drawn
 * from plain data — a {@link RocCurve} — so the page, its SVG export and the CLI draw the same thing
 * without a training run. Marks TAR at SPEC's FARs (1e-4, 1e-3, 1e-2: the curve's `marks`). Pure d3 on an SVG element.
 */
import * as d3 from 'd3';
import type { RocCurve } from '../eval/metrics/roc';
import { layer } from './kit/series';
import { frame } from './kit/frame';
import { pct } from './kit/summaryKit';

export const ROC_SIZE: [number, number] = [420, 260];
const M = { top: 28, right: 14, bottom: 36, left: 54 };

/** Draws `curve` (null: the empty state) into `svgEl` (viewBox {@link ROC_SIZE}); axes and labels are made once and updated. */
export function drawRoc(svgEl: SVGSVGElement, curve: RocCurve | null): void {
  const [W, H] = ROC_SIZE;
  const svg = d3.select(svgEl);
  const has = !!curve && curve.far.length > 0;
  const lo = has ? Math.max(1e-6, Math.min(curve.far[0], 1 / Math.max(1, curve.negatives))) : 1e-6;
  const x = d3.scaleLog().domain([lo, 1]).range([M.left, W - M.right]).clamp(true);
  const y = d3.scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  frame(svg, {
    size: ROC_SIZE,
    margin: M,
    xAxis: d3.axisBottom(x).ticks(6, '~e'),
    yAxis: d3.axisLeft(y).ticks(5, '.0%'),
    xLabel: 'FAR: accepted share of negative pairs (log)',
    yLabel: 'TAR: accepted share of positive pairs',
    empty: has ? null : 'No evaluation yet',
  });
  const points = has ? curve.far.map((f, i) => [f, curve.tar[i]] as [number, number]).filter(([f]) => f >= lo) : [];
  layer(svg, 'path', 'roc-line')
    .attr('fill', 'none')
    .attr('stroke', '#0077bb')
    .attr('stroke-width', 2)
    .attr('data-points', points.length)
    .attr('d', d3.line<[number, number]>().curve(d3.curveStepAfter).x((p) => x(p[0])).y((p) => y(p[1]))(points) ?? '');
  const marks = has ? curve.marks.filter((m) => m.reached >= lo) : [];
  const g = layer(svg, 'g', 'tar-marks')
    .selectAll<SVGGElement, (typeof marks)[number]>('g')
    .data(marks, (m) => String(m.far))
    .join((enter) => {
      const e = enter.append('g');
      e.append('circle').attr('r', 3.5);
      return e;
    })
    .attr('class', 'tar-mark')
    .attr('data-far', (m) => m.far)
    .attr('data-tar', (m) => m.tar)
    .attr('transform', (m) => `translate(${x(m.reached)},${y(m.tar)})`);
  g.select('circle').attr('class', (_, i) => `mark-${i}`);
  // The readout: one line per FAR at the lower right (marks of equal TAR sit side by side on the
  // curve, where labels beside them would overlap).
  layer(svg, 'g', 'tar-readout')
    .attr('transform', `translate(${W - M.right - 4},${H - M.bottom - 8 - 13 * (marks.length - 1)})`)
    .selectAll<SVGTextElement, (typeof marks)[number]>('text')
    .data(marks, (m) => String(m.far))
    .join('text')
    .attr('text-anchor', 'end')
    .attr('font-size', 11)
    .attr('y', (_, i) => 13 * i)
    .text((m) => `TAR ${pct(m.tar)} at FAR ${m.far}`);
}
