import { SvgPlot } from './SvgPlot';
import { drawGradientVsAlpha, GRADIENT_SIZE } from '../../charts/gradientChart';

/**
 * HU Fig. 2, live: ‖∂ℓ/∂f̂‖ against the scale α (log axis) for the current model's hard, boundary
 * and centroid samples — median and interquartile band per type — with the α in force marked.
 */
export function GradientVsAlpha() {
  return (
    <SvgPlot
      id="gradient-vs-alpha"
      title="Gradient magnitude against α (HU Fig. 2)"
      ariaLabel="gradient norm against the scale alpha, per sample type"
      viewBox={GRADIENT_SIZE}
      select={(s) => s.snapshot}
      draw={(s, svg, box) => {
        const snap = s.snapshot;
        const g = snap?.gradient ?? null;
        box.dataset.curves = String(drawGradientVsAlpha(svg, g, snap ? snap.gradientNote : 'No model yet — the view fills once the run is ready.'));
        box.dataset.alpha = g ? String(g.alpha) : '';
      }}
    />
  );
}
