import * as d3 from 'd3';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import { useAppState, useController } from '../context';
import { useFrameRedraw } from './useFrameRedraw';
import { PlotTitle } from '../help/PlotTitle';
import { PlotAlternative } from './PlotAlternative';
import { classColour, darkScheme } from './palette';
import { layer } from './series';
import { defaultFars, farLabel, nearestFarIndex, pctText, thresholdView, type ThresholdView } from './thresholdView';
import type { PlaygroundState } from '../../state/store';
import './thresholdTool.css';

const W = 420;
const H = 240;
const M = { top: 40, right: 16, bottom: 36, left: 50 };
/** Beyond this many classes the dots lose their labels (they would cover each other). */
const MAX_LABELS = 30;

/** A distance or cosine: four decimals (a tight model's threshold sits within 0.001 of cosine 1). */
const fix4 = (v: number) => (Number.isFinite(v) ? v.toFixed(4) : '—');

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
 * FRR_t up). The question a deployment asks, and the one TCM's OPIS summarises.
 */
export function ThresholdTool() {
  const { store } = useController();
  const e = useAppState((s) => s.evaluation);
  const far = useAppState((s) => s.thresholdFar);
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
    if (boxRef.current && svgRef.current) draw(store.getState(), svgRef.current, boxRef.current);
  });
  const shownFar = fars[index];
  return (
    <figure className="plot eval-plot threshold-tool" data-testid="threshold-tool" ref={boxRef}>
      <PlotTitle id="threshold-tool">One threshold for every class</PlotTitle>
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
      <PlotAlternative id="threshold-tool" />
    </figure>
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

/**
 * Draws the classes at the chosen threshold of `s.evaluation` into `svgEl` (viewBox 420×260): one dot
 * per class at (FAR_t, FRR_t), dashed lines at the global FAR and FRR, the threshold as a note.
 * Elements are created on the first draw and updated after.
 */
export function draw(s: PlaygroundState, svgEl: SVGSVGElement, box: HTMLElement) {
  const v = s.evaluation ? thresholdView(s.evaluation, s.thresholdFar) : null;
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
  layer(svg, 'g', 'x-axis').attr('transform', `translate(0,${H - M.bottom})`).call(d3.axisBottom(x).ticks(6, '%'));
  layer(svg, 'g', 'y-axis').attr('transform', `translate(${M.left},0)`).call(d3.axisLeft(y).ticks(5, '%'));
  layer(svg, 'text', 'axis-label x-label').attr('x', W - M.right).attr('y', H - 4).attr('text-anchor', 'end').text("class's false-accept rate FAR_t (its negative pairs accepted)");
  layer(svg, 'text', 'axis-label y-label').attr('transform', `translate(11,${M.top}) rotate(-90)`).attr('text-anchor', 'end').text('false-reject rate FRR_t');
  svg
    .selectAll('text.empty-state')
    .data(v ? [] : ['No evaluation yet — train a few steps'])
    .join('text')
    .attr('class', 'empty-state')
    .attr('x', (M.left + W - M.right) / 2)
    .attr('y', H / 2)
    .text((t) => t);
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
