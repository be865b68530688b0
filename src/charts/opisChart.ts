/**
 * The threshold-consistency-vs-error view's drawing (OpisScatter.tsx, TCM Fig. 3): one point per
 * recorded run, error (100 − R@1) to the right, OPIS up — from plain {@link ScatterPoint}s, so the CLI's
 * SVG files draw it too. Pure d3 on an SVG element.
 */
import * as d3 from 'd3';
import { frame } from './kit/frame';

/** One run in the scatter: its label, error (100 − Recall@1, in percent) and OPIS. */
export interface ScatterPoint {
  label: string;
  error: number;
  opis: number;
}

export const SCATTER_SIZE: [number, number] = [420, 260];
const [W, H] = SCATTER_SIZE;
const M = { top: 12, right: 14, bottom: 36, left: 56 };

/** Draws the OPIS-vs-error scatter of `points` into `svgEl` (viewBox {@link SCATTER_SIZE}); `box` says how many it drew. */
export function drawOpisScatter(points: readonly ScatterPoint[], svgEl: SVGSVGElement, box: HTMLElement) {
  const svg = d3.select(svgEl);
  svg.selectAll('*').remove();
  const pts = points.filter((p) => Number.isFinite(p.error) && Number.isFinite(p.opis));
  box.dataset.points = String(pts.length);
  const xMax = d3.max(pts, (p) => p.error) ?? 10;
  const yMax = d3.max(pts, (p) => p.opis) ?? 1e-3;
  const x = d3
    .scaleLinear()
    .domain([0, Math.max(1, xMax * 1.15)])
    .nice()
    .range([M.left, W - M.right]);
  const y = d3
    .scaleLinear()
    .domain([0, Math.max(1e-6, yMax * 1.15)])
    .nice()
    .range([H - M.bottom, M.top]);
  frame(svg, {
    size: SCATTER_SIZE,
    margin: M,
    xAxis: d3.axisBottom(x).ticks(6),
    yAxis: d3.axisLeft(y).ticks(5).tickFormat(sciTick),
    xLabel: 'error = 100 − Recall@1 (%)',
    yLabel: 'OPIS (lower = more consistent)',
    empty: pts.length ? null : 'No runs recorded — press “Record run in scatter”',
  });
  if (!pts.length) return;
  const g = svg.append('g').selectAll('g').data(pts).join('g').attr('transform', (p) => `translate(${x(p.error)},${y(p.opis)})`);
  g.append('circle').attr('class', 'run-point').attr('r', 5);
  // Every run is labelled in place (loss, α, data, heating-up, TCM, step), so runs tell apart.
  g.append('text')
    .attr('data-testid', 'run-label')
    .attr('class', 'caption')
    .attr('text-anchor', (p) => (x(p.error) > W * 0.6 ? 'end' : 'start'))
    .attr('x', (p) => (x(p.error) > W * 0.6 ? -7 : 7))
    .attr('y', -7)
    .text((p) => p.label);
  g.append('title').text((p) => `${p.label}\nerror ${p.error.toFixed(2)}% · OPIS ${p.opis.toExponential(3)}`);
}

/** Small values in e-notation (OPIS spans 1e-4 … 1e-1), but a plain 0 at the origin. */
const sciTick = (v: d3.NumberValue) => (+v === 0 ? '0' : d3.format('.1~e')(v));
