import { useMemo, useRef, useSyncExternalStore } from 'react';
import { useViewSource, useViewState } from '../viewSource';
import { useFrameRedraw } from '../useFrameRedraw';
import { PlotFrame } from './PlotFrame';
import { classColour, darkScheme } from '../../charts/kit/palette';
import { defaultFars, farLabel, nearestFarIndex, pctText, thresholdView, type ThresholdView } from '../../charts/thresholdView';
import { drawThreshold, fix4, THRESHOLD_SIZE, type ThresholdChartData } from '../../charts/thresholdChart';
import type { PlaygroundState } from '../../state/store';
import '../../charts/kit/thresholdTool.css';

const [W, H] = THRESHOLD_SIZE;

/** The page's state → the chart's data: the latest evaluation at the chosen FAR, or null (no evaluation, no operating points). */
function thresholdChartData(s: PlaygroundState): ThresholdChartData | null {
  return s.evaluation ? thresholdView(s.evaluation, s.thresholdFar) : null;
}

/** Re-renders when the colour scheme flips (the table's class swatches follow the plots' colours). */
function useScheme(): boolean {
  return useSyncExternalStore(
    (cb) => {
      darkScheme?.addEventListener('change', cb);
      return () => darkScheme?.removeEventListener('change', cb);
    },
    () => darkScheme?.matches ?? false,
  );
}

/**
 * The threshold tool: pick a target false-accept rate, get the one global distance threshold that
 * reaches it on the evaluation pairs (SPEC "Calibration range"), and see what that threshold does
 * to each class — its false-accept and false-reject rates, as a table and as dots (FAR_t across,
 * FRR_t up). The question a deployment asks, and the one TCM's OPIS summarises. The chart takes
 * plain data (thresholdChart.ts).
 */
export function ThresholdTool() {
  const { store } = useViewSource();
  const e = useViewState((s) => s.evaluation);
  const far = useViewState((s) => s.thresholdFar);
  const view = useMemo(() => (e ? thresholdView(e, far) : null), [e, far]);
  const fars = view?.fars ?? defaultFars();
  const index = view?.index ?? nearestFarIndex(fars, far);
  const boxRef = useRef<HTMLElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  // One key that changes when the report or the chosen FAR does (useFrameRedraw compares one value).
  const select = useMemo(() => {
    let last: [unknown, number] = [null, NaN];
    let key = {};
    return (s: PlaygroundState) => {
      if (s.evaluation !== last[0] || s.thresholdFar !== last[1]) {
        last = [s.evaluation, s.thresholdFar];
        key = {};
      }
      return key;
    };
  }, []);
  useFrameRedraw(store, select, () => {
    if (boxRef.current && svgRef.current) drawThreshold(svgRef.current, boxRef.current, thresholdChartData(store.getState()));
  }, () => boxRef.current);
  const shownFar = fars[index];
  return (
    <PlotFrame id="threshold-tool" title="One threshold for every class" className="plot eval-plot threshold-tool" boxRef={boxRef}>
      <div className="threshold-controls">
        <label htmlFor="threshold-far">Target global FAR</label>
        <input
          id="threshold-far"
          type="range"
          data-testid="threshold-far"
          min={0}
          max={fars.length - 1}
          step={1}
          value={index}
          aria-valuetext={farLabel(shownFar)}
          onChange={(ev) => store.setState({ thresholdFar: fars[Number(ev.target.value)] })}
        />
        <output htmlFor="threshold-far" data-testid="threshold-far-label">
          {farLabel(shownFar)}
        </output>
      </div>
      <dl className="threshold-values">
        <div>
          <dt>threshold</dt>
          <dd data-testid="threshold-value">{view ? `distance ≤ ${fix4(view.distance)} · cosine ≥ ${fix4(view.cosine)}` : '—'}</dd>
        </div>
        <div>
          <dt>reached</dt>
          <dd data-testid="threshold-global">{view ? `global FAR ${pctText(view.globalFar)} · TAR ${pctText(view.tar)} · FRR ${pctText(view.frr)}` : '—'}</dd>
        </div>
      </dl>
      <svg ref={svgRef} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="per-class false-accept and false-reject rates at the threshold" />
      <ClassTable view={view} />
    </PlotFrame>
  );
}

/** The per-class rates; the classes the shared threshold serves worst (top 10% by each rate) marked. */
function ClassTable({ view }: { view: ThresholdView | null }) {
  const rows = view?.tableRows ?? [];
  useScheme();
  const marker = <span className="worst-mark" aria-label="among the worst">▲</span>;
  return (
    <div className="threshold-table-wrap" role="region" aria-label="per-class rates at the threshold" tabIndex={0}>
      <table className="threshold-table" data-testid="threshold-table" data-rows={rows.length}>
        <caption>
          {view && view.tableRows.length < view.rows.length
            ? `The ${view.tableRows.length} classes of ${view.rows.length} with the highest FAR_t or FRR_t; ▲ the worst 10% by each rate.`
            : 'Per class at this threshold; ▲ the worst 10% of classes by each rate.'}
        </caption>
        <thead>
          <tr>
            <th scope="col">class</th>
            <th scope="col">FAR_t</th>
            <th scope="col">FRR_t</th>
            <th scope="col">negative pairs</th>
            <th scope="col">positive pairs</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5}>No evaluation yet — train a few steps.</td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.t} data-class={r.t}>
                <th scope="row">
                  <span className="class-swatch" style={{ background: classColour(r.t) }} aria-hidden="true" />
                  {r.name}
                </th>
                <td className={r.worstFar ? 'worst' : undefined}>
                  {pctText(r.far)}
                  {r.worstFar && marker}
                </td>
                <td className={r.worstFrr ? 'worst' : undefined}>
                  {pctText(r.frr)}
                  {r.worstFrr && marker}
                </td>
                <td>{r.negatives.toLocaleString('en-US')}</td>
                <td>{r.positives.toLocaleString('en-US')}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
