/**
 * The per-class utility view (TCM Eq. 1 against the distance threshold, over the calibration range):
 * drawn from plain data — the report's utility curves, calibration range and OPIS, a
 * {@link UtilityChartData} — so the page (UtilityCurves.tsx) and the CLI's SVG files
 * (src/cli/evaluate/figures.ts) draw the same thing without a training run. Pure d3 on an SVG element.
 */
import * as d3 from 'd3';
import { frame } from './kit/frame';
import type { EvalReport } from '../eval/report';
import { classColour } from './kit/palette';

/** The view's viewBox (width, height). */
export const UTILITY_SIZE: [number, number] = [420, 260];
const [W, H] = UTILITY_SIZE;
const M = { top: 12, right: 44, bottom: 36, left: 46 };

/** What the utility view reads of an evaluation report. */
export interface UtilityChartData {
  /** U_t on the OPIS grid, one row per class with a positive pair (`classes` names each row's label). */
  utility: EvalReport['utility'];
  /** The calibration range [dMin, dMax] (shaded) and the global FARs that bound it (its tooltip). */
  calibration: EvalReport['calibration'];
  /** OPIS and ε-OPIS, written in the plot's corner. */
  opis: number;
  epsOpis: number;
  /** Class names by label, for the curves' tooltips (the label number without them). */
  classNames?: string[];
}

/** Small metric values (OPIS is often ~1e-3) keep three significant digits. */
const fmtSmall = (v: number): string => (!Number.isFinite(v) ? '—' : v === 0 ? '0' : Math.abs(v) >= 0.01 ? v.toFixed(4) : v.toExponential(2));

/** 0.01 → "1%", 0.005 → "0.5%". */
const pctOf = (f: number) => `${+(f * 100).toPrecision(3)}%`;

/**
 * Draws the per-class utility curves of `data` (null: the empty state) into `svgEl` (viewBox
 * {@link UTILITY_SIZE}); sets `box`'s data-classes. Redrawn from scratch each time.
 */
export function drawUtility(svgEl: SVGSVGElement, box: HTMLElement, data: UtilityChartData | null): void {
  const e = data;
  const svg = d3.select(svgEl);
  svg.selectAll('*').remove();
  const u = e?.utility;
  box.dataset.classes = String(u ? u.perClass.length : 0);
  // The grid spans exactly [d_min, d_max]; a margin either side shows where the shading ends.
  const lo = e ? e.calibration.dMin : 0;
  const hi = e ? e.calibration.dMax : 2;
  const pad = Math.max(0.02, 0.15 * (hi - lo));
  const x = d3
    .scaleLinear()
    .domain([Math.max(0, lo - pad), Math.min(2, hi + pad)])
    .range([M.left, W - M.right]);
  const y = d3.scaleLinear().domain([0, 1]).range([H - M.bottom, M.top]);
  if (e) {
    svg
      .append('rect')
      .attr('class', 'calibration-band')
      .attr('x', x(lo))
      .attr('width', Math.max(1, x(hi) - x(lo)))
      .attr('y', M.top)
      .attr('height', H - M.bottom - M.top)
      .append('title')
      .text(`calibration range: d ∈ [${lo.toFixed(3)}, ${hi.toFixed(3)}] (global false-accept rate ${pctOf(e.calibration.farLo)}…${pctOf(e.calibration.farHi)})`);
  }
  const empty = !e || !u || u.perClass.length === 0;
  frame(svg, {
    size: UTILITY_SIZE,
    margin: M,
    xAxis: d3.axisBottom(x).ticks(6),
    yAxis: d3.axisLeft(y).ticks(5),
    xLabel: 'distance threshold d (L2 on the unit sphere)',
    yLabel: 'utility U_t(d) (F1 of ψ, φ)',
    empty: empty ? 'No evaluation yet — train a few steps' : null,
  });
  if (empty) return;
  const line = d3
    .line<number>()
    .defined((v) => Number.isFinite(v))
    .x((_, i) => x(u.grid[i]))
    .y((v) => y(v));
  const rows = u.perClass.map((vals, r) => ({ c: u.classes[r], vals, mean: d3.mean(vals) ?? NaN }));
  svg
    .append('g')
    .selectAll('path')
    .data(rows)
    .join('path')
    .attr('class', 'utility-line')
    .attr('stroke', (d) => classColour(d.c))
    .attr('d', (d) => line(d.vals))
    .append('title')
    .text((d) => `class ${e.classNames?.[d.c] ?? d.c}: mean utility ${d.mean.toFixed(3)} over the range`);
  svg
    .append('text')
    .attr('class', 'plot-note')
    .attr('x', x(lo) + 6)
    .attr('y', H - M.bottom - 22)
    .text(`OPIS ${fmtSmall(e.opis)}`)
    .append('title')
    .text(`OPIS = ${e.opis} (mean over the grid of the variance of U_t across classes)`);
  svg
    .append('text')
    .attr('class', 'plot-note')
    .attr('x', x(lo) + 6)
    .attr('y', H - M.bottom - 8)
    .text(`ε-OPIS ${fmtSmall(e.epsOpis)}`)
    .append('title')
    .text(`ε-OPIS = ${e.epsOpis} (mean over the grid of (U_worst − U_best)²)`);
  // Class key in the right margin, in class order.
  const g = svg.append('g').attr('class', 'legend').attr('transform', `translate(${W - M.right + 8},${M.top + 4})`);
  rows
    .slice()
    .sort((a, b) => a.c - b.c)
    .forEach((d, i) => {
      const row = g.append('g').attr('transform', `translate(0,${i * 13})`);
      row.append('rect').attr('width', 9).attr('height', 9).attr('fill', classColour(d.c));
      row.append('text').attr('x', 13).attr('y', 8).text(String(d.c));
    });
}
