/**
 * The score-distribution view's geometry and its per-query lines, shared by the page (which paints
 * the lines on a canvas: 200 queries × 100 bins as SVG paths cost a long main-thread task at every
 * evaluation) and the SVG export (which writes them as vector paths, so the file keeps every line).
 */
import * as d3 from 'd3';

/** The view box of the view, and its margins. */
export const SD_W = 420;
export const SD_H = 260;
export const SD_M = { top: 12, right: 14, bottom: 36, left: 46 };

/** The look of one query's line (the legend's key, `.sd-query` in evaluation.css, matches it). */
export const QUERY_LINE = { stroke: '#0077bb', width: 0.6, opacity: 0.12 };

/** What the view plots: per-query counts over cosine bins with their edges. */
export interface ScoreLines {
  edges: number[];
  perQuery: number[][];
}

/** The view's scales for `sd` (counts from 0 to a nice maximum) and the x of each bin's centre. */
export function scoreScales(sd: ScoreLines | null | undefined) {
  let yMax = 1;
  if (sd) for (const q of sd.perQuery) for (const c of q) if (c > yMax) yMax = c;
  const x = d3.scaleLinear().domain([-1, 1]).range([SD_M.left, SD_W - SD_M.right]);
  const y = d3.scaleLinear().domain([0, yMax]).nice().range([SD_H - SD_M.bottom, SD_M.top]);
  const centres = sd ? sd.edges.slice(0, -1).map((lo, k) => x((lo + sd.edges[k + 1]) / 2)) : [];
  return { x, y, centres };
}

/** The `d` of a polyline through (xs[k], y(vs[k])), to 0.1 px (a plain loop: no d3.line per point). */
export function polyline(xs: readonly number[], vs: ArrayLike<number>, y: (v: number) => number): string {
  let d = '';
  for (let k = 0; k < vs.length; k++) d += `${k ? 'L' : 'M'}${Math.round(xs[k] * 10) / 10},${Math.round(y(vs[k]) * 10) / 10}`;
  return d;
}

/**
 * Paints every query's line on `ctx`, whose transform maps the view box to the canvas; each line is
 * stroked on its own at {@link QUERY_LINE}'s opacity, so overlapping queries darken as in SVG.
 */
export function paintQueryLines(ctx: CanvasRenderingContext2D, sd: ScoreLines): void {
  const { y, centres } = scoreScales(sd);
  // The y scale is linear: y(c) = y0 + dy · c, without a scale call per point (20,000 of them).
  const y0 = y(0);
  const dy = y(1) - y0;
  ctx.strokeStyle = QUERY_LINE.stroke;
  ctx.lineWidth = QUERY_LINE.width;
  ctx.globalAlpha = QUERY_LINE.opacity;
  ctx.lineJoin = 'round';
  for (const q of sd.perQuery) {
    ctx.beginPath();
    ctx.moveTo(centres[0], y0 + dy * q[0]);
    for (let k = 1; k < q.length; k++) ctx.lineTo(centres[k], y0 + dy * q[k]);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
}

/** The queries' lines as SVG markup in the view box's coordinates (for the export, under the axes). */
export function queryLinesMarkup(sd: ScoreLines): string {
  const { y, centres } = scoreScales(sd);
  const paths = sd.perQuery.map((q) => `<path class="sd-query" d="${polyline(centres, q, y)}"/>`);
  const { stroke, width, opacity } = QUERY_LINE;
  return `<g class="sd-queries" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-opacity="${opacity}" stroke-linejoin="round">${paths.join('')}</g>`;
}
