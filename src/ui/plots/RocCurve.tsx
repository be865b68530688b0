import { SvgPlot } from './SvgPlot';
import { drawRoc, ROC_SIZE } from '../../charts/rocChart';
import type { PlaygroundState } from '../../state/store';

/**
 * ROC / DET (SPEC): TAR against FAR over all pairs on a log FAR axis, with TAR at 1e-4, 1e-3 and
 * 1e-2 marked. The drawing takes the report's curve as plain data (rocChart.ts).
 */
export function RocCurve() {
  return <SvgPlot id="roc-curve" title="ROC / DET: true accepts against false accepts" ariaLabel="TAR against FAR, log FAR axis" viewBox={ROC_SIZE} select={(s) => s.evaluation} draw={draw} />;
}

/** The page's state → the plain curve the drawing takes; the figure carries how many points it drew. */
function draw(s: PlaygroundState, svg: SVGSVGElement, box: HTMLElement): void {
  const curve = s.evaluation?.roc ?? null;
  box.dataset.points = String(curve?.far.length ?? 0);
  drawRoc(svg, curve);
}
