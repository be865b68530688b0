import * as d3 from 'd3';

/** A series to draw: x and y values of equal length, and how to tell it apart. */
export interface Series {
  name: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  className: string;
}

export const A_COLOUR = '#0077bb';
export const B_COLOUR = '#ee7733';
/** Paths are drawn from at most this many points (a long run stays one light path). */
const MAX_POINTS = 1500;

/**
 * Draws several line series on shared axes into `svgEl` (viewBox W × H): the overlays of the
 * comparison view. Empty series are skipped; the legend names each one.
 */
export function drawSeries(
  svgEl: SVGSVGElement,
  size: [number, number],
  series: Series[],
  opts: { xLabel: string; yLabel: string; yDomain?: [number, number]; xDomain?: [number, number] },
): void {
  const [W, H] = size;
  const M = { top: 24, right: 12, bottom: 32, left: 48 };
  const svg = d3.select(svgEl);
  svg.selectAll('*').remove();
  const all = series.flatMap((s) => Array.from(s.y).filter(Number.isFinite));
  const xs = series.flatMap((s) => Array.from(s.x));
  const x = d3
    .scaleLinear()
    .domain(opts.xDomain ?? [0, Math.max(1, d3.max(xs) ?? 1)])
    .range([M.left, W - M.right]);
  const y = d3
    .scaleLinear()
    .domain(opts.yDomain ?? [Math.min(0, d3.min(all) ?? 0), Math.max(1e-6, d3.max(all) ?? 1)])
    .nice()
    .range([H - M.bottom, M.top]);
  svg.append('g').attr('transform', `translate(0,${H - M.bottom})`).call(d3.axisBottom(x).ticks(5));
  svg.append('g').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(4, '~g'));
  svg.append('text').attr('class', 'axis-label').attr('x', W - M.right).attr('y', H - 3).attr('text-anchor', 'end').text(opts.xLabel);
  svg.append('text').attr('class', 'axis-label').attr('transform', `translate(11,${M.top}) rotate(-90)`).attr('text-anchor', 'end').text(opts.yLabel);
  const legend = svg.append('g').attr('class', 'legend').attr('transform', `translate(${M.left},8)`);
  series.forEach((s, i) => {
    const row = legend.append('g').attr('transform', `translate(${i * 150},0)`);
    row.append('rect').attr('width', 12).attr('height', 3).attr('y', 3).attr('class', `${s.className} swatch`);
    row.append('text').attr('x', 16).attr('y', 8).text(s.name);
    const n = s.x.length;
    if (n === 0) return;
    const stride = Math.max(1, Math.ceil(n / MAX_POINTS));
    const pts: [number, number][] = [];
    for (let k = 0; k < n; k += stride) pts.push([s.x[k], s.y[k]]);
    if ((n - 1) % stride !== 0) pts.push([s.x[n - 1], s.y[n - 1]]);
    const line = d3
      .line<[number, number]>()
      .defined((d) => Number.isFinite(d[1]))
      .x((d) => x(d[0]))
      .y((d) => y(d[1]));
    svg.append('path').attr('class', `compare-line ${s.className}`).attr('data-points', n).attr('d', line(pts));
  });
}
