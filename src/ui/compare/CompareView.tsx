import { useRef } from 'react';
import { useAppState, useController } from '../context';
import { ViewSourceContext } from '../viewSource';
import { runViews } from '../run/runViews';
import { useFrameRedrawAll } from '../useFrameRedraw';
import { EmbeddingPlot } from '../plots/EmbeddingPlot';
import { CompareTable } from './CompareTable';
import { drawPrPair, drawSeries, type Band, type Marker, type Series } from '../../charts/pairChart';
import { seedBand } from './compareSteps';
import { sideOf, sideStates, sideStores } from './sides';
import { PlotFrame } from '../plots/PlotFrame';
import type { CompareChartId } from '../plots/plotIds';
import { PARAMS, optionLabel } from '../../state/params';
import { usePlayground, type PlaygroundState } from '../../state/store';
import type { Controller } from '../run/controller';
import { PairExportButtons } from './PairExportButtons';
import { compareWith } from '../run/pageLink';

const SIZE: [number, number] = [400, 200];

/** What B changes relative to A, in words ("Loss = Cross-Example Softmax (CES) · α = 20"). */
function differences(a: PlaygroundState['config'], b: PlaygroundState['config']): string {
  const diff = PARAMS.filter((p) => !Object.is(a[p.key], b[p.key])).map(
    (p) => `${p.label} = ${p.kind === 'enum' ? optionLabel(p, String(b[p.key])) : b[p.key]}`,
  );
  return diff.length ? diff.join(' · ') : 'the same settings as A (edit B in the panel on the left)';
}

/** The init seeds s, s + 1, … of a comparison on `n` seeds, in words. */
const seedList = (s: number, n: number) => (n === 2 ? `seeds ${s} and ${s + 1}` : `seeds ${s} to ${s + n - 1}`);

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
        {/* The figure draws seed s (one embedding per side); on several seeds its caption says so. */}
        <PairExportButtons
          a={a}
          b={b}
          caption={`B differs from A in: ${differences(configA, configB)}${a.seeds > 1 ? ` · shown: init seed ${configA.seed}, one of the ${a.seeds} seeds each side trained` : ''}`}
          host={() => section.current}
        />
        <button type="button" data-testid="compare-stop" onClick={() => compareWith(a, null)}>
          Stop comparing
        </button>
      </header>
      {a.seeds > 1 && (
        <p className="compare-seeds-note" data-testid="compare-seeds-note">
          A and B each train on {a.seeds} seeds ({seedList(configA.seed, a.seeds)}): the embeddings show seed {configA.seed}; the curves, the mean of the seeds with a band from the lowest to the highest; the table, the mean ± half-range and on how many seeds B is better.
        </p>
      )}
      <div className="compare-grid">
        <div className="compare-embedding" data-testid="compare-embedding-a">
          <span className="tag a">A</span>
          <EmbeddingPlot />
        </div>
        <div className="compare-embedding" data-testid="compare-embedding-b">
          <span className="tag b">B</span>
          <ViewSourceContext.Provider value={runViews(b)}>
            <EmbeddingPlot />
          </ViewSourceContext.Provider>
        </div>
        <Overlay a={a} b={b} testId="compare-loss" title="Training loss" draw={drawLoss} drawn={(s) => s.historyVersion} />
        <Overlay a={a} b={b} testId="compare-metrics" title="PR-AUC and OPIS over training" draw={drawMetrics} drawn={(s) => s.evalVersion} />
        <Overlay a={a} b={b} testId="compare-pr" title="Precision–recall over all pairs" draw={drawPr} drawn={(s) => s.evaluation} />
        <CompareTable a={sideOf(a)} b={sideOf(b)} />
      </div>
    </section>
  );
}

/** Draws an overlay from each side's runs (seed s first; one run per side on a single seed). */
type Draw = (svg: SVGSVGElement, a: PlaygroundState[], b: PlaygroundState[]) => void;

/**
 * One overlay figure, redrawn on a frame whenever what it draws (`drawn`: the history for the loss,
 * the series over steps, the latest evaluation) changes in any run — not on every training step
 * for the figures that only change with an evaluation.
 */
function Overlay({ a, b, testId, title, draw, drawn }: { a: Controller; b: Controller; testId: CompareChartId; title: string; draw: Draw; drawn: (s: PlaygroundState) => unknown }) {
  const ref = useRef<SVGSVGElement>(null);
  const { stores, key } = sideStores(sideOf(a), sideOf(b));
  const redraw = () => ref.current && draw(ref.current, sideStates(a), sideStates(b));
  useFrameRedrawAll(stores, key, drawn, redraw, () => ref.current);
  return (
    <PlotFrame id={testId} title={title} className="plot compare-plot" pair={runViews(b)}>
      <svg ref={ref} viewBox={`0 0 ${SIZE[0]} ${SIZE[1]}`} role="img" aria-label={`${title}, runs A and B`} />
    </PlotFrame>
  );
}

/** Each run's heating-up switch, where it has one: the step its α changes (HU's schedule). */
function heatMarkers(a: PlaygroundState, b: PlaygroundState): Marker[] {
  const sides = [
    ['A', a.config, 'run-a'],
    ['B', b.config, 'run-b'],
  ] as const;
  // A switch that keeps α only lowers the learning rate: said so, not "heats up".
  return sides
    .filter(([, c]) => c.heat !== 'off')
    .map(([tag, c, className], row) => ({ x: c.heatAt, label: c.heat === 'step' && c.alpha2 === c.alpha ? `${tag}: lr × ${c.heatLr}` : `${tag} heats up`, className, row }));
}

/**
 * The series and bands of one metric for both sides: on one seed each side's curve; on several the
 * mean over seeds as the line and the lowest-to-highest seed as a band behind it.
 */
function sideCurves(
  a: PlaygroundState[],
  b: PlaygroundState[],
  name: string,
  pick: (s: PlaygroundState) => { x: ArrayLike<number>; y: ArrayLike<number> },
  dashed = false,
): { series: Series[]; bands: Band[] } {
  const series: Series[] = [];
  const bands: Band[] = [];
  for (const [tag, side] of [['A', a], ['B', b]] as const) {
    const className = `run-${tag.toLowerCase()}${dashed ? ' dashed' : ''}`;
    if (side.length === 1) {
      series.push({ name: `${tag} ${name}`, ...pick(side[0]), className });
      continue;
    }
    const band = seedBand(side.map(pick));
    series.push({ name: `${tag} ${name}, mean of ${side.length} seeds`, x: band.x, y: band.mean, className });
    bands.push({ x: band.x, lo: band.lo, hi: band.hi, className });
  }
  return { series, bands };
}

const drawLoss: Draw = (svg, a, b) => {
  const loss = sideCurves(a, b, 'loss', (s) => ({ x: s.history.step, y: s.history.loss }));
  drawSeries(svg, SIZE, loss.series, { xLabel: 'step', yLabel: 'loss', markers: heatMarkers(a[0], b[0]), bands: loss.bands });
};

const drawMetrics: Draw = (svg, a, b) => {
  const ap = sideCurves(a, b, 'PR-AUC', (s) => ({ x: s.evalSeries.step, y: s.evalSeries.ap }));
  const opis = sideCurves(a, b, 'OPIS ×100', (s) => ({ x: s.evalSeries.step, y: s.evalSeries.opis.map((v) => 100 * v) }), true);
  drawSeries(svg, SIZE, [...ap.series, ...opis.series], { xLabel: 'step', yLabel: 'value', yDomain: [0, 1], markers: heatMarkers(a[0], b[0]), bands: [...ap.bands, ...opis.bands] });
};

/** The PR curves of seed s (curves over seeds do not average into a curve). */
const drawPr: Draw = (svg, a, b) => drawPrPair(svg, SIZE, a[0].evaluation, b[0].evaluation);
