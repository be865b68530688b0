/**
 * The per-query score distribution view's SVG part (CE Fig. 4 right): axes, the 5th and 95th
 * percentile curves across queries, hover strips and the legend, drawn from plain data — the
 * report's per-query counts over cosine bins, a {@link ScoreChartData} — so the page
 * (ScoreDistribution.tsx) and the CLI's SVG files (src/cli/evaluate/figures.ts) draw the same thing without
 * a training run. The queries' own lines are not drawn here: the page paints them on a canvas under
 * the SVG and the files write them as paths (scoreLines.ts). Pure d3 on an SVG element.
 */
import * as d3 from 'd3';
import { layer } from './kit/series';
import { frame } from './kit/frame';
import { polyline, scoreScales, SD_H, SD_M, SD_W, type ScoreLines } from './scoreLines';

const W = SD_W;
const H = SD_H;
const M = SD_M;

/** What the score view reads of an evaluation report (EvalReport.scoreDistribution). */
export interface ScoreChartData extends ScoreLines {
  /** The 5th and 95th percentile across queries of the count in each bin (the bold curves). */
  p5: number[];
  p95: number[];
}

/**
 * Draws the SVG part of the view for `sd` (null: the empty state) into `svgEl` (viewBox 420×260,
 * scoreLines.ts's SD_W × SD_H); sets `box`'s data-queries. Elements are created on the first draw
 * and updated after.
 */
export function drawScores(svgEl: SVGSVGElement, box: HTMLElement, sd: ScoreChartData | null): void {
  const svg = d3.select(svgEl);
  const queries = sd ? sd.perQuery : [];
  box.dataset.queries = String(queries.length);
  const { x, y, centres } = scoreScales(sd);
  frame(svg, {
    size: [W, H],
    margin: M,
    xAxis: d3.axisBottom(x).ticks(8),
    yAxis: d3.axisLeft(y).ticks(5, '~s'),
    xLabel: 'cosine similarity to the query',
    yLabel: 'neighbours per bin (count)',
    empty: queries.length ? null : 'No evaluation yet — train a few steps',
  });
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

/** A percentile's count in a tooltip: whole as it is, interpolated to a tenth. */
const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
