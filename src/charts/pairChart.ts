import * as d3 from 'd3';
import { downsample, layer } from './kit/series';
import { frame } from './kit/frame';

/** A series to draw: x and y values of equal length, and how to tell it apart. */
export interface Series {
  name: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  className: string;
}

export const A_COLOUR = '#0077bb';
export const B_COLOUR = '#d8631a';

/** A vertical line at step `x` with a short label (a run's heating-up switch), in its run's colour. */
export interface Marker {
  x: number;
  label: string;
  className: string;
  /** The label's line from the top (0, 1, …): two switches at one step are labelled one under the other. */
  row?: number;
}

/** A shaded band between `lo` and `hi` over `x` (a side's seeds from lowest to highest), in its run's colour. */
export interface Band {
  x: ArrayLike<number>;
  lo: ArrayLike<number>;
  hi: ArrayLike<number>;
  className: string;
}

/** Points kept along a band's edges (a band is a backdrop: every other point is skipped beyond this). */
const MAX_BAND_POINTS = 300;

/**
 * The x and y scales of an overlay chart of `size` with margins `M`: x from 0 (or `xDomain`) to the
 * last step; y over the finite values, at least `yDomain` (values beyond it widen the axis rather
 * than leave the plot). Shared by the page's overlays and the A | B figure export.
 */
export function overlayScales(
  series: readonly { x: ArrayLike<number>; y: ArrayLike<number> }[],
  [W, H]: [number, number],
  M: { top: number; right: number; bottom: number; left: number },
  opts: { xDomain?: [number, number]; yDomain?: [number, number] },
) {
  const all = series.flatMap((s) => Array.from(s.y).filter(Number.isFinite));
  const x = d3
    .scaleLinear()
    .domain(opts.xDomain ?? [0, Math.max(1, d3.max(series, (s) => d3.max(Array.from(s.x))) ?? 1)])
    .range([M.left, W - M.right]);
  const y = d3
    .scaleLinear()
    .domain([Math.min(opts.yDomain?.[0] ?? 0, d3.min(all) ?? 0), Math.max(opts.yDomain?.[1] ?? 1e-6, d3.max(all) ?? 1)])
    .nice()
    .range([H - M.bottom, M.top]);
  return { x, y };
}

/**
 * Draws several line series on shared axes into `svgEl` (viewBox W × H): the overlays of the
 * comparison view. Empty series are skipped; the legend names each one. Elements are created once
 * and updated on later redraws, and each series is one path of at most MAX_PATH_POINTS points.
 */
export function drawSeries(
  svgEl: SVGSVGElement,
  size: [number, number],
  series: Series[],
  /** `yDomain`: the least y-extent shown (data beyond it widen the axis); `xDomain`: the x-extent. */
  opts: { xLabel: string; yLabel: string; yDomain?: [number, number]; xDomain?: [number, number]; markers?: Marker[]; bands?: Band[] },
): void {
  const [W, H] = size;
  // The legend: two entries a row when there are more than two, so every name fits the width.
  const perRow = Math.min(2, Math.max(1, series.length));
  const legendRows = Math.ceil(series.length / perRow);
  const M = { top: 12 + 12 * legendRows, right: 12, bottom: 32, left: 48 };
  const column = (W - M.left - M.right) / perRow;
  const svg = d3.select(svgEl);
  const bands = opts.bands ?? [];
  // The bands widen the y-axis as the lines do (a seed above every mean stays on the plot).
  const { x, y } = overlayScales([...series, ...bands.flatMap((b) => [{ x: b.x, y: b.lo }, { x: b.x, y: b.hi }])], size, M, opts);
  frame(svg, { size, margin: M, xAxis: d3.axisBottom(x).ticks(5), yAxis: d3.axisLeft(y).ticks(4), xLabel: opts.xLabel, yLabel: opts.yLabel, xLabelLift: 3 });
  const rows = layer(svg, 'g', 'legend')
    .attr('transform', `translate(${M.left},4)`)
    .selectAll<SVGGElement, Series>('g')
    .data(series)
    .join((enter) => {
      const row = enter.append('g');
      row.append('rect').attr('width', 12).attr('height', 3).attr('y', 3);
      row.append('text').attr('x', 16).attr('y', 8);
      return row;
    })
    .attr('transform', (_, i) => `translate(${(i % perRow) * column},${Math.floor(i / perRow) * 12})`);
  rows.select('rect').attr('class', (s) => `${s.className} swatch`);
  rows.select('text').text((s) => s.name);
  svg
    .selectAll<SVGPathElement, Band>('path.seed-band')
    .data(bands.filter((b) => b.x.length > 0))
    .join((enter) => enter.insert('path', ':first-child'))
    .attr('class', (b) => `seed-band ${b.className}`)
    .attr('data-points', (b) => b.x.length)
    .attr('d', (b) => {
      const stride = Math.max(1, Math.ceil(b.x.length / MAX_BAND_POINTS));
      const idx = d3.range(0, b.x.length, stride);
      if (idx[idx.length - 1] !== b.x.length - 1) idx.push(b.x.length - 1);
      return d3
        .area<number>()
        .x((i) => x(b.x[i]))
        .y0((i) => y(b.lo[i]))
        .y1((i) => y(b.hi[i]))(idx);
    });
  const line = d3
    .line<[number, number]>()
    .defined((d) => Number.isFinite(d[1]))
    .x((d) => x(d[0]))
    .y((d) => y(d[1]));
  // Keyed by the series' place, so each keeps its path while the other one is still empty.
  const drawn = series.map((s, i) => ({ s, i })).filter(({ s }) => s.x.length > 0);
  svg
    .selectAll<SVGPathElement, { s: Series; i: number }>('path.compare-line')
    .data(drawn, (d) => String(d.i))
    .join('path')
    .attr('class', ({ s }) => `compare-line ${s.className}`)
    .attr('data-points', ({ s }) => s.x.length)
    .attr('d', ({ s }) => line(downsample(s.x, s.y)));
  // Markers only once the runs have reached them (a switch in the future is not on the axis yet).
  const xMax = x.domain()[1];
  const marks = svg
    .selectAll<SVGGElement, Marker>('g.switch-marker')
    .data((opts.markers ?? []).filter((m) => m.x <= xMax), (m) => `${m.className}|${m.x}`)
    .join((enter) => {
      const g = enter.append('g');
      g.append('line');
      g.append('text').attr('font-size', 9).attr('text-anchor', 'end');
      return g;
    })
    .attr('class', (m) => `switch-marker ${m.className}`)
    .attr('data-step', (m) => m.x);
  marks.select('line').attr('x1', (m) => x(m.x)).attr('x2', (m) => x(m.x)).attr('y1', M.top).attr('y2', H - M.bottom).attr('stroke-dasharray', '3 2');
  marks.select('text').attr('x', (m) => x(m.x) - 2).attr('y', (m) => M.top + 9 + 10 * (m.row ?? 0)).text((m) => m.label);
}

/** What a side's PR curve is drawn from: an evaluation's AP and curve (null: not evaluated yet). */
export type PrSide = { ap: number; pr: { precision: ArrayLike<number>; recall: ArrayLike<number> } } | null;

/** A's and B's PR curves overlaid in a `size` chart (the comparison views of runs and of sets). */
export function drawPrPair(svg: SVGSVGElement, size: [number, number], a: PrSide, b: PrSide): void {
  drawSeries(
    svg,
    size,
    [a, b].map((e, i) => ({
      name: `${'AB'[i]} · AP ${e ? e.ap.toFixed(3) : '—'}`,
      x: e?.pr.recall ?? [],
      y: e?.pr.precision ?? [],
      className: i === 0 ? 'run-a' : 'run-b',
    })),
    { xLabel: 'recall', yLabel: 'precision', xDomain: [0, 1], yDomain: [0, 1] },
  );
}
