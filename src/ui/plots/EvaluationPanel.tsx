import { useViewState } from '../viewSource';
import { useAppState, useController } from '../context';
import { clearRecorded, pinCurrentCurve, recordRunPoint, type PlaygroundState } from '../../state/store';
import { PrCurve } from './PrCurve';
import { ScoreDistribution } from './ScoreDistribution';
import { UtilityCurves } from './UtilityCurves';
import { ThresholdTool } from './ThresholdTool';
import { DistanceHistogram } from './DistanceHistogram';
import { RocCurve } from './RocCurve';
import { MetricsOverSteps } from './MetricsOverSteps';
import { OpisScatter } from './OpisScatter';
import { Tip } from '../help/Tip';
import '../../charts/kit/evaluation.css';

type Evaluation = NonNullable<PlaygroundState['evaluation']>;

/** Four decimals for scores in [0, 1]; three significant digits for the small OPIS values. */
function fmt(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '—';
  if (v === 0) return '0';
  return Math.abs(v) >= 0.01 ? v.toFixed(4) : v.toPrecision(3);
}

const count = (n: number) => n.toLocaleString('en-US');

/** "step 250 · 2,000 items · binned, 4096 bins" or "step 900 · all 2,000 items · exact" (a set of one's own: no step). */
function scopeText(e: Evaluation, set = false): string {
  const items = e.full ? `all ${count(e.n)} items` : `${count(e.n)} items`;
  const path = e.path === 'exact' ? 'exact' : `binned (${e.path}), ${e.bins} bins`;
  return `${set ? 'your embeddings' : `step ${count(e.step)}`} · ${items} · ${path} · ${(e.ms / 1000).toFixed(1)} s`;
}

/** Which queries Recall@K (and MAP@R, R-precision) are over — every item unless a sample was asked for. */
function retrievalScope(e: Evaluation): string {
  if (e.recall.sampled) return `Recall@K, MAP@R and R-precision over a seeded sample of ${count(e.recall.items)} of ${count(e.n)} items, each against all`;
  if (e.recall.sampled === false) return `Recall@K, MAP@R and R-precision over all ${count(e.recall.items)} items, each against every other`;
  return `Recall@K on ${count(e.recall.items)} items`; // a report from before the whole-gallery evaluation
}

const recallAt = (e: Evaluation | null, k: number) => (e ? e.recall.value[e.recall.k.indexOf(k)] : undefined);

/** A metric tile; its help and exact value are a keyboard-reachable tip (not a title=). */
function Metric({ id, label, value, help }: { id: string; label: string; value: number | undefined; help: string }) {
  return (
    <Tip className="eval-metric" tip={`${help}. ${value === undefined ? 'No evaluation yet.' : `Exact value: ${value}.`}`}>
      {/* No upper-casing of Greek: an upper-case ε reads as E. */}
      <span className={/[α-ω]/.test(label) ? 'label symbol' : 'label'}>{label}</span>
      <span className="value" data-testid={id}>
        {fmt(value)}
      </span>
    </Tip>
  );
}

/** Its own component so that progress reports (many per second) re-render only this element. */
function EvalProgress() {
  const p = useViewState((s) => s.evalProgress);
  const running = p !== null;
  return (
    <div className="eval-progress" data-testid="eval-progress" data-state={running ? 'running' : 'idle'}>
      {running ? 'evaluating…' : ''}
      <progress max={1} value={running ? p : 0} hidden={!running} aria-label="evaluation progress" />
    </div>
  );
}

/**
 * The evaluation view (SPEC "Evaluation"): the latest all-pairs metrics, and six plots of them.
 * `variant="set"` shows a set of one's own (src/ui/ownEmbeddings): no training buttons and no
 * views over training steps or runs.
 */
export function EvaluationPanel({ variant = 'run' }: { variant?: 'run' | 'set' } = {}) {
  const run = variant === 'run';
  const e = useViewState((s) => s.evaluation);
  return (
    <section className="evaluation" data-testid="evaluation-panel">
      <div className="eval-summary">
        <div className="eval-metrics">
          <Metric id="metric-pr-auc" label="PR-AUC (AP)" value={e?.ap} help="Average precision over all pairs ranked by cosine" />
          <Metric id="metric-opis" label="OPIS" value={e?.opis} help="Threshold inconsistency across classes (TCM Eq. 2); lower is better" />
          <Metric id="metric-eps-opis" label="ε-OPIS" value={e?.epsOpis} help="Utility gap between the best and worst 10% of classes (TCM Eq. 3–4)" />
          <Metric id="metric-recall-at-1" label="Recall@1" value={recallAt(e, 1)} help="Share of items whose nearest neighbour shares their label" />
          {!run && (
            <>
              <Metric id="metric-map-at-r" label="MAP@R" value={e?.mapAtR} help="Mean average precision of each item's R nearest, R = its class's other items (at most 1,000; one-item classes left out)" />
              <Metric id="metric-r-precision" label="R-precision" value={e?.rPrecision} help="Same-class share of each item's R nearest, R = its class's other items (at most 1,000)" />
            </>
          )}
          <Metric id="metric-nmi" label="NMI" value={e?.nmi} help="k-means clusters vs labels (lowest inertia of 10 seeded restarts), normalised mutual information" />
          <RecallTable e={e} />
        </div>
        <div className="eval-scope">
          {e ? (
            <Tip tip={`${retrievalScope(e)}; ${count(e.pairs)} pairs, ${count(e.positives)} positive.`}>
              <span data-testid="eval-scope">{scopeText(e, !run)}</span>
            </Tip>
          ) : (
            <span data-testid="eval-scope">No evaluation yet — train a few steps</span>
          )}
          <EvalProgress />
          {run && <RunButtons />}
        </div>
      </div>
      <div className="eval-grid">
        <PrCurve />
        <ScoreDistribution />
        <UtilityCurves />
        <ThresholdTool />
        <RocCurve />
        <DistanceHistogram />
        {run && <MetricsOverSteps />}
        {run && <OpisScatter />}
      </div>
    </section>
  );
}

/** Recall@K at the usual K, each cell's exact value in its title and all of them in the tip. */
function RecallTable({ e }: { e: Evaluation | null }) {
  return (
    <Tip tip={e ? `Recall@K, exact: ${e.recall.k.map((k, i) => `R@${k} = ${e.recall.value[i]}`).join(', ')}.` : 'No evaluation yet.'}>
      <table className="recall-table" data-testid="recall-table">
        <thead>
          <tr>
            <th scope="row">K</th>
            {[1, 2, 4, 8].map((k) => (
              <th key={k}>{k}</th>
            ))}
            <th className="sep">{1}</th>
            {[5, 10].map((k) => (
              <th key={k}>{k}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">R@K</th>
            {[1, 2, 4, 8].map((k) => (
              <td key={k} title={String(recallAt(e, k) ?? '')}>
                {fmtShort(recallAt(e, k))}
              </td>
            ))}
            <td className="sep" title={String(recallAt(e, 1) ?? '')}>
              {fmtShort(recallAt(e, 1))}
            </td>
            {[5, 10].map((k) => (
              <td key={k} title={String(recallAt(e, k) ?? '')}>
                {fmtShort(recallAt(e, k))}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </Tip>
  );
}

/** A training run's buttons: evaluate everything now, and keep this evaluation beside later runs. */
function RunButtons() {
  const controller = useController();
  const { store } = controller;
  const e = useAppState((s) => s.evaluation);
  const evaluating = useAppState((s) => s.evalProgress !== null);
  const recorded = useAppState((s) => s.pinned.length + s.runPoints.length);
  // Until the worker reports the run ready there is nothing to evaluate.
  const ready = useAppState((s) => s.dataset !== null && s.fatal === null);
  return (
    <div className="eval-buttons">
      <button type="button" data-testid="evaluate-all" onClick={() => controller.evaluateAll()} disabled={evaluating || !ready} title="Evaluate every item of the evaluation set (binned all-pairs path, 4096 cosine bins: fast at any size)">
        Evaluate all
      </button>
      <button type="button" data-testid="pin-curve" onClick={() => pinCurrentCurve(store)} disabled={!e} title="Keep this PR curve drawn, dashed, beside later runs (several can be pinned; kept across reloads)">
        Pin PR curve
      </button>
      <button type="button" data-testid="record-run" onClick={() => recordRunPoint(store)} disabled={!e} title="Add this run as a point (error, OPIS) to the scatter">
        Record run in scatter
      </button>
      <button type="button" data-testid="clear-recorded" onClick={() => clearRecorded(store)} disabled={recorded === 0} title="Forget the pinned PR curves and the recorded runs (they are kept across reloads until cleared)">
        Clear pinned and recorded
      </button>
    </div>
  );
}

/** Table cells: three decimals. */
function fmtShort(v: number | undefined): string {
  return v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(3);
}
