/**
 * The threshold tool's chart: each class at the one global threshold, at (FAR_t, FRR_t), with the
 * global rates dashed. Drawn from plain data — the tool's content at the chosen FAR, a
 * {@link ThresholdChartData} (thresholdView.ts computes it from a report) — so the page
 * (ThresholdTool.tsx) and the CLI's SVG files (src/cli/evaluate/figures.ts) draw the same thing without a
 * training run. Pure d3 on an SVG element.
 */
import * as d3 from 'd3';
import { classColour } from './kit/palette';
import { layer } from './kit/series';
import { frame } from './kit/frame';
import { farLabel, pctText, type ThresholdView } from './thresholdView';

/** The chart's viewBox (width, height): lower than the other evaluation plots, under the tool's controls. */
export const THRESHOLD_SIZE: [number, number] = [420, 240];
const [W, H] = THRESHOLD_SIZE;
const M = { top: 40, right: 16, bottom: 36, left: 50 };
/** Beyond this many classes the dots lose their labels (they would cover each other). */
const MAX_LABELS = 30;

/**
 * What the chart reads of the threshold tool's content ({@link ThresholdView}): the grid FAR shown, the
 * threshold (the notes), the global FAR and FRR (the dashed lines) and every class's rates.
 */
export type ThresholdChartData = Pick<ThresholdView, 'far' | 'distance' | 'cosine' | 'globalFar' | 'frr' | 'rows'>;

/** A distance or cosine: four decimals (a tight model's threshold sits within 0.001 of cosine 1). */
export const fix4 = (v: number) => (Number.isFinite(v) ? v.toFixed(4) : '—');

/**
 * Draws the classes at the threshold `v` (null: the empty state) into `svgEl` (viewBox
 * {@link THRESHOLD_SIZE}): one dot per class at (FAR_t, FRR_t), dashed lines at the global FAR and
 * FRR, the threshold as a note; sets `box`'s data-classes. Elements are created on the first draw
 * and updated after.
 */
export function drawThreshold(svgEl: SVGSVGElement, box: HTMLElement, v: ThresholdChartData | null): void {
  const svg = d3.select(svgEl);
  const rows = (v?.rows ?? []).filter((r) => Number.isFinite(r.far) && Number.isFinite(r.frr));
  box.dataset.classes = String(rows.length);
  const x = d3
    .scaleLinear()
    .domain([0, Math.max(1e-4, 2 * (v && Number.isFinite(v.globalFar) ? v.globalFar : 0), d3.max(rows, (r) => r.far) ?? 0) * 1.05])
    .nice()
    .range([M.left, W - M.right]);
  const y = d3
    .scaleLinear()
    .domain([0, Math.min(1, Math.max(0.02, 2 * (v && Number.isFinite(v.frr) ? v.frr : 0), d3.max(rows, (r) => r.frr) ?? 0) * 1.05)])
    .nice()
    .range([H - M.bottom, M.top]);
  frame(svg, {
    size: THRESHOLD_SIZE,
    margin: M,
    xAxis: d3.axisBottom(x).ticks(6, '%'),
    yAxis: d3.axisLeft(y).ticks(5, '%'),
    xLabel: "class's false-accept rate FAR_t (its negative pairs accepted)",
    yLabel: 'false-reject rate FRR_t',
    empty: v ? null : 'No evaluation yet — train a few steps',
  });
  // Where the global rates sit: a class on both lines is served exactly as the average.
  const refs = v && Number.isFinite(v.globalFar) ? [v] : [];
  layer(svg, 'g', 'refs')
    .selectAll('line.global-far')
    .data(refs)
    .join('line')
    .attr('class', 'threshold-ref global-far')
    .attr('x1', (d) => x(d.globalFar))
    .attr('x2', (d) => x(d.globalFar))
    .attr('y1', M.top)
    .attr('y2', H - M.bottom);
  layer(svg, 'g', 'refs')
    .selectAll('line.global-frr')
    .data(refs.filter((d) => Number.isFinite(d.frr)))
    .join('line')
    .attr('class', 'threshold-ref global-frr')
    .attr('x1', M.left)
    .attr('x2', W - M.right)
    .attr('y1', (d) => y(d.frr))
    .attr('y2', (d) => y(d.frr));
  const dots = layer(svg, 'g', 'class-dots')
    .selectAll<SVGGElement, (typeof rows)[number]>('g.class-dot')
    .data(rows, (r) => String(r.t))
    .join((enter) => {
      const g = enter.append('g').attr('class', 'class-dot');
      g.append('circle').attr('r', 4.5);
      g.append('text').attr('x', 6).attr('y', -5);
      g.append('title');
      return g;
    })
    .attr('transform', (r) => `translate(${x(r.far)},${y(r.frr)})`)
    .classed('worst', (r) => r.worstFar || r.worstFrr);
  dots.select('circle').attr('fill', (r) => classColour(r.t));
  // Classes on (nearly) the same spot share one label, "1, 2", instead of printing over each other.
  const spot = (r: (typeof rows)[number]) => `${Math.round(x(r.far) / 8)},${Math.round(y(r.frr) / 8)}`;
  const bySpot = d3.group(rows, spot);
  dots.select('text').text((r) => {
    const here = bySpot.get(spot(r))!;
    return rows.length > MAX_LABELS || here[0] !== r ? '' : here.map((h) => h.name).join(', ');
  });
  dots.select('title').text((r) => `class ${r.name}: FAR_t ${pctText(r.far)}, FRR_t ${pctText(r.frr)}${r.worstFar || r.worstFrr ? ' (among the worst)' : ''}`);
  const notes = v
    ? [`${farLabel(v.far)}: distance ≤ ${fix4(v.distance)} (cosine ≥ ${fix4(v.cosine)})`, `global FAR ${pctText(v.globalFar)}, FRR ${pctText(v.frr)} (dashed)`]
    : [];
  layer(svg, 'g', 'notes')
    .selectAll('text.plot-note')
    .data(notes)
    .join('text')
    .attr('class', 'plot-note')
    .attr('x', M.left)
    .attr('y', (_, i) => 14 + 15 * i)
    .text((t) => t);
}
