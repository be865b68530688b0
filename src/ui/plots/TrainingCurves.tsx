import { useRef } from 'react';
import * as d3 from 'd3';
import { useController } from '../context';
import { useFrameRedraw } from './useFrameRedraw';
import type { History } from '../../state/store';
import { PlotTitle } from '../help/PlotTitle';

const W = 520;
const H = 200;
const M = { top: 14, right: 46, bottom: 30, left: 48 };
/** Paths longer than this are drawn from a strided sample (the shape survives, the DOM stays light). */
const MAX_PATH_POINTS = 2000;

function strided(xs: number[], ys: number[]): [number, number][] {
  const stride = Math.max(1, Math.ceil(xs.length / MAX_PATH_POINTS));
  const out: [number, number][] = [];
  for (let i = 0; i < xs.length; i += stride) out.push([xs[i], ys[i]]);
  if (xs.length && (xs.length - 1) % stride !== 0) out.push([xs[xs.length - 1], ys[ys.length - 1]]);
  return out;
}

/** Loss with the scale α in force (heating-up shows as a step or a ramp); accuracy and compactness on the evaluation set. */
export function TrainingCurves() {
  const { store } = useController();
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
  );
  return (
    <div className="curves">
      <figure className="plot" data-testid="loss-plot">
        <PlotTitle id="loss-plot">
          Training loss <span className="key loss">—</span> and scale α <span className="key alpha">- -</span>
        </PlotTitle>
        <svg ref={lossRef} width={W} height={H} role="img" aria-label="loss curve" />
      </figure>
      <figure className="plot" data-testid="accuracy-plot">
        <PlotTitle id="accuracy-plot">
          Accuracy (nearest centroid) <span className="key acc">—</span> and compactness <span className="key compact">- -</span>
        </PlotTitle>
        <svg ref={accRef} width={W} height={H * 0.75} role="img" aria-label="accuracy curve" />
      </figure>
    </div>
  );
}

function frame(svgEl: SVGSVGElement, height: number, xMax: number) {
  const svg = d3.select(svgEl);
  svg.selectAll('*').remove();
  const x = d3.scaleLinear().domain([0, Math.max(1, xMax)]).range([M.left, W - M.right]);
  svg.append('g').attr('transform', `translate(0,${height - M.bottom})`).call(d3.axisBottom(x).ticks(6));
  svg.append('text').attr('class', 'axis-label').attr('x', W - M.right).attr('y', height - 2).attr('text-anchor', 'end').text('step');
  return { svg, x };
}

function drawLoss(svgEl: SVGSVGElement, h: History, heatAt: number | null) {
  const n = h.step.length;
  const { svg, x } = frame(svgEl, H, n ? h.step[n - 1] : 1);
  svgEl.dataset.points = String(n);
  if (!n) return;
  const finite = h.loss.filter(Number.isFinite);
  const y = d3
    .scaleLinear()
    .domain([0, Math.max(1e-6, d3.max(finite) ?? 1)])
    .nice()
    .range([H - M.bottom, M.top]);
  const ya = d3
    .scaleLinear()
    .domain([0, Math.max(1e-6, d3.max(h.alpha) ?? 1)])
    .nice()
    .range([H - M.bottom, M.top]);
  svg.append('g').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(5));
  svg.append('g').attr('class', 'alpha-axis').attr('transform', `translate(${W - M.right},0)`).call(d3.axisRight(ya).ticks(4));
  if (heatAt !== null && heatAt <= h.step[n - 1]) {
    svg.append('line').attr('class', 'heat-marker').attr('x1', x(heatAt)).attr('x2', x(heatAt)).attr('y1', M.top).attr('y2', H - M.bottom);
  }
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
  svg.append('path').attr('class', 'alpha-line').attr('d', alphaLine(strided(h.step, h.alpha)));
  svg.append('path').attr('class', 'loss-line').attr('d', line(strided(h.step, h.loss)));
}

function drawAccuracy(svgEl: SVGSVGElement, h: History) {
  const height = H * 0.75;
  const n = h.evalStep.length;
  const { svg, x } = frame(svgEl, height, h.step.length ? h.step[h.step.length - 1] : 1);
  svgEl.dataset.points = String(n);
  const y = d3.scaleLinear().domain([0, 1]).range([height - M.bottom, M.top]);
  const finite = h.compactness.filter(Number.isFinite);
  const yc = d3
    .scaleLinear()
    .domain([0, Math.max(1e-6, d3.max(finite) ?? 1)])
    .nice()
    .range([height - M.bottom, M.top]);
  svg.append('g').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(4, '%'));
  svg.append('g').attr('class', 'compact-axis').attr('transform', `translate(${W - M.right},0)`).call(d3.axisRight(yc).ticks(4));
  if (!n) return;
  // One path per series (never a node per point: a long run would grow the page without bound).
  const line = (scale: d3.ScaleLinear<number, number>) =>
    d3
      .line<[number, number]>()
      .defined((d) => Number.isFinite(d[1]))
      .x((d) => x(d[0]))
      .y((d) => scale(d[1]));
  svg.append('path').attr('class', 'compact-line').attr('d', line(yc)(strided(h.evalStep, h.compactness)));
  svg.append('path').attr('class', 'acc-line').attr('d', line(y)(strided(h.evalStep, h.accuracy)));
}
