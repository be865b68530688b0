import { useRef } from 'react';
import * as d3 from 'd3';
import { useController } from '../context';
import { useFrameRedraw } from './useFrameRedraw';
import type { EvalSeries } from '../../state/store';
import { PlotTitle } from '../help/PlotTitle';

const W = 420;
const H = 260;
const M = { top: 30, right: 52, bottom: 36, left: 46 };

type Key = Exclude<keyof EvalSeries, 'step'>;
/** Left axis: scores in [0, 1]. Right axis: OPIS and ε-OPIS, orders of magnitude smaller, dashed. */
const SERIES: { key: Key; label: string; colour: string; right: boolean }[] = [
  { key: 'ap', label: 'AP', colour: '#0077BB', right: false },
  { key: 'recallAt1', label: 'R@1', colour: '#009988', right: false },
  { key: 'nmi', label: 'NMI', colour: '#EE7733', right: false },
  { key: 'opis', label: 'OPIS', colour: '#CC3311', right: true },
  { key: 'epsOpis', label: 'ε-OPIS', colour: '#EE3377', right: true },
];

/** The scalar evaluation metrics of this run at each evaluated step. */
export function MetricsOverSteps() {
  const { store } = useController();
  const svgRef = useRef<SVGSVGElement>(null);
  useFrameRedraw(
    store,
    (s) => s.evalVersion,
    () => {
      if (svgRef.current) draw(store.getState().evalSeries, svgRef.current);
    },
  );
  return (
    <figure className="plot eval-plot" data-testid="metrics-over-steps">
      <PlotTitle id="metrics-over-steps">Evaluation metrics over training</PlotTitle>
      <svg ref={svgRef} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="evaluation metrics over steps" />
    </figure>
  );
}

function draw(es: EvalSeries, svgEl: SVGSVGElement) {
  const svg = d3.select(svgEl);
  svg.selectAll('*').remove();
  svgEl.dataset.points = String(es.step.length);
  const n = es.step.length;
  const x = d3
    .scaleLinear()
    .domain([0, Math.max(1, n ? es.step[n - 1] : 1)])
    .range([M.left, W - M.right]);
  const y = d3.scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  const rightMax = Math.max(n ? 1e-6 : 1e-2, d3.max(es.opis) ?? 0, d3.max(es.epsOpis) ?? 0);
  const yr = d3.scaleLinear().domain([0, rightMax]).nice().range([H - M.bottom, M.top]);
  svg.append('g').attr('transform', `translate(0,${H - M.bottom})`).call(d3.axisBottom(x).ticks(6));
  svg.append('g').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(5));
  svg.append('g').attr('class', 'right-axis').attr('transform', `translate(${W - M.right},0)`).call(d3.axisRight(yr).ticks(5).tickFormat(sciTick));
  svg.append('text').attr('class', 'axis-label').attr('x', W - M.right).attr('y', H - 4).attr('text-anchor', 'end').text('training step');
  svg.append('text').attr('class', 'axis-label').attr('transform', `translate(11,${H - M.bottom}) rotate(-90)`).text('AP, R@1, NMI (0…1)');
  svg.append('text').attr('class', 'axis-label right-axis').attr('transform', `translate(${W - 4},${H - M.bottom}) rotate(-90)`).text('OPIS, ε-OPIS (dashed)');

  // Legend across the top, one entry per series.
  const g = svg.append('g').attr('class', 'legend').attr('transform', `translate(${M.left},12)`);
  SERIES.forEach((sr, i) => {
    const row = g.append('g').attr('transform', `translate(${i * 66},0)`);
    row
      .append('line')
      .attr('class', sr.right ? 'series-line right' : 'series-line')
      .attr('stroke', sr.colour)
      .attr('x1', 0)
      .attr('x2', 14)
      .attr('y1', -4)
      .attr('y2', -4);
    row.append('text').attr('x', 18).text(sr.label);
  });
  if (!n) {
    svg.append('text').attr('class', 'empty-state').attr('x', (M.left + W - M.right) / 2).attr('y', H / 2).text('No evaluation yet — train a few steps');
    return;
  }
  for (const sr of SERIES) {
    const ys = sr.right ? yr : y;
    const pts = es.step.map((st, i) => [st, es[sr.key][i]] as [number, number]).filter((p) => Number.isFinite(p[1]));
    svg
      .append('path')
      .attr('class', sr.right ? 'series-line right' : 'series-line')
      .attr('stroke', sr.colour)
      .attr('d', d3.line<[number, number]>().x((p) => x(p[0])).y((p) => ys(p[1]))(pts));
    // Dots carry the tooltips; evaluations are seconds apart, so there are few of them.
    svg
      .append('g')
      .selectAll('circle')
      .data(pts)
      .join('circle')
      .attr('class', 'series-dot')
      .attr('fill', sr.colour)
      .attr('cx', (p) => x(p[0]))
      .attr('cy', (p) => ys(p[1]))
      .attr('r', 2.4)
      .append('title')
      .text((p) => `step ${p[0]}: ${sr.label} ${sr.right ? p[1].toExponential(3) : p[1].toFixed(4)}`);
  }
}

/** Small values in e-notation (OPIS spans 1e-4 … 1e-1), but a plain 0 at the origin. */
const sciTick = (v: d3.NumberValue) => (+v === 0 ? '0' : d3.format('.1~e')(v));
