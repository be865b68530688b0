/**
 * The pair distance view (TCM Fig. 10): positive- and negative-pair distance histograms, drawn from
 * plain data — the report's pair counts per distance bin, a {@link DistanceChartData} — so the page
 * (DistanceHistogram.tsx) and the CLI's SVG files (src/cli/evaluate/figures.ts) draw the same thing without
 * a training run. Pure d3 on an SVG element.
 */
import * as d3 from 'd3';
import { layer } from './kit/series';
import { frame } from './kit/frame';

/** The view's viewBox (width, height). */
export const DISTANCE_SIZE: [number, number] = [420, 260];
const [W, H] = DISTANCE_SIZE;
const M = { top: 28, right: 14, bottom: 36, left: 46 };

/** What the distance view reads of an evaluation report (EvalReport.distance). */
export interface DistanceChartData {
  /** Bin edges over [0, 2]: one more than the bins. */
  edges: number[];
  /** Positive (same-class) and negative pairs per bin, as counts (the view normalises each to its total). */
  pos: number[];
  neg: number[];
}

/** Counts as fractions of their total (all zeros stay zeros). */
function normalise(counts: number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total > 0 ? c / total : 0));
}

/**
 * Draws the pair distance histograms `dist` (null: the empty state) into `svgEl` (viewBox
 * {@link DISTANCE_SIZE}); sets `box`'s data-bins. Axes, labels, the two areas, hover strips and the
 * legend are created on the first draw and updated after.
 */
export function drawDistance(svgEl: SVGSVGElement, box: HTMLElement, dist: DistanceChartData | null): void {
  const svg = d3.select(svgEl);
  box.dataset.bins = String(dist ? dist.pos.length : 0);
  const pos = dist ? normalise(dist.pos) : [];
  const neg = dist ? normalise(dist.neg) : [];
  const x = d3.scaleLinear().domain([0, 2]).range([M.left, W - M.right]);
  const y = d3
    .scaleLinear()
    .domain([0, Math.max(dist ? 1e-3 : 0.05, d3.max(pos) ?? 0, d3.max(neg) ?? 0)])
    .nice()
    .range([H - M.bottom, M.top]);
  frame(svg, {
    size: DISTANCE_SIZE,
    margin: M,
    xAxis: d3.axisBottom(x).ticks(8),
    yAxis: d3.axisLeft(y).ticks(5, '.1~%'),
    xLabel: 'L2 distance between the pair (unit sphere, 0…2)',
    yLabel: 'fraction of pairs (per bin)',
    empty: dist ? null : 'No evaluation yet — train a few steps',
  });
  const edges = dist?.edges ?? [];
  // Step areas: bin k spans [edges[k], edges[k+1]); the last value is repeated to close the final bin.
  const area = d3
    .area<number>()
    .curve(d3.curveStepAfter)
    .x((_, k) => x(edges[k]))
    .y0(y(0))
    .y1((v) => y(v));
  const closed = (v: number[]) => [...v, v[v.length - 1] ?? 0];
  layer(svg, 'g', 'areas')
    .selectAll<SVGPathElement, [string, number[]]>('path')
    .data(
      dist
        ? ([
            ['dist-neg', neg],
            ['dist-pos', pos],
          ] as [string, number[]][])
        : [],
      ([cls]) => cls,
    )
    .join('path')
    .attr('class', ([cls]) => cls)
    .attr('d', ([, v]) => area(closed(v)));
  const bw = dist ? x(edges[1]) - x(edges[0]) : 0;
  layer(svg, 'g', 'hover-strips')
    .selectAll('rect')
    .data(pos)
    .join((enter) => enter.append('rect').attr('class', 'hover-target').call((r) => r.append('title')))
    .attr('x', (_, k) => x(edges[k]))
    .attr('width', bw)
    .attr('y', M.top)
    .attr('height', H - M.bottom - M.top)
    .select('title')
    .text(
      (_, k) =>
        `d ∈ [${edges[k].toFixed(2)}, ${edges[k + 1].toFixed(2)}): positives ${(100 * pos[k]).toFixed(2)}% (${dist!.pos[k]}), negatives ${(100 * neg[k]).toFixed(2)}% (${dist!.neg[k]})`,
    );
  const totals = dist ? [d3.sum(dist.pos), d3.sum(dist.neg)] : [];
  // In the top margin: the two peaks can sit anywhere over the plot area.
  const rows = dist
    ? ([
        ['dist-pos', `positive pairs (${totals[0].toLocaleString('en-US')})`],
        ['dist-neg', `negative pairs (${totals[1].toLocaleString('en-US')})`],
      ] as [string, string][])
    : [];
  layer(svg, 'g', 'legend')
    .attr('transform', `translate(${M.left},6)`)
    .selectAll<SVGGElement, [string, string]>('g')
    .data(rows)
    .join((enter) => {
      const row = enter.append('g').attr('transform', (_, i) => `translate(${i * 170},0)`);
      row.append('rect').attr('class', ([cls]) => cls).attr('width', 12).attr('height', 9);
      row.append('text').attr('x', 16).attr('y', 8);
      return row;
    })
    .select('text')
    .text(([, text]) => text);
}
