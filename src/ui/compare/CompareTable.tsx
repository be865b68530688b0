import { usePlayground, type PlaygroundState } from '../../state/store';
import type { Controller } from '../controller';
import { alignRuns, comparedStep, stepCaption, verdictDue, type Alignment, type RunSteps } from './compareSteps';

/** The two groups of rows: the all-pairs metrics (evaluated every `metricsEvery` steps) and the embedding refresh's (every `evalEvery`). */
type Group = 'metrics' | 'embedding';

type Row = {
  id: string;
  label: string;
  group: Group;
  /** The metric over the group's steps (see {@link stepsOf}). */
  series: (s: PlaygroundState) => readonly number[];
  /** Its latest value (which may lie outside the series: an "Evaluate all", a set's only evaluation). */
  latest: (s: PlaygroundState) => number | undefined;
  better: 'higher' | 'lower';
};

const recall1 = (s: PlaygroundState) => {
  const e = s.evaluation;
  return e ? e.recall.value[e.recall.k.indexOf(1)] : undefined;
};

/** The rows of the table: the metrics both runs report, and which direction is better. */
const ROWS: Row[] = [
  { id: 'ap', label: 'PR-AUC (AP)', group: 'metrics', series: (s) => s.evalSeries.ap, latest: (s) => s.evaluation?.ap, better: 'higher' },
  { id: 'opis', label: 'OPIS', group: 'metrics', series: (s) => s.evalSeries.opis, latest: (s) => s.evaluation?.opis, better: 'lower' },
  { id: 'eps-opis', label: 'ε-OPIS', group: 'metrics', series: (s) => s.evalSeries.epsOpis, latest: (s) => s.evaluation?.epsOpis, better: 'lower' },
  { id: 'recall-at-1', label: 'Recall@1', group: 'metrics', series: (s) => s.evalSeries.recallAt1, latest: recall1, better: 'higher' },
  { id: 'nmi', label: 'NMI', group: 'metrics', series: (s) => s.evalSeries.nmi, latest: (s) => s.evaluation?.nmi, better: 'higher' },
  { id: 'accuracy', label: 'Accuracy (nearest centroid)', group: 'embedding', series: (s) => s.history.accuracy, latest: (s) => s.snapshot?.accuracy, better: 'higher' },
  { id: 'compactness', label: 'Compactness', group: 'embedding', series: (s) => s.history.compactness, latest: (s) => s.snapshot?.compactness, better: 'lower' },
];

const GROUP_LABEL: Record<Group, string> = { metrics: 'PR-AUC, OPIS, Recall@1 and NMI', embedding: 'accuracy and compactness' };

/** The steps a run evaluated a group at: its series over training, and its latest evaluation when that is not in the series. */
function stepsOf(s: PlaygroundState, group: Group): RunSteps {
  if (group === 'metrics') return { steps: s.evalSeries.step, extra: s.evaluation?.full ? { step: s.evaluation.step } : null };
  const steps = s.history.evalStep;
  const snap = s.snapshot;
  return { steps, extra: snap && steps[steps.length - 1] !== snap.step ? { step: snap.step } : null };
}

/** Row `r`'s value for one run under alignment `al` (`side` picks the run), and the step it is from. */
function valueOf(r: Row, s: PlaygroundState, al: Alignment, side: 'a' | 'b'): { value: number; step: number | null } {
  if (al.source === 'series') return { value: r.series(s)[side === 'a' ? al.ia : al.ib] ?? NaN, step: al.step };
  if (al.source === 'extra') return { value: r.latest(s) ?? NaN, step: al.step };
  // Nothing both have: each run's latest on its own, not compared.
  return { value: r.latest(s) ?? NaN, step: side === 'a' ? al.latestA : al.latestB };
}

/** What the table re-renders on: a new evaluation or embedding refresh of a run (the series grow in place). */
const watched = (s: PlaygroundState) =>
  `${s.evalVersion}|${s.evaluation?.step}|${s.evaluation?.full}|${s.evaluation?.ap}|${s.history.evalStep.length}|${s.snapshot?.step}|${s.snapshot?.accuracy}|${s.snapshot?.compactness}`;

function fmt(v: number): string {
  if (!Number.isFinite(v)) return '—';
  return Math.abs(v) >= 0.01 || v === 0 ? v.toFixed(4) : v.toPrecision(3);
}

/**
 * Metrics of A and B side by side with their difference; fills once both runs have an evaluation.
 * Like is compared with like: both runs at the latest step both have evaluated (said in the caption,
 * and in each cell's `data-step`), with a verdict (✓ better / ✗ worse) only once that step is the
 * latest of both. `showStep` = false for evaluated sets (no training steps to speak of).
 */
export function CompareTable({ a, b, showStep = true }: { a: Controller; b: Controller; showStep?: boolean }) {
  usePlayground(a.store, watched);
  usePlayground(b.store, watched);
  const sa = a.store.getState();
  const sb = b.store.getState();
  const both = sa.evaluation !== null && sb.evaluation !== null;
  const align: Record<Group, Alignment> = {
    metrics: alignRuns(stepsOf(sa, 'metrics'), stepsOf(sb, 'metrics')),
    embedding: alignRuns(stepsOf(sa, 'embedding'), stepsOf(sb, 'embedding')),
  };
  const caption = stepCaption((['metrics', 'embedding'] as const).map((g) => ({ label: GROUP_LABEL[g], align: align[g] })));
  const captionStep = comparedStep(align.metrics) ?? comparedStep(align.embedding);
  const allDue = verdictDue(align.metrics) && verdictDue(align.embedding);
  return (
    <table className="compare-table" data-testid="compare-table" data-filled={both}>
      {showStep && (
        <caption data-testid="compare-step" data-step={captionStep ?? ''} data-verdict={allDue} aria-live="polite">
          {caption}
        </caption>
      )}
      <thead>
        <tr>
          <th scope="col">metric</th>
          <th scope="col" className="a">A</th>
          <th scope="col" className="b">B</th>
          <th scope="col">Δ (B − A)</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((r) => {
          const al = align[r.group];
          const va = valueOf(r, sa, al, 'a');
          const vb = valueOf(r, sb, al, 'b');
          const compared = al.source !== 'none';
          const delta = compared ? vb.value - va.value : NaN;
          const due = verdictDue(al);
          const verdict = !due || !Number.isFinite(delta) || delta === 0 ? '' : (delta > 0) === (r.better === 'higher') ? 'better' : 'worse';
          const why = verdict
            ? `B is ${verdict} (${r.better} is better)`
            : compared && !due
              ? `At step ${comparedStep(al)}, the latest step both have: no verdict until A and B have evaluated the same step`
              : '';
          return (
            <tr key={r.id} data-testid={`compare-row-${r.id}`}>
              <th scope="row">{r.label}</th>
              <td data-testid={`compare-${r.id}-a`} data-step={va.step ?? ''}>
                {fmt(va.value)}
              </td>
              <td data-testid={`compare-${r.id}-b`} data-step={vb.step ?? ''}>
                {fmt(vb.value)}
              </td>
              <td data-testid={`compare-${r.id}-delta`} className={verdict} data-verdict={verdict || 'none'} title={why}>
                {Number.isFinite(delta) ? `${delta > 0 ? '+' : ''}${fmt(delta)}` : '—'}
                {/* Said in words too, not by colour alone. */}
                {verdict && <span className="verdict"> {verdict === 'better' ? '✓ better' : '✗ worse'}</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
