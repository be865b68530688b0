import * as d3 from 'd3';
import { SvgPlot } from './SvgPlot';
import type { PlaygroundState } from '../../state/store';

const W = 420;
const H = 260;
const M = { top: 12, right: 14, bottom: 36, left: 46 };

/**
 * Per-query score distributions (CE Fig. 4 right): for each sampled query, how many neighbours fall
 * in each cosine bin. Hundreds of faint lines show the spread between queries; the 5th and 95th
 * percentile curves across queries, bold, bound it — a single global threshold can only work where
 * the queries' positive peaks line up.
 */
export function ScoreDistribution() {
  return <SvgPlot testId="score-distribution" caption="Score distribution per query" ariaLabel="per-query score distributions" viewBox={[W, H]} select={(s) => s.evaluation} draw={draw} />;
}

function draw(s: PlaygroundState, svgEl: SVGSVGElement, box: HTMLElement) {
  const sd = s.evaluation?.scoreDistribution;
  const svg = d3.select(svgEl);
  svg.selectAll('*').remove();
  box.dataset.queries = String(sd ? sd.perQuery.length : 0);
  let yMax = 1;
  if (sd) for (const q of sd.perQuery) for (const c of q) if (c > yMax) yMax = c;
  const x = d3.scaleLinear().domain([-1, 1]).range([M.left, W - M.right]);
  const y = d3.scaleLinear().domain([0, yMax]).nice().range([H - M.bottom, M.top]);
  svg.append('g').attr('transform', `translate(0,${H - M.bottom})`).call(d3.axisBottom(x).ticks(8));
  svg.append('g').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(5, '~s'));
  svg.append('text').attr('class', 'axis-label').attr('x', W - M.right).attr('y', H - 4).attr('text-anchor', 'end').text('cosine similarity to the query');
  svg.append('text').attr('class', 'axis-label').attr('transform', `translate(11,${M.top}) rotate(-90)`).attr('text-anchor', 'end').text('neighbours per bin (count)');
  if (!sd || sd.perQuery.length === 0) {
    svg.append('text').attr('class', 'empty-state').attr('x', (M.left + W - M.right) / 2).attr('y', H / 2).text('No evaluation yet — train a few steps');
    return;
  }
  const centres = sd.edges.slice(0, -1).map((lo, k) => (lo + sd.edges[k + 1]) / 2);
  const line = d3
    .line<number>()
    .x((_, k) => x(centres[k]))
    .y((c) => y(c));
  svg
    .append('g')
    .attr('class', 'sd-queries')
    .selectAll('path')
    .data(sd.perQuery)
    .join('path')
    .attr('class', 'sd-query')
    .attr('d', (q) => line(q));
  svg.append('path').attr('class', 'sd-pct p5').attr('d', line(sd.p5)).append('title').text('5th percentile across queries');
  svg.append('path').attr('class', 'sd-pct p95').attr('d', line(sd.p95)).append('title').text('95th percentile across queries');
  // Per-bin hover strips (over the lines, so one tooltip per bin rather than per query): the percentile band there.
  const bw = x(sd.edges[1]) - x(sd.edges[0]);
  svg
    .append('g')
    .selectAll('rect')
    .data(centres)
    .join('rect')
    .attr('class', 'hover-target')
    .attr('x', (_, k) => x(sd.edges[k]))
    .attr('width', bw)
    .attr('y', M.top)
    .attr('height', H - M.bottom - M.top)
    .append('title')
    .text((_, k) => `cos ∈ [${sd.edges[k].toFixed(2)}, ${sd.edges[k + 1].toFixed(2)}): 5th pct ${fmt(sd.p5[k])}, 95th pct ${fmt(sd.p95[k])} neighbours`);
  const g = svg.append('g').attr('class', 'legend').attr('transform', `translate(${M.left + 8},${M.top + 8})`);
  const rows: [string, string][] = [
    ['sd-query key', `one query (${sd.perQuery.length})`],
    ['sd-pct p95', '95th percentile'],
    ['sd-pct p5', '5th percentile'],
  ];
  rows.forEach(([cls, text], i) => {
    const row = g.append('g').attr('transform', `translate(0,${i * 14})`);
    row.append('line').attr('class', cls).attr('x1', 0).attr('x2', 16).attr('y1', -4).attr('y2', -4);
    row.append('text').attr('x', 20).text(text);
  });
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
