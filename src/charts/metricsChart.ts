/**
 * The metrics-over-steps view's drawing (MetricsOverSteps.tsx): AP, R@1 and NMI on the left axis,
 * OPIS and ε-OPIS on the right, at each evaluated step, with a hover readout — from a run's plain
 * {@link MetricSeries}. Pure d3 on an SVG element.
 */
import * as d3 from 'd3';
import { downsample, finitePoints, layer, MAX_MARKERS } from './kit/series';

export const METRICS_SIZE: [number, number] = [420, 260];
const [W, H] = METRICS_SIZE;
const M = { top: 30, right: 52, bottom: 36, left: 46 };

/** The metrics drawn, by their names in a run's evaluation series. */
type Key = 'ap' | 'recallAt1' | 'nmi' | 'opis' | 'epsOpis';
/** What the view reads of a run's periodic evaluations: the evaluated steps, and each metric at each. */
export type MetricSeries = { step: number[] } & Record<Key, number[]>;
/** Left axis: scores in [0, 1]. Right axis: OPIS and ε-OPIS, orders of magnitude smaller, dashed. */
const SERIES: { key: Key; label: string; colour: string; right: boolean }[] = [
  { key: 'ap', label: 'AP', colour: '#0077BB', right: false },
  { key: 'recallAt1', label: 'R@1', colour: '#009988', right: false },
  { key: 'nmi', label: 'NMI', colour: '#EE7733', right: false },
  { key: 'opis', label: 'OPIS', colour: '#CC3311', right: true },
  { key: 'epsOpis', label: 'ε-OPIS', colour: '#EE3377', right: true },
];

/** Draws `es` into `svgEl` (viewBox {@link METRICS_SIZE}). */
export function drawMetricsOverSteps(es: MetricSeries, svgEl: SVGSVGElement) {
  // Elements are created once and updated on each redraw; per-point markers only for short series.
  const svg = d3.select(svgEl);
  svgEl.dataset.points = String(es.step.length);
  const n = es.step.length;
  const x = d3
    .scaleLinear()
    .domain([0, Math.max(1, n ? es.step[n - 1] : 1)])
    .range([M.left, W - M.right]);
  const y = d3.scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  const rightMax = Math.max(n ? 1e-6 : 1e-2, d3.max(es.opis) ?? 0, d3.max(es.epsOpis) ?? 0);
  const yr = d3.scaleLinear().domain([0, rightMax]).nice().range([H - M.bottom, M.top]);
  const scale = (sr: (typeof SERIES)[number]) => (sr.right ? yr : y);
  drawAxes(svg, x, y, yr);
  drawLegend(svg);
  svg
    .selectAll('text.empty-state')
    .data(n ? [] : ['No evaluation yet — train a few steps'])
    .join('text')
    .attr('class', 'empty-state')
    .attr('x', (M.left + W - M.right) / 2)
    .attr('y', H / 2)
    .text((t) => t);
  drawSeries(svg, es, x, scale);
  readout(svg, es, x, scale);
}

/** The step axis, the scores' axis on the left, the OPIS axis on the right, and their titles. */
function drawAxes(svg: d3.Selection<SVGSVGElement, unknown, null, undefined>, x: d3.ScaleLinear<number, number>, y: d3.ScaleLinear<number, number>, yr: d3.ScaleLinear<number, number>) {
  layer(svg, 'g', 'x-axis').attr('transform', `translate(0,${H - M.bottom})`).call(d3.axisBottom(x).ticks(6));
  layer(svg, 'g', 'y-axis').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(5));
  layer(svg, 'g', 'right-axis').attr('transform', `translate(${W - M.right},0)`).call(d3.axisRight(yr).ticks(5).tickFormat(sciTick));
  layer(svg, 'text', 'axis-label x-label').attr('x', W - M.right).attr('y', H - 4).attr('text-anchor', 'end').text('training step');
  layer(svg, 'text', 'axis-label y-label').attr('transform', `translate(11,${H - M.bottom}) rotate(-90)`).text('AP, R@1, NMI (0…1)');
  layer(svg, 'text', 'axis-label right-axis').attr('transform', `translate(${W - 4},${H - M.bottom}) rotate(-90)`).text('OPIS, ε-OPIS (dashed)');
}

/** The legend across the top, one entry per series (built on the first draw only). */
function drawLegend(svg: d3.Selection<SVGSVGElement, unknown, null, undefined>) {
  layer(svg, 'g', 'legend')
    .attr('transform', `translate(${M.left},12)`)
    .selectAll<SVGGElement, (typeof SERIES)[number]>('g')
    .data(SERIES, (sr) => sr.key)
    .join((enter) => {
      const row = enter.append('g').attr('transform', (_, i) => `translate(${i * 66},0)`);
      row
        .append('line')
        .attr('class', (sr) => (sr.right ? 'series-line right' : 'series-line'))
        .attr('stroke', (sr) => sr.colour)
        .attr('x1', 0)
        .attr('x2', 14)
        .attr('y1', -4)
        .attr('y2', -4);
      row.append('text').attr('x', 18).text((sr) => sr.label);
      return row;
    });
}

/** The series' lines, and their per-point dots while the evaluations are few. */
function drawSeries(
  svg: d3.Selection<SVGSVGElement, unknown, null, undefined>,
  es: MetricSeries,
  x: d3.ScaleLinear<number, number>,
  scale: (sr: (typeof SERIES)[number]) => d3.ScaleLinear<number, number>,
) {
  const n = es.step.length;
  // One path per series, drawn from at most MAX_PATH_POINTS points.
  layer(svg, 'g', 'series')
    .selectAll<SVGPathElement, (typeof SERIES)[number]>('path')
    .data(n ? SERIES : [], (sr) => sr.key)
    .join('path')
    .attr('class', (sr) => (sr.right ? 'series-line right' : 'series-line'))
    .attr('stroke', (sr) => sr.colour)
    .attr('d', (sr) =>
      d3
        .line<[number, number]>()
        .defined((p) => Number.isFinite(p[1]))
        .x((p) => x(p[0]))
        .y((p) => scale(sr)(p[1]))(downsample(es.step, es[sr.key])),
    );
  // Dots carry per-point tooltips while evaluations are few; a long series has none (the readout below serves).
  layer(svg, 'g', 'dots')
    .selectAll<SVGGElement, (typeof SERIES)[number]>('g')
    .data(n && n <= MAX_MARKERS ? SERIES : [], (sr) => sr.key)
    .join('g')
    .each(function (sr) {
      d3.select(this)
        .selectAll<SVGCircleElement, [number, number]>('circle')
        .data(finitePoints(es.step, es[sr.key]))
        .join((enter) => enter.append('circle').call((c) => c.append('title')))
        .attr('class', 'series-dot')
        .attr('fill', sr.colour)
        .attr('cx', (p) => x(p[0]))
        .attr('cy', (p) => scale(sr)(p[1]))
        .attr('r', 2.4)
        .select('title')
        .text((p) => `step ${p[0]}: ${sr.label} ${fmt(sr, p[1])}`);
    });
}

/** A hover readout of the evaluation nearest the pointer: a fixed handful of elements, however long the run. */
function readout(
  svg: d3.Selection<SVGSVGElement, unknown, null, undefined>,
  es: MetricSeries,
  x: d3.ScaleLinear<number, number>,
  scale: (sr: (typeof SERIES)[number]) => d3.ScaleLinear<number, number>,
) {
  const focus = layer(svg, 'g', 'focus').attr('pointer-events', 'none').attr('display', 'none');
  const rule = layer(focus, 'line', 'focus-rule').attr('stroke', '#888').attr('y1', M.top).attr('y2', H - M.bottom);
  const dots = focus
    .selectAll<SVGCircleElement, (typeof SERIES)[number]>('circle')
    .data(SERIES, (sr) => sr.key)
    .join('circle')
    .attr('r', 3)
    .attr('fill', (sr) => sr.colour);
  // Mid-height (scores sit near 1, OPIS near 0), with a white halo over the lines it crosses.
  const text = layer(focus, 'text', 'caption focus-text')
    .attr('y', (M.top + H - M.bottom) / 2)
    .attr('stroke', 'white')
    .attr('stroke-width', 3)
    .attr('paint-order', 'stroke');
  // On the svg itself, so that hovering a dot (with its own tooltip) still moves the readout.
  svg
    .on('pointermove.readout', (event: PointerEvent) => {
      const n = es.step.length;
      const [px, py] = d3.pointer(event);
      if (!n || px < M.left || px > W - M.right || py < M.top || py > H - M.bottom) return focus.attr('display', 'none');
      const s = x.invert(px);
      const j = Math.min(n - 1, d3.bisectLeft(es.step, s));
      const i = j > 0 && s - es.step[j - 1] < es.step[j] - s ? j - 1 : j;
      const cx = x(es.step[i]);
      focus.attr('display', null);
      rule.attr('x1', cx).attr('x2', cx);
      dots
        .attr('cx', cx)
        .attr('cy', (sr) => scale(sr)(es[sr.key][i]))
        .attr('display', (sr) => (Number.isFinite(es[sr.key][i]) ? null : 'none'));
      const left = cx > (M.left + W - M.right) / 2;
      const value = (sr: (typeof SERIES)[number]) => `${sr.label} ${fmt(sr, es[sr.key][i])}`;
      const lines = [`step ${es.step[i]}`, SERIES.filter((sr) => !sr.right).map(value).join(' · '), SERIES.filter((sr) => sr.right).map(value).join(' · ')];
      text
        .attr('text-anchor', left ? 'end' : 'start')
        .selectAll('tspan')
        .data(lines)
        .join('tspan')
        .attr('x', left ? cx - 6 : cx + 6)
        .attr('dy', (_, k) => (k ? '1.2em' : 0))
        .text((t) => t);
    })
    .on('pointerleave.readout', () => focus.attr('display', 'none'));
}

const fmt = (sr: (typeof SERIES)[number], v: number) => (!Number.isFinite(v) ? '—' : sr.right ? v.toExponential(3) : v.toFixed(4));

/** Small values in e-notation (OPIS spans 1e-4 … 1e-1), but a plain 0 at the origin. */
const sciTick = (v: d3.NumberValue) => (+v === 0 ? '0' : d3.format('.1~e')(v));
