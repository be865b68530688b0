/**
 * The gradient-vs-α view's drawing (GradientVsAlpha.tsx, HU Fig. 2): ‖∂ℓ/∂f̂‖ against the scale α
 * on a log axis, median and interquartile band per sample type, the α in force marked — from the
 * plain result of src/eval/views/gradientVsAlpha.ts. Pure d3 on an SVG element.
 */
import * as d3 from 'd3';
import { frame } from './kit/frame';
import { SAMPLE_TYPES, type GradientVsAlphaResult, type SampleType } from '../eval/views/gradientVsAlpha';

export const GRADIENT_SIZE: [number, number] = [420, 260];
const [W, H] = GRADIENT_SIZE;
const M = { top: 28, right: 14, bottom: 36, left: 50 };
const COLOURS: Record<SampleType, string> = { hard: '#cc3311', boundary: '#ee7733', centroid: '#0077bb' };

/**
 * Draws `g` into `svgEl` (viewBox {@link GRADIENT_SIZE}); without it, the sentence `absent` says
 * why. Returns how many sample types it drew a curve for.
 */
export function drawGradientVsAlpha(svgEl: SVGSVGElement, g: GradientVsAlphaResult | null, absent: string): number {
  const svg = d3.select(svgEl);
  svg.selectAll('*').remove();
  const x = d3.scaleLog().domain([0.1, 128]).range([M.left, W - M.right]);
  if (!g) {
    svg
      .append('foreignObject')
      .attr('x', M.left)
      .attr('y', M.top)
      .attr('width', W - M.left - M.right)
      .attr('height', H - M.top - M.bottom)
      .append('xhtml:p')
      .attr('class', 'plot-absent')
      .attr('data-testid', 'gradient-absent')
      .text(absent);
    return 0;
  }
  const alphas = Array.from(g.alphas);
  x.domain([alphas[0], alphas[alphas.length - 1]]);
  const top = d3.max(SAMPLE_TYPES.flatMap((t) => Array.from(g.types[t].p75).filter(Number.isFinite))) ?? 1;
  const y = d3.scaleLinear().domain([0, Math.max(1e-6, top)]).nice().range([H - M.bottom, M.top]);
  frame(svg, { size: GRADIENT_SIZE, margin: M, xAxis: d3.axisBottom(x).ticks(6, '~g'), yAxis: d3.axisLeft(y).ticks(5), xLabel: 'scale α (log)', yLabel: '‖∂ℓ/∂f̂‖', yLabelX: 12 });
  const xa = x(g.alpha);
  svg.append('line').attr('class', 'alpha-now').attr('x1', xa).attr('x2', xa).attr('y1', M.top).attr('y2', H - M.bottom);
  svg.append('text').attr('class', 'axis-label').attr('x', xa + 3).attr('y', M.top + 10).text(`α = ${+g.alpha.toPrecision(3)}`);

  const legend = svg.append('g').attr('class', 'legend').attr('transform', `translate(${M.left},8)`);
  SAMPLE_TYPES.forEach((t, i) => {
    const band = g.types[t];
    const row = legend.append('g').attr('transform', `translate(${i * 115},0)`);
    row.append('rect').attr('width', 12).attr('height', 3).attr('y', 3).attr('fill', COLOURS[t]);
    row.append('text').attr('x', 16).attr('y', 8).text(`${t} (${band.count})`);
    if (band.count === 0) return;
    const area = d3
      .area<number>()
      .x((_, k) => x(alphas[k]))
      .y0((_, k) => y(band.p25[k]))
      .y1((_, k) => y(band.p75[k]));
    const line = d3
      .line<number>()
      .x((_, k) => x(alphas[k]))
      .y((v) => y(v));
    svg.append('path').attr('class', 'grad-band').attr('fill', COLOURS[t]).attr('d', area(alphas));
    svg.append('path').attr('class', 'grad-line').attr('stroke', COLOURS[t]).attr('data-type', t).attr('d', line(Array.from(band.median)));
  });
  return SAMPLE_TYPES.filter((t) => g.types[t].count > 0).length;
}
