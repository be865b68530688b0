/**
 * The training curves' drawing (TrainingCurves.tsx): the loss with the scale α in force, and the
 * accuracy and compactness on the evaluation set, from a run's plain {@link TrainingHistory}. Pure d3
 * on an SVG element.
 */
import * as d3 from 'd3';
import { downsample, layer, type One } from './kit/series';

/** What the curves read of a run's per-step series (the store's history). */
export interface TrainingHistory {
  step: number[];
  loss: number[];
  /** The scale α in force at each step. */
  alpha: number[];
  /** Nearest-centroid accuracy and compactness at the steps the embedding was refreshed. */
  evalStep: number[];
  accuracy: number[];
  compactness: number[];
}

/** The loss view's size; the accuracy view is 3/4 as high. */
export const CURVES_WIDTH = 520;
export const CURVES_HEIGHT = 200;
const W = CURVES_WIDTH;
const H = CURVES_HEIGHT;
const M = { top: 14, right: 46, bottom: 30, left: 48 };

/** The step axis and its label, created on the first draw and updated after: a redraw never rebuilds the plot. */
function stepAxis(svgEl: SVGSVGElement, height: number, xMax: number) {
  const svg = d3.select(svgEl);
  const x = d3.scaleLinear().domain([0, Math.max(1, xMax)]).range([M.left, W - M.right]);
  layer(svg, 'g', 'x-axis').attr('transform', `translate(0,${height - M.bottom})`).call(d3.axisBottom(x).ticks(6));
  layer(svg, 'text', 'axis-label').attr('x', W - M.right).attr('y', height - 2).attr('text-anchor', 'end').text('step');
  return { svg, x };
}

/** One path per series (never a node per point: a long run would grow the page without bound). */
const seriesPath = (svg: One<SVGSVGElement>, cls: string, d: string | null) => layer(svg, 'path', cls).attr('d', d ?? '');

export function drawLoss(svgEl: SVGSVGElement, h: TrainingHistory, heatAt: number | null) {
  const n = h.step.length;
  const { svg, x } = stepAxis(svgEl, H, n ? h.step[n - 1] : 1);
  svgEl.dataset.points = String(n);
  // The downsampled series keep every bucket's highest finite point, so their maxima are the
  // series' own — without another pass (and a copy) over a history of up to 100,000 steps per frame.
  const lossPoints = downsample(h.step, h.loss);
  const alphaPoints = downsample(h.step, h.alpha);
  const y = d3
    .scaleLinear()
    .domain([0, Math.max(1e-6, d3.max(lossPoints, (p) => (Number.isFinite(p[1]) ? p[1] : undefined)) ?? 1)])
    .nice()
    .range([H - M.bottom, M.top]);
  const ya = d3
    .scaleLinear()
    .domain([0, Math.max(1e-6, d3.max(alphaPoints, (p) => p[1]) ?? 1)])
    .nice()
    .range([H - M.bottom, M.top]);
  // Left and right axes only once there is a run to scale them to.
  svg
    .selectAll<SVGGElement, string>('g.y-axis, g.alpha-axis')
    .data(n ? ['y-axis', 'alpha-axis'] : [], (c) => c)
    .join('g')
    .attr('class', (c) => c)
    .attr('transform', (c) => `translate(${c === 'y-axis' ? M.left : W - M.right},0)`)
    .each(function (c) {
      d3.select(this).call(c === 'y-axis' ? d3.axisLeft(y).ticks(5) : d3.axisRight(ya).ticks(4));
    });
  svg
    .selectAll('line.heat-marker')
    .data(n && heatAt !== null && heatAt <= h.step[n - 1] ? [heatAt] : [])
    .join('line')
    .attr('class', 'heat-marker')
    .attr('x1', (v) => x(v))
    .attr('x2', (v) => x(v))
    .attr('y1', M.top)
    .attr('y2', H - M.bottom);
  const line = d3
    .line<[number, number]>()
    .defined((d) => Number.isFinite(d[1]))
    .x((d) => x(d[0]))
    .y((d) => y(d[1]));
  const alphaLine = d3
    .line<[number, number]>()
    .x((d) => x(d[0]))
    .y((d) => ya(d[1]))
    .curve(d3.curveStepAfter);
  seriesPath(svg, 'alpha-line', n ? alphaLine(alphaPoints) : null);
  seriesPath(svg, 'loss-line', n ? line(lossPoints) : null);
}

export function drawAccuracy(svgEl: SVGSVGElement, h: TrainingHistory) {
  const height = H * 0.75;
  const n = h.evalStep.length;
  const { svg, x } = stepAxis(svgEl, height, h.step.length ? h.step[h.step.length - 1] : 1);
  svgEl.dataset.points = String(n);
  const y = d3.scaleLinear().domain([0, 1]).range([height - M.bottom, M.top]);
  const finite = h.compactness.filter(Number.isFinite);
  const yc = d3
    .scaleLinear()
    .domain([0, Math.max(1e-6, d3.max(finite) ?? 1)])
    .nice()
    .range([height - M.bottom, M.top]);
  layer(svg, 'g', 'y-axis').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(4, '%'));
  layer(svg, 'g', 'compact-axis').attr('transform', `translate(${W - M.right},0)`).call(d3.axisRight(yc).ticks(4));
  const line = (scale: d3.ScaleLinear<number, number>) =>
    d3
      .line<[number, number]>()
      .defined((d) => Number.isFinite(d[1]))
      .x((d) => x(d[0]))
      .y((d) => scale(d[1]));
  seriesPath(svg, 'compact-line', n ? line(yc)(downsample(h.evalStep, h.compactness)) : null);
  seriesPath(svg, 'acc-line', n ? line(y)(downsample(h.evalStep, h.accuracy)) : null);
}
