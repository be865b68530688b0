import { useEffect, useRef } from 'react';
import * as d3 from 'd3';
import { useController } from '../context';
import { useFrameRedraw } from './useFrameRedraw';
import { PlotTitle } from '../help/PlotTitle';
import { PlotAlternative } from './PlotAlternative';
import type { PlaygroundState } from '../../state/store';
import { layer } from './series';
import { paintQueryLines, polyline, scoreScales, SD_H, SD_M, SD_W, type ScoreLines } from './scoreLines';

const W = SD_W;
const H = SD_H;
const M = SD_M;

/**
 * Per-query score distributions (CE Fig. 4 right): for each sampled query, how many neighbours fall
 * in each cosine bin. Hundreds of faint lines show the spread between queries; the 5th and 95th
 * percentile curves across queries, bold, bound it — a single global threshold can only work where
 * the queries' positive peaks line up.
 *
 * The queries' lines are painted on a canvas under the SVG (as 200 SVG paths they made every
 * evaluation a long main-thread task); axes, percentile curves, hover strips and the legend are
 * SVG. The export writes the lines as vector paths (scoreLines.ts).
 */
export function ScoreDistribution() {
  const { store } = useController();
  const boxRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  useFrameRedraw(store, (s) => s.evaluation, () => {
    if (!boxRef.current || !svgRef.current || !canvasRef.current) return;
    const s = store.getState();
    paintLines(canvasRef.current, s.evaluation?.scoreDistribution);
    draw(s, svgRef.current, boxRef.current);
  });
  // The canvas takes the SVG's drawn size (it scales with its cell), and its pixels follow.
  useEffect(() => {
    const svg = svgRef.current;
    const canvas = canvasRef.current;
    if (!svg || !canvas || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
      canvas.dataset.width = String(width);
      paintLines(canvas, store.getState().evaluation?.scoreDistribution);
    });
    observer.observe(svg);
    return () => observer.disconnect();
  }, [store]);
  return (
    <figure className="plot eval-plot score-plot" data-testid="score-distribution" data-queries="0" ref={boxRef}>
      <PlotTitle id="score-distribution">Score distribution per query</PlotTitle>
      {/* Absolutely placed at its static position: exactly where the SVG after it starts. */}
      <canvas ref={canvasRef} className="sd-canvas" width={0} height={0} aria-hidden="true" />
      <svg ref={svgRef} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="per-query score distributions" />
      <PlotAlternative id="score-distribution" />
    </figure>
  );
}

/** Paints the queries' lines at the canvas's drawn size (sharp at any zoom); not before that size is known. */
function paintLines(canvas: HTMLCanvasElement, sd: ScoreLines | undefined): void {
  const cssWidth = Number(canvas.dataset.width ?? 0);
  if (!(cssWidth > 0)) return;
  const scale = (cssWidth * (window.devicePixelRatio || 1)) / W;
  const width = Math.round(W * scale);
  const height = Math.round(H * scale);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  if (sd) paintQueryLines(ctx, sd);
}

/**
 * Draws the SVG part of the view for `s.evaluation` into `svgEl` (viewBox 420×260): axes, labels,
 * percentile curves, hover strips and the legend, created on the first draw and updated after. The
 * queries' lines are not drawn here (the page paints them on its canvas; queryLinesMarkup gives
 * them as paths). Exported for the CLI's SVG files.
 */
export function draw(s: PlaygroundState, svgEl: SVGSVGElement, box: HTMLElement) {
  const sd = s.evaluation?.scoreDistribution;
  const svg = d3.select(svgEl);
  const queries = sd ? sd.perQuery : [];
  box.dataset.queries = String(queries.length);
  const { x, y, centres } = scoreScales(sd);
  layer(svg, 'g', 'x-axis').attr('transform', `translate(0,${H - M.bottom})`).call(d3.axisBottom(x).ticks(8));
  layer(svg, 'g', 'y-axis').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(5, '~s'));
  layer(svg, 'text', 'axis-label x-label').attr('x', W - M.right).attr('y', H - 4).attr('text-anchor', 'end').text('cosine similarity to the query');
  layer(svg, 'text', 'axis-label y-label').attr('transform', `translate(11,${M.top}) rotate(-90)`).attr('text-anchor', 'end').text('neighbours per bin (count)');
  svg
    .selectAll('text.empty-state')
    .data(queries.length ? [] : ['No evaluation yet — train a few steps'])
    .join('text')
    .attr('class', 'empty-state')
    .attr('x', (M.left + W - M.right) / 2)
    .attr('y', H / 2)
    .text((t) => t);
  const pcts: [string, number[], string][] = sd && queries.length ? [['p5', sd.p5, '5th percentile across queries'], ['p95', sd.p95, '95th percentile across queries']] : [];
  layer(svg, 'g', 'sd-pcts')
    .selectAll<SVGPathElement, [string, number[], string]>('path')
    .data(pcts, ([cls]) => cls)
    .join((enter) => enter.append('path').attr('class', ([cls]) => `sd-pct ${cls}`).call((p) => p.append('title').text(([, , title]) => title)))
    .attr('d', ([, v]) => polyline(centres, v, y));
  // Per-bin hover strips (over the lines, so one tooltip per bin rather than per query): the percentile band there.
  const bw = sd ? x(sd.edges[1]) - x(sd.edges[0]) : 0;
  layer(svg, 'g', 'hover-strips')
    .selectAll('rect')
    .data(sd && queries.length ? centres : [])
    .join((enter) => enter.append('rect').attr('class', 'hover-target').call((r) => r.append('title')))
    .attr('x', (_, k) => x(sd!.edges[k]))
    .attr('width', bw)
    .attr('y', M.top)
    .attr('height', H - M.bottom - M.top)
    .select('title')
    .text((_, k) => `cos ∈ [${sd!.edges[k].toFixed(2)}, ${sd!.edges[k + 1].toFixed(2)}): 5th pct ${fmt(sd!.p5[k])}, 95th pct ${fmt(sd!.p95[k])} neighbours`);
  const rows: [string, string][] = [
    ['sd-query key', `one query (${queries.length})`],
    ['sd-pct p95', '95th percentile'],
    ['sd-pct p5', '5th percentile'],
  ];
  layer(svg, 'g', 'legend')
    .attr('transform', `translate(${M.left + 8},${M.top + 8})`)
    .selectAll<SVGGElement, [string, string]>('g')
    .data(queries.length ? rows : [])
    .join((enter) => {
      const row = enter.append('g').attr('transform', (_, i) => `translate(0,${i * 14})`);
      row.append('line').attr('class', ([cls]) => cls).attr('x1', 0).attr('x2', 16).attr('y1', -4).attr('y2', -4);
      row.append('text').attr('x', 20);
      return row;
    })
    .select('text')
    .text(([, text]) => text);
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
