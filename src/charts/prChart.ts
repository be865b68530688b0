/**
 * The precision–recall view (CE Fig. 4): drawn from plain data — the report's curve and the pinned
 * curves of earlier runs, a {@link PrChartData} — so the page (PrCurve.tsx) and the CLI's SVG files
 * (src/cli/evaluate/figures.ts) draw the same thing without a training run. Pure d3 on an SVG element.
 */
import * as d3 from 'd3';
import { frame } from './kit/frame';
import type { EvalReport } from '../eval/report';

/** The view's viewBox (width, height). */
export const PR_SIZE: [number, number] = [420, 260];
const [W, H] = PR_SIZE;
const M = { top: 12, right: 14, bottom: 36, left: 46 };

/** What the view reads of an evaluation: the curve, its AP, the pair counts (chance level) and how AP was computed. */
export type PrEvaluation = Pick<EvalReport, 'pr' | 'ap' | 'pairs' | 'positives' | 'path' | 'bins'>;

/** A PR curve kept for comparison while another run trains: its label, AP and curve. */
export interface PinnedPr {
  label: string;
  ap: number;
  precision: number[];
  recall: number[];
}

/** The PR view's data: the current evaluation's curve (null before the first) and the pinned curves drawn over it. */
export interface PrChartData {
  /** The current run's evaluation; null draws only the pinned curves (or the empty state). */
  evaluation: PrEvaluation | null;
  /** Earlier runs' curves kept for comparison, oldest first (their colours follow this order). */
  pinned: readonly PinnedPr[];
}

/** How the report's AP was computed, for the legend (SPEC: binned results state their binning). */
function pathLabel(e: { path: string; bins: number | null }): string {
  return e.path === 'exact' ? 'exact' : `binned, ${e.bins ?? '?'} bins`;
}

/** Pinned curves, told apart by colour (dashed, unlike the current run's solid line). */
const PIN_COLOURS = ['#ee7733', '#009988', '#cc3311', '#33bbee', '#ee3377', '#bbbbbb'];

/**
 * Draws `data` into `svgEl` (viewBox {@link PR_SIZE}) as the step function AP integrates, the pinned
 * curves dashed on top; sets `box`'s data-points and data-pinned (what the tests and exports read).
 * Redrawn from scratch each time (the pinned curves come and go).
 */
export function drawPr(svgEl: SVGSVGElement, box: HTMLElement, data: PrChartData): void {
  const { evaluation: e, pinned } = data;
  const svg = d3.select(svgEl);
  svg.selectAll('*').remove();
  box.dataset.points = String(e ? e.pr.recall.length : 0);
  const x = d3.scaleLinear().domain([0, 1]).range([M.left, W - M.right]);
  const y = d3.scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  const empty = !e && pinned.length === 0;
  frame(svg, {
    size: PR_SIZE,
    margin: M,
    xAxis: d3.axisBottom(x).ticks(5),
    yAxis: d3.axisLeft(y).ticks(5),
    xLabel: 'recall (fraction of positive pairs)',
    yLabel: 'precision',
    empty: empty ? 'No evaluation yet — train a few steps' : null,
  });
  if (empty) return;

  const line = d3
    .line<number>()
    .curve(d3.curveStepBefore)
    .defined((_, i, a) => Number.isFinite(a[i]))
    .y((p) => y(p));
  const legend: { cls: string; colour?: string; text: string }[] = [];
  if (e) {
    // Chance level: a random ranking has precision = share of positive pairs at every recall.
    const chance = e.pairs > 0 ? e.positives / e.pairs : 0;
    svg
      .append('line')
      .attr('class', 'pr-chance')
      .attr('x1', x(0))
      .attr('x2', x(1))
      .attr('y1', y(chance))
      .attr('y2', y(chance))
      .append('title')
      .text(`chance: precision ${chance.toFixed(3)} (share of positive pairs)`);
    const r = e.pr.recall;
    svg
      .append('path')
      .attr('class', 'pr-line')
      .attr('d', line.x((_, i) => x(r[i]))(e.pr.precision))
      .append('title')
      .text(`current run · AP ${e.ap.toFixed(4)} · ${pathLabel(e)}`);
    legend.push({ cls: 'pr-line', text: `current · AP ${e.ap.toFixed(3)} (${pathLabel(e)})` });
    // Sparse invisible hover targets: a <title> per ~40 operating points keeps the DOM light.
    const stride = Math.max(1, Math.floor(r.length / 40));
    const idx = d3.range(0, r.length, stride);
    svg
      .append('g')
      .selectAll('circle')
      .data(idx)
      .join('circle')
      .attr('class', 'hover-target')
      .attr('cx', (i) => x(r[i]))
      .attr('cy', (i) => y(e.pr.precision[i]))
      .attr('r', 5)
      .append('title')
      .text((i) => `recall ${r[i].toFixed(3)}, precision ${e.pr.precision[i].toFixed(3)}`);
  }
  box.dataset.pinned = String(pinned.length);
  pinned.forEach((pin, k) => {
    const r = pin.recall;
    svg
      .append('path')
      .attr('class', 'pr-pinned')
      .attr('stroke', PIN_COLOURS[k % PIN_COLOURS.length])
      .attr('d', line.x((_, i) => x(r[i]))(pin.precision))
      .append('title')
      .text(`pinned: ${pin.label} · AP ${pin.ap.toFixed(4)}`);
    legend.push({ cls: 'pr-pinned', colour: PIN_COLOURS[k % PIN_COLOURS.length], text: `${pin.label} · AP ${pin.ap.toFixed(3)}` });
  });
  // Bottom left, above the chance line: a useful ranking keeps precision high at low recall, so it stays clear.
  const g = svg.append('g').attr('class', 'legend').attr('transform', `translate(${M.left + 8},${y(0.38)})`);
  legend.forEach((l, i) => {
    const row = g.append('g').attr('transform', `translate(0,${i * 14})`);
    row.append('line').attr('class', l.cls).attr('stroke', l.colour ?? null).attr('x1', 0).attr('x2', 16).attr('y1', -4).attr('y2', -4);
    row.append('text').attr('x', 20).text(l.text);
  });
}
