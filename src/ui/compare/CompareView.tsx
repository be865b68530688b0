import { useRef } from 'react';
import { ControllerContext, useAppState, useController } from '../context';
import { useFrameRedraw } from '../plots/useFrameRedraw';
import { EmbeddingPlot } from '../plots/EmbeddingPlot';
import { CompareTable } from './CompareTable';
import { drawPrPair, drawSeries, type Marker } from './pairChart';
import { PlotExportButtons } from '../exports/PlotExportButtons';
import type { CompareChartId } from '../exports/exportable';
import { PARAMS, optionLabel } from '../../state/params';
import { usePlayground, type PlaygroundState } from '../../state/store';
import type { Controller } from '../controller';
import { PairExportButtons } from './PairExportButtons';

const SIZE: [number, number] = [400, 200];

/** What B changes relative to A, in words ("Loss = Cross-Example Softmax (CES) · α = 20"). */
function differences(a: PlaygroundState['config'], b: PlaygroundState['config']): string {
  const diff = PARAMS.filter((p) => !Object.is(a[p.key], b[p.key])).map(
    (p) => `${p.label} = ${p.kind === 'enum' ? optionLabel(p, String(b[p.key])) : b[p.key]}`,
  );
  return diff.length ? diff.join(' · ') : 'the same settings as A (edit B in the panel on the left)';
}

/**
 * Two runs side by side: their embeddings, their loss curves, metrics over steps and PR curves
 * overlaid in two colours, and a table A | B | Δ. Shown as soon as a comparison exists.
 */
export function CompareView() {
  const a = useController();
  useAppState((s) => s.compareVersion);
  const b = a.compare;
  if (!b) return null;
  return <Comparison a={a} b={b} />;
}

function Comparison({ a, b }: { a: Controller; b: Controller }) {
  const configA = useAppState((s) => s.config);
  const configB = usePlayground(b.store, (s) => s.config);
  const section = useRef<HTMLElement>(null);
  return (
    <section className="compare" data-testid="compare" aria-label="Comparison of runs A and B" ref={section}>
      <header>
        <h2>
          <span className="tag a">A</span> against <span className="tag b">B</span>
        </h2>
        <p data-testid="compare-diff">
          B differs from A in: <strong>{differences(configA, configB)}</strong>
        </p>
        {/* The lesson as one figure: both runs side by side, each with its label and step. */}
        <PairExportButtons a={a} b={b} caption={`B differs from A in: ${differences(configA, configB)}`} host={() => section.current} />
        <button type="button" data-testid="compare-stop" onClick={() => a.setCompare(null)}>
          Stop comparing
        </button>
      </header>
      <div className="compare-grid">
        <div className="compare-embedding" data-testid="compare-embedding-a">
          <span className="tag a">A</span>
          <EmbeddingPlot />
        </div>
        <div className="compare-embedding" data-testid="compare-embedding-b">
          <span className="tag b">B</span>
          <ControllerContext.Provider value={b}>
            <EmbeddingPlot />
          </ControllerContext.Provider>
        </div>
        <Overlay a={a} b={b} testId="compare-loss" title="Training loss" draw={drawLoss} drawn={(s) => s.historyVersion} />
        <Overlay a={a} b={b} testId="compare-metrics" title="PR-AUC and OPIS over training" draw={drawMetrics} drawn={(s) => s.evalVersion} />
        <Overlay a={a} b={b} testId="compare-pr" title="Precision–recall over all pairs" draw={drawPr} drawn={(s) => s.evaluation} />
        <CompareTable a={a} b={b} />
      </div>
    </section>
  );
}

type Draw = (svg: SVGSVGElement, a: PlaygroundState, b: PlaygroundState) => void;

/**
 * One overlay figure, redrawn on a frame whenever what it draws (`drawn`: the history for the loss,
 * the series over steps, the latest evaluation) changes in either run — not on every training step
 * for the figures that only change with an evaluation (issue 18 §10).
 */
function Overlay({ a, b, testId, title, draw, drawn }: { a: Controller; b: Controller; testId: CompareChartId; title: string; draw: Draw; drawn: (s: PlaygroundState) => unknown }) {
  const ref = useRef<SVGSVGElement>(null);
  const caption = useRef<HTMLElement>(null);
  const redraw = () => ref.current && draw(ref.current, a.store.getState(), b.store.getState());
  useFrameRedraw(a.store, drawn, redraw);
  useFrameRedraw(b.store, drawn, redraw);
  return (
    <figure className="plot compare-plot" data-testid={testId}>
      <figcaption ref={caption}>
        {title}
        <PlotExportButtons id={testId} title={title} caption={caption} />
      </figcaption>
      <svg ref={ref} viewBox={`0 0 ${SIZE[0]} ${SIZE[1]}`} role="img" aria-label={`${title}, runs A and B`} />
    </figure>
  );
}

/** Each run's heating-up switch, where it has one: the step its α changes (HU's schedule). */
function heatMarkers(a: PlaygroundState, b: PlaygroundState): Marker[] {
  return [
    ['A', a, 'run-a'],
    ['B', b, 'run-b'],
  ]
    .filter(([, s]) => (s as PlaygroundState).config.heat !== 'off')
    .map(([tag, s, className]) => ({ x: (s as PlaygroundState).config.heatAt, label: `${tag as string} heats up`, className: className as string }));
}

const drawLoss: Draw = (svg, a, b) =>
  drawSeries(
    svg,
    SIZE,
    [
      { name: 'A loss', x: a.history.step, y: a.history.loss, className: 'run-a' },
      { name: 'B loss', x: b.history.step, y: b.history.loss, className: 'run-b' },
    ],
    { xLabel: 'step', yLabel: 'loss', markers: heatMarkers(a, b) },
  );

const drawMetrics: Draw = (svg, a, b) =>
  drawSeries(
    svg,
    SIZE,
    [
      { name: 'A PR-AUC', x: a.evalSeries.step, y: a.evalSeries.ap, className: 'run-a' },
      { name: 'B PR-AUC', x: b.evalSeries.step, y: b.evalSeries.ap, className: 'run-b' },
      { name: 'A OPIS ×100', x: a.evalSeries.step, y: a.evalSeries.opis.map((v) => 100 * v), className: 'run-a dashed' },
      { name: 'B OPIS ×100', x: b.evalSeries.step, y: b.evalSeries.opis.map((v) => 100 * v), className: 'run-b dashed' },
    ],
    { xLabel: 'step', yLabel: 'value', yDomain: [0, 1], markers: heatMarkers(a, b) },
  );

const drawPr: Draw = (svg, a, b) => drawPrPair(svg, SIZE, a, b);

