import * as d3 from 'd3';
import { SvgPlot } from './SvgPlot';
import type { PlaygroundState } from '../../state/store';
import { layer } from './series';

const W = 420;
const H = 260;
const M = { top: 28, right: 14, bottom: 36, left: 46 };

/**
 * Positive- and negative-pair distance distributions (TCM Fig. 10), overlaid. Negatives outnumber
 * positives ~9:1 on ten classes, so each is normalised to its own total: the overlap of the two
 * shapes, not their sizes, is what a threshold has to cut through.
 */
export function DistanceHistogram() {
  return <SvgPlot testId="distance-histogram" caption="Pair distance distributions" ariaLabel="positive and negative pair distance histograms" viewBox={[W, H]} select={(s) => s.evaluation} draw={draw} />;
}

/** Counts as fractions of their total (all zeros stay zeros). */
function normalise(counts: number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total > 0 ? c / total : 0));
}

/**
 * Draws the pair distance histograms of `s.evaluation` into `svgEl` (viewBox 420×260); exported for
 * the CLI's SVG files. Axes, labels, the two areas, hover strips and the legend are created on the
 * first draw and updated after.
 */
export function draw(s: PlaygroundState, svgEl: SVGSVGElement, box: HTMLElement) {
  const dist = s.evaluation?.distance;
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
  layer(svg, 'g', 'x-axis').attr('transform', `translate(0,${H - M.bottom})`).call(d3.axisBottom(x).ticks(8));
  layer(svg, 'g', 'y-axis').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(5, '.1~%'));
  layer(svg, 'text', 'axis-label x-label').attr('x', W - M.right).attr('y', H - 4).attr('text-anchor', 'end').text('L2 distance between the pair (unit sphere, 0…2)');
  layer(svg, 'text', 'axis-label y-label').attr('transform', `translate(11,${M.top}) rotate(-90)`).attr('text-anchor', 'end').text('fraction of pairs (per bin)');
  svg
    .selectAll('text.empty-state')
    .data(dist ? [] : ['No evaluation yet — train a few steps'])
    .join('text')
    .attr('class', 'empty-state')
    .attr('x', (M.left + W - M.right) / 2)
    .attr('y', H / 2)
    .text((t) => t);
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
