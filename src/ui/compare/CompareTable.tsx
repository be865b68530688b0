import type { ReactNode } from 'react';
import { usePlayground, type PlaygroundState } from '../../state/store';
import { meanAndHalfRange, seedAgreement, type ClaimMetric, type SeedAgreement } from '../../state/presets/presetClaims';
import { alignRuns, comparedStep, rowsInOrder, stepCaption, verdictDue, type Alignment, type RunSteps } from './compareSteps';
import { useSides, type Side } from './sides';
import { TAR_FARS } from '../../eval/metrics/roc';
import { PRESET_BY_ID } from '../../state/presets/presets';

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
  /** Which direction is better; null for a number with no better side (a threshold), which gets no verdict. */
  better: 'higher' | 'lower' | null;
  /** The preset claim this row shows (presetClaims.ts), if any. */
  claim?: ClaimMetric;
};

const recall1 = (s: PlaygroundState) => {
  const e = s.evaluation;
  return e ? e.recall.value[e.recall.k.indexOf(1)] : undefined;
};

/** The rows of the table: the metrics both runs report, and which direction is better. */
const ROWS: Row[] = [
  { id: 'ap', label: 'PR-AUC (AP)', group: 'metrics', series: (s) => s.evalSeries.ap, latest: (s) => s.evaluation?.ap, better: 'higher', claim: 'ap' },
  { id: 'opis', label: 'OPIS', group: 'metrics', series: (s) => s.evalSeries.opis, latest: (s) => s.evaluation?.opis, better: 'lower', claim: 'opis' },
  { id: 'eps-opis', label: 'ε-OPIS', group: 'metrics', series: (s) => s.evalSeries.epsOpis, latest: (s) => s.evaluation?.epsOpis, better: 'lower', claim: 'epsOpis' },
  { id: 'recall-at-1', label: 'Recall@1', group: 'metrics', series: (s) => s.evalSeries.recallAt1, latest: recall1, better: 'higher', claim: 'recallAt1' },
  { id: 'nmi', label: 'NMI', group: 'metrics', series: (s) => s.evalSeries.nmi, latest: (s) => s.evaluation?.nmi, better: 'higher' },
  { id: 'accuracy', label: 'Accuracy (nearest centroid)', group: 'embedding', series: (s) => s.history.accuracy, latest: (s) => s.snapshot?.accuracy, better: 'higher', claim: 'accuracy' },
  { id: 'compactness', label: 'Compactness', group: 'embedding', series: (s) => s.history.compactness, latest: (s) => s.snapshot?.compactness, better: 'lower', claim: 'compactness' },
];

/** TAR and the threshold at target FAR `far` of a report's operating points (undefined when not on its grid). */
const atFar = (s: PlaygroundState, far: number, pick: 'tar' | 'cosine') => {
  const ops = s.evaluation?.operating;
  const i = ops ? ops.far.indexOf(far) : -1;
  return ops && i >= 0 ? ops[pick][i] : undefined;
};

/**
 * The rows of two evaluated sets (verification is judged there): TAR at each of SPEC's FARs, and the
 * threshold each set needs for that FAR (as a cosine; no better side). Sets have no series over steps.
 */
const SET_ROWS: Row[] = TAR_FARS.flatMap((far): Row[] => [
  { id: `tar-${far}`, label: `TAR at FAR ${far}`, group: 'metrics', series: () => [], latest: (s) => atFar(s, far, 'tar'), better: 'higher' },
  { id: `threshold-${far}`, label: `Threshold (cosine) for FAR ${far}`, group: 'metrics', series: () => [], latest: (s) => atFar(s, far, 'cosine'), better: null },
]);

const GROUP_LABEL: Record<Group, string> = { metrics: 'PR-AUC, OPIS, Recall@1 and NMI', embedding: 'accuracy and compactness' };

/** The steps a run evaluated a group at: its series over training, and its latest evaluation when that is not in the series. */
function stepsOf(s: PlaygroundState, group: Group): RunSteps {
  if (group === 'metrics') return { steps: s.evalSeries.step, extra: s.evaluation?.full ? { step: s.evaluation.step } : null };
  const steps = s.history.evalStep;
  const snap = s.snapshot;
  return { steps, extra: snap && steps[steps.length - 1] !== snap.step ? { step: snap.step } : null };
}

/** Row `r`'s value for run `i` of all runs (A's seeds, then B's) under alignment `al`, and the step it is from. */
function valueOf(r: Row, s: PlaygroundState, al: Alignment, i: number, side: 'a' | 'b'): { value: number; step: number | null } {
  if (al.source === 'series') return { value: r.series(s)[al.index[i]] ?? NaN, step: al.step };
  if (al.source === 'extra') return { value: r.latest(s) ?? NaN, step: al.step };
  // Nothing all have: each run's latest on its own, not compared.
  return { value: r.latest(s) ?? NaN, step: side === 'a' ? al.latestA : al.latestB };
}

/** What the table re-renders on: a new evaluation or embedding refresh of a run (the series grow in place). */
const watched = (s: PlaygroundState) =>
  `${s.evalVersion}|${s.evaluation?.step}|${s.evaluation?.full}|${s.evaluation?.ap}|${s.history.evalStep.length}|${s.snapshot?.step}|${s.snapshot?.accuracy}|${s.snapshot?.compactness}`;

function fmt(v: number): string {
  if (!Number.isFinite(v)) return '—';
  return Math.abs(v) >= 0.01 || v === 0 ? v.toFixed(4) : v.toPrecision(3);
}

/** A number in a mean ± half-range cell: as {@link fmt}, small ones in e-notation (the pair must fit the column). */
function short(v: number): string {
  return Number.isFinite(v) && v !== 0 && Math.abs(v) < 0.01 ? v.toExponential(2) : fmt(v);
}

/** One side's cell: its value, or over several seeds their mean and "± half-range" (on a line of its own where the column is narrow). */
function sideCell(values: number[]): { text: ReactNode; mean: number } {
  if (values.length === 1) return { text: fmt(values[0]), mean: values[0] };
  const { mean, spread } = meanAndHalfRange(values);
  if (mean === null) return { text: '—', mean: NaN };
  return {
    text: (
      <>
        {short(mean)}
        <span className="cell-spread"> ± {short(spread ?? NaN)}</span>
      </>
    ),
    mean,
  };
}

/** A metric row's comparison of B with A at its group's alignment: each side's values and cell, the difference, the seeds' agreement, and the verdict with its reason in words. */
interface RowComparison {
  va: { value: number; step: number | null }[];
  vb: { value: number; step: number | null }[];
  ca: { text: ReactNode; mean: number };
  cb: { text: ReactNode; mean: number };
  /** Whether the runs are compared at a common step (else each shows its latest on its own). */
  compared: boolean;
  delta: number;
  agree: SeedAgreement;
  verdict: SeedAgreement['verdict'];
  /** " at step N" where steps are spoken of and the runs are compared; '' otherwise. */
  at: string;
  /** The verdict's reason, for the difference cell's title. */
  why: string;
}

/** The comparison of row `r` between A's runs `as` and B's runs `bs` under alignment `al`. */
function compareRow(r: Row, as: readonly PlaygroundState[], bs: readonly PlaygroundState[], al: Alignment, showStep: boolean): RowComparison {
  const seeds = as.length;
  const va = as.map((s, i) => valueOf(r, s, al, i, 'a'));
  const vb = bs.map((s, i) => valueOf(r, s, al, seeds + i, 'b'));
  const ca = sideCell(va.map((v) => v.value));
  const cb = sideCell(vb.map((v) => v.value));
  const compared = al.source !== 'none';
  const delta = compared ? cb.mean - ca.mean : NaN;
  const due = verdictDue(al);
  const better = r.better;
  const agree = seedAgreement(
    va.map((v) => v.value),
    vb.map((v) => v.value),
    better ?? 'higher',
  );
  // One seed: the sign of the difference; several: only when every seed agrees; none for a number without a better side.
  const verdict =
    better === null || !due || !Number.isFinite(delta) || delta === 0 ? '' : seeds === 1 ? ((delta > 0) === (better === 'higher') ? 'better' : 'worse') : agree.verdict;
  const at = showStep && compared ? ` at step ${comparedStep(al)}` : '';
  const why =
    verdict === 'noise'
      ? `B is ${r.better} on ${agree.better} of ${agree.n} seeds${at}: within seed noise`
      : verdict
        ? `B is ${verdict} (${r.better} is better)${seeds > 1 ? ` on every one of ${agree.n} seeds` : ''}${at}`
        : '';
  return { va, vb, ca, cb, compared, delta, agree, verdict, at, why };
}

/** The table's header row: metric, A, B and their difference. */
function CompareHead() {
  return (
    <thead>
      <tr>
        <th scope="col">metric</th>
        <th scope="col" className="a">
          A
        </th>
        <th scope="col" className="b">
          B
        </th>
        <th scope="col">Δ (B − A)</th>
      </tr>
    </thead>
  );
}

/** One side's value cell of a metric row: the value (or mean ± half-range), the step it is from, and over several seeds each seed's value. */
function SideValueCell({ testId, values, cell, seeds }: { testId: string; values: RowComparison['va']; cell: RowComparison['ca']; seeds: number }) {
  return (
    <td data-testid={testId} data-step={values[0].step ?? ''} data-values={seeds > 1 ? values.map((v) => v.value).join(' ') : undefined}>
      {cell.text}
    </td>
  );
}

/** A metric row's difference cell: B − A, over several seeds on how many B is better, and the verdict in words. */
function DeltaCell({ r, c, seeds }: { r: Row; c: RowComparison; seeds: number }) {
  const { delta, agree, verdict, at, compared } = c;
  return (
    <td data-testid={`compare-${r.id}-delta`} className={verdict === 'noise' ? '' : verdict} data-verdict={verdict || 'none'} data-agree={seeds > 1 && compared ? `${agree.better}/${agree.n}` : undefined} title={c.why}>
      {Number.isFinite(delta) ? `${delta > 0 ? '+' : ''}${seeds > 1 ? short(delta) : fmt(delta)}` : '—'}
      {/* Said in words too, not by colour alone. */}
      {seeds > 1 && compared && r.better !== null && agree.n > 0 && (
        <span className="seed-count">
          {' '}
          B {r.better} on {agree.better} of {agree.n} seeds
          {agree.n - agree.better - agree.worse > 0 && `, tied on ${agree.n - agree.better - agree.worse}`}
        </span>
      )}
      {verdict === 'better' && <span className="verdict"> ✓ better{at}</span>}
      {verdict === 'worse' && <span className="verdict"> ✗ worse{at}</span>}
      {verdict === 'noise' && <span className="verdict"> within seed noise{at}</span>}
    </td>
  );
}

/** One metric row: its label (marked when it is the opened preset's lesson), A's and B's cells, and their difference. */
function CompareRow({ r, c, seeds, lesson }: { r: Row; c: RowComparison; seeds: number; lesson: boolean }) {
  return (
    <tr data-testid={`compare-row-${r.id}`} className={lesson ? 'lesson-row' : undefined} data-lesson={lesson || undefined}>
      <th scope="row">
        {r.label}
        {lesson && (
          <span className="lesson-mark" data-testid="lesson-mark" title="The number this preset's lesson is about: its claim is judged on it">
            {' '}
            the lesson’s number
          </span>
        )}
      </th>
      <SideValueCell testId={`compare-${r.id}-a`} values={c.va} cell={c.ca} seeds={seeds} />
      <SideValueCell testId={`compare-${r.id}-b`} values={c.vb} cell={c.cb} seeds={seeds} />
      <DeltaCell r={r} c={c} seeds={seeds} />
    </tr>
  );
}

/**
 * Metrics of A and B side by side with their difference; fills once both runs have an evaluation.
 * Like is compared with like: every run at the latest step all have evaluated (said in the caption,
 * and in each cell's `data-step`), with its verdict (✓ better / ✗ worse) at that step, kept until a
 * later common step replaces it. An opened preset's claimed metric is the first row. On several
 * seeds each cell is the mean ± half-range over seeds, the difference says on how many seeds B is
 * on the better side, and the verdict needs all of them (else "within seed noise"). `showStep` = false for evaluated sets (no training steps to speak of;
 * they get the verification rows too: TAR at FAR 1e-4, 1e-3, 1e-2 and the threshold each needs).
 */
export function CompareTable({ a, b, showStep = true }: { a: Side; b: Side; showStep?: boolean }) {
  const [as, bs] = useSides(a, b, watched);
  const seeds = as.length;
  const stepsAll = (g: Group) => [as.map((s) => stepsOf(s, g)), bs.map((s) => stepsOf(s, g))] as const;
  const align: Record<Group, Alignment> = { metrics: alignRuns(...stepsAll('metrics')), embedding: alignRuns(...stepsAll('embedding')) };
  const both = [...as, ...bs].every((s) => s.evaluation !== null);
  const caption = stepCaption((['metrics', 'embedding'] as const).map((g) => ({ label: GROUP_LABEL[g], align: align[g] })), seeds);
  const captionStep = comparedStep(align.metrics) ?? comparedStep(align.embedding);
  const allDue = verdictDue(align.metrics) && verdictDue(align.embedding);
  // The opened preset's claim (only while its guide is open over this comparison): its row first.
  const claim = usePlayground(a()[0], (s) => (s.preset ? (PRESET_BY_ID.get(s.preset.id)?.claim?.metric ?? null) : null));
  const rows = rowsInOrder(showStep ? ROWS : [...ROWS, ...SET_ROWS], showStep ? claim : null);
  return (
    <table className="compare-table" data-testid="compare-table" data-filled={both} data-seeds={seeds}>
      {showStep && (
        <caption data-testid="compare-step" data-step={captionStep ?? ''} data-verdict={allDue} aria-live="polite">
          {caption}
        </caption>
      )}
      <CompareHead />
      <tbody>
        {rows.map((r) => (
          <CompareRow key={r.id} r={r} c={compareRow(r, as, bs, align[r.group], showStep)} seeds={seeds} lesson={claim !== null && r.claim === claim && showStep} />
        ))}
      </tbody>
    </table>
  );
}
