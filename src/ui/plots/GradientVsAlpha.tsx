import * as d3 from 'd3';
import { SvgPlot } from './SvgPlot';
import { SAMPLE_TYPES, type SampleType } from '../../eval/gradientVsAlpha';
import type { PlaygroundState } from '../../state/store';

const W = 420;
const H = 260;
const M = { top: 28, right: 14, bottom: 36, left: 50 };
const COLOURS: Record<SampleType, string> = { hard: '#cc3311', boundary: '#ee7733', centroid: '#0077bb' };

/**
 * HU Fig. 2, live: ‖∂ℓ/∂f̂‖ against the scale α (log axis) for the current model's hard, boundary
 * and centroid samples — median and interquartile band per type — with the α in force marked.
 */
export function GradientVsAlpha() {
  return (
    <SvgPlot
      testId="gradient-vs-alpha"
      caption="Gradient magnitude against α (HU Fig. 2)"
      ariaLabel="gradient norm against the scale alpha, per sample type"
      viewBox={[W, H]}
      select={(s) => s.snapshot}
      draw={draw}
    />
  );
}

function draw(s: PlaygroundState, svgEl: SVGSVGElement, box: HTMLElement) {
  const snap = s.snapshot;
  const g = snap?.gradient ?? null;
  const svg = d3.select(svgEl);
  svg.selectAll('*').remove();
  box.dataset.curves = String(g ? SAMPLE_TYPES.filter((t) => g.types[t].count > 0).length : 0);
  box.dataset.alpha = g ? String(g.alpha) : '';
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
      .text(snap ? snap.gradientNote : 'No model yet — the view fills once the run is ready.');
    return;
  }
  const alphas = Array.from(g.alphas);
  x.domain([alphas[0], alphas[alphas.length - 1]]);
  const top = d3.max(SAMPLE_TYPES.flatMap((t) => Array.from(g.types[t].p75).filter(Number.isFinite))) ?? 1;
  const y = d3.scaleLinear().domain([0, Math.max(1e-6, top)]).nice().range([H - M.bottom, M.top]);
  svg.append('g').attr('transform', `translate(0,${H - M.bottom})`).call(d3.axisBottom(x).ticks(6, '~g'));
  svg.append('g').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(5));
  svg.append('text').attr('class', 'axis-label').attr('x', W - M.right).attr('y', H - 4).attr('text-anchor', 'end').text('scale α (log)');
  svg.append('text').attr('class', 'axis-label').attr('transform', `translate(12,${M.top}) rotate(-90)`).attr('text-anchor', 'end').text('‖∂ℓ/∂f̂‖');
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
}
