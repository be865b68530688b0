/**
 * A lesson step's answer, revealed from what the runs measured (never from a fixed text): which
 * side was better on how many seeds, at which step, with the numbers; where the seeds disagree it
 * says so. Then whether the class's prediction and the paper agree with the runs. Pure TypeScript.
 */
import { CLAIM_METRIC_LABEL, claimRows, meanAndHalfRange, seedAgreement, type RunNumbers } from './presetClaims';
import type { LessonOutcome, LessonStep } from './lessons';

/** The numbers behind a reveal: one row per seed (A against B), or per sample type (two α's). */
export interface RevealNumbers {
  /** What the numbers are ("compactness"). */
  label: string;
  /** The two columns' names. */
  head: readonly [string, string];
  rows: ReadonlyArray<{ name: string; a: number; b: number }>;
}

/** What the runs showed, in numbers and words. */
export interface Reveal {
  /** null when the runs measured nothing to judge (no evaluated step in common, no gradient curves). */
  outcome: LessonOutcome | null;
  /** The measured answer in a sentence. */
  text: string;
  /** The step the numbers are from (null: none). */
  step: number | null;
  numbers: RevealNumbers;
}

/** A lesson step as the class went through it: what it predicted, and what the runs showed. */
export interface LessonRecord {
  /** The answer picked (index into the step's answers), or null. */
  answer: number | null;
  reveal: Reveal | null;
  /** The step's key figure as it ended (a standalone SVG), for the handout; null when none was drawn. */
  figure: string | null;
}

/** A number as a sentence shows it (3 significant digits). */
const fmt = (v: number): string => (Math.abs(v) >= 1e-3 || v === 0 ? Number(v.toPrecision(3)).toString() : v.toExponential(2));

/** A run's `metric` by step (the last value of a repeated step counts). */
function byStep(metric: Parameters<typeof claimRows>[0], run: RunNumbers): Map<number, number> {
  const m = new Map<number, number>();
  for (const r of claimRows(metric, run)) {
    const v = r[metric];
    if (v !== null && Number.isFinite(v)) m.set(r.step, v);
  }
  return m;
}

/**
 * The comparison's answer: B's metric against A's on every seed (A's seed i against B's seed i) at
 * the latest step every run evaluated. `labels`: what A and B are ("α = 0.25"); `seeds[i]`: run i's seed.
 */
export function revealComparison(step: LessonStep, a: readonly RunNumbers[], b: readonly RunNumbers[], labels: { a: string; b: string }, seeds: readonly number[]): Reveal {
  if (step.measure.kind !== 'compare') throw new Error('revealComparison needs a comparison step');
  const { metric, better } = step.measure;
  const name = CLAIM_METRIC_LABEL[metric];
  const maps = [...a, ...b].map((r) => byStep(metric, r));
  const common = maps.length ? [...maps[0].keys()].filter((s) => maps.every((m) => m.has(s))) : [];
  if (common.length === 0 || a.length === 0 || a.length !== b.length) return { outcome: null, text: `The runs have no evaluated step in common: no ${name} to compare.`, step: null, numbers: { label: name, head: ['A', 'B'], rows: [] } };
  const at = Math.max(...common);
  const rows = a.map((_, i) => ({ name: `seed ${seeds[i] ?? i + 1}`, a: maps[i].get(at)!, b: maps[a.length + i].get(at)! }));
  const agree = seedAgreement(
    rows.map((r) => r.a),
    rows.map((r) => r.b),
    better,
  );
  const means = `${name} ${fmt(meanAndHalfRange(rows.map((r) => r.a)).mean!)} (A) against ${fmt(meanAndHalfRange(rows.map((r) => r.b)).mean!)} (B)${rows.length > 1 ? ', means over the seeds' : ''}`;
  const seedsWord = (k: number) => `${k} of ${agree.n} seed${agree.n === 1 ? '' : 's'}`;
  let outcome: LessonOutcome;
  let text: string;
  if (agree.verdict === 'better' || agree.verdict === 'worse') {
    outcome = agree.verdict === 'better' ? 'b' : 'a';
    const [side, label] = outcome === 'b' ? ['B', labels.b] : ['A', labels.a];
    text = `${side} (${label}) had the ${better} ${name} on ${seedsWord(agree.n)} at step ${at}: ${means}.`;
  } else {
    outcome = 'noise';
    text = `The seeds disagree: B (${labels.b}) had the ${better} ${name} on ${seedsWord(agree.better)} at step ${at}, A (${labels.a}) on ${seedsWord(agree.worse)}: ${means} — within seed noise.`;
  }
  return { outcome, text, step: at, numbers: { label: name, head: [`A: ${labels.a}`, `B: ${labels.b}`], rows } };
}

/** What the gradient step reads of the gradient-against-α view (`GradientVsAlphaResult`). */
export interface GradientCurves {
  alphas: ArrayLike<number>;
  /** Where the α in force is on the grid. */
  alphaIndex: number;
  types: Record<'hard' | 'centroid', { median: ArrayLike<number> }>;
}

/** A change of the centroid samples' median by more than this factor counts as growing or vanishing. */
const CHANGE = 2;

/**
 * The gradient step's answer: the centroid samples' median gradient at the α in force against the
 * largest α of the view's grid, beside the hard samples' (HU Fig. 2's two ends), for one run.
 */
export function revealGradient(g: GradientCurves | null, at: number, seed: number): Reveal {
  const none = (text: string): Reveal => ({ outcome: null, text, step: null, numbers: { label: 'median gradient norm', head: ['', ''], rows: [] } });
  if (!g || g.alphas.length === 0) return none('The run drew no gradient curves: nothing to read.');
  const last = g.alphas.length - 1;
  const from = g.alphaIndex;
  const centroid = [g.types.centroid.median[from], g.types.centroid.median[last]];
  const hard = [g.types.hard.median[from], g.types.hard.median[last]];
  if (!centroid.every(Number.isFinite)) return none('The run has no centroid samples to read.');
  const ratio = centroid[1] / centroid[0];
  const outcome: LessonOutcome = ratio > CHANGE ? 'grows' : ratio < 1 / CHANGE ? 'vanishes' : 'same';
  const verb = outcome === 'grows' ? 'grew' : outcome === 'vanishes' ? 'shrank' : 'stayed within a factor of 2';
  const [a0, a1] = [fmt(g.alphas[from]), fmt(g.alphas[last])];
  const text =
    `From α = ${a0} to α = ${a1}, the centroid samples’ median gradient ${verb}: ${fmt(centroid[0])} → ${fmt(centroid[1])} (×${fmt(ratio)}), ` +
    `while the hard samples’ went ${fmt(hard[0])} → ${fmt(hard[1])}; the model at step ${at}, seed ${seed}.`;
  const rows = [
    { name: 'centroid samples', a: centroid[0], b: centroid[1] },
    { name: 'hard samples', a: hard[0], b: hard[1] },
  ];
  return { outcome, text, step: at, numbers: { label: `median gradient norm (seed ${seed})`, head: [`α = ${a0}`, `α = ${a1}`], rows } };
}

/** Whether the paper's finding and the runs agree, in a sentence. */
export function paperLine(step: LessonStep, outcome: LessonOutcome | null): string {
  if (outcome === null) return step.paper.says;
  const same = outcome === step.paper.outcome;
  return `${step.paper.says} ${same ? 'The runs here show the same.' : outcome === 'noise' ? 'The runs here do not show it on every seed.' : 'The runs here show otherwise.'}`;
}

/** The class's prediction against the runs, in a sentence. */
export function predictionLine(step: LessonStep, answer: number | null, outcome: LessonOutcome | null): string {
  const picked = answer === null ? undefined : step.answers[answer];
  if (!picked) return 'No prediction was made.';
  if (outcome === null) return `The class predicted “${picked.label}”.`;
  return `The class predicted “${picked.label}”: ${picked.outcome === outcome ? 'the runs agree' : 'not what the runs showed'}.`;
}
