import { useMemo, useRef, type ReactNode } from 'react';
import { ViewSourceContext, type ViewSource } from '../viewSource';
import type { OwnSetInfo } from '../../worker/own/ownProtocol';
import { EmbeddingPlot } from '../plots/EmbeddingPlot';
import { EvaluationPanel } from '../plots/EvaluationPanel';
import { useFrameRedraw } from '../useFrameRedraw';
import { CompareTable } from '../compare/CompareTable';
import { drawPrPair } from '../../charts/pairChart';
import { PlotFrame } from '../plots/PlotFrame';
import { useOwnSession, useOwnState } from './ownContext';
import { describeSet } from './session';
import { setViews } from './setViews';

/**
 * "Training run" | "Your embeddings": which views the main area shows. Present once a set of
 * one's own is loaded (or loading); the training goes on either way.
 */
export function ViewSourceSwitch() {
  const own = useOwnSession();
  const source = useOwnState((s) => s.source);
  const hasA = useOwnState((s) => s.sets.A !== null);
  const loading = useOwnState((s) => s.busy !== null);
  if (!hasA && !loading) return null;
  const button = (value: 'run' | 'own', text: string) => (
    <button type="button" data-testid={`view-source-${value}`} aria-pressed={source === value} disabled={value === 'own' && !hasA} onClick={() => own.setSource(value)}>
      {text}
    </button>
  );
  return (
    <div className="view-source" role="group" aria-label="The views show" data-testid="view-source" data-source={source}>
      <span className="label">Views of</span>
      {button('run', 'Training run')}
      {button('own', 'Your embeddings')}
    </div>
  );
}

/**
 * The training run's views (`children`), or in their place the loaded set's when those are chosen
 * and `allowOwn` (the full page: a lecture or an embedded view shows the run, having no switch).
 */
export function TrainingOrOwn({ allowOwn, children }: { allowOwn: boolean; children: ReactNode }) {
  const own = useOwnState((s) => s.source === 'own' && s.sets.A !== null);
  return own && allowOwn ? <OwnViews /> : <>{children}</>;
}

/**
 * The evaluation views of set A — the same components as a training run's, reading A's source —
 * and, when set B is loaded, A against B.
 */
function OwnViews() {
  const own = useOwnSession();
  // A new source only for a new set, not when only what the panel says of it changes.
  const infoA = useOwnState((s) => s.sets.A?.info ?? null);
  const infoB = useOwnState((s) => s.sets.B?.info ?? null);
  const views = useMemo(() => infoA && setViews(own.stores.A, infoA, own.page), [own, infoA]);
  const viewsB = useMemo(() => infoB && setViews(own.stores.B, infoB, own.page), [own, infoB]);
  if (!infoA || !views) return null;
  return (
    <ViewSourceContext.Provider value={views}>
      <section className="own-views" data-testid="own-views" aria-label="Evaluation of your embeddings">
        <h2 className="own-title">
          Your embeddings: <span className="tag a">A</span> {describeSet(infoA)}
        </h2>
        {infoB && viewsB && <OwnCompare a={views} b={viewsB} info={infoB} />}
        <div className="plots">
          <EmbeddingPlot timeline={false} />
        </div>
        <EvaluationPanel variant="set" />
      </section>
    </ViewSourceContext.Provider>
  );
}

const SIZE: [number, number] = [400, 220];

/** Two sets as two runs: the table A | B | Δ and their PR curves overlaid. */
function OwnCompare({ a, b, info }: { a: ViewSource; b: ViewSource; info: OwnSetInfo }) {
  const svg = useRef<SVGSVGElement>(null);
  const redraw = () => svg.current && drawPrPair(svg.current, SIZE, a.store.getState().evaluation, b.store.getState().evaluation);
  useFrameRedraw(a.store, (s) => s.evaluation, redraw);
  useFrameRedraw(b.store, (s) => s.evaluation, redraw);
  const title = 'Precision–recall over all pairs';
  return (
    <section className="compare own-compare" data-testid="own-compare" aria-label="Your embeddings: set A against set B">
      <header>
        <h2>
          <span className="tag a">A</span> against <span className="tag b">B</span>
        </h2>
        <p>B: {describeSet(info)}</p>
      </header>
      <div className="compare-grid">
        <PlotFrame id="compare-pr" testId="own-compare-pr" title={title} className="plot compare-plot" pair={b}>
          <svg ref={svg} viewBox={`0 0 ${SIZE[0]} ${SIZE[1]}`} role="img" aria-label={`${title}, sets A and B`} />
        </PlotFrame>
        <CompareTable a={() => [a.store]} b={() => [b.store]} showStep={false} />
      </div>
    </section>
  );
}
