/**
 * A lesson on the page: opening a step (its preset, paused), the class's answer (which starts the
 * runs), the reveal once every run has ended (from their numbers, with the step's key figure kept
 * for the handout), and moving between steps. Every function takes the page's controller.
 */
import { LESSON_BY_ID, lessonRefText, readLessonRef, type LessonRef } from '../../state/presets/lessons';
import { revealComparison, revealGradient, type LessonRecord, type Reveal } from '../../state/presets/lessonReveal';
import { metricRows } from '../../state/run/metricsExport';
import type { RunNumbers } from '../../state/presets/presetClaims';
import type { PlaygroundState } from '../../state/store';
import { transportState } from '../transport/runGuard';
import { sideStates } from '../compare/sides';
import { buildPairFigure, runName } from '../compare/PairExportButtons';
import { buildPlotSvg } from '../exports/plotExport';
import { openPreset } from '../run/pageLink';
import { runViews } from '../run/runViews';
import type { Controller } from '../run/controller';

/** The lesson step on screen, or null. */
export function currentStep(c: Controller): LessonRef | null {
  const ref = c.store.getState().lesson;
  return ref === null ? null : readLessonRef(ref);
}

/** Opens step `index` (0-based) of lesson `id`: its preset as the menu opens it, paused for the prediction. */
export function openLessonStep(c: Controller, id: string, index: number): void {
  const lesson = LESSON_BY_ID.get(id);
  const step = lesson?.steps[index];
  if (!lesson || !step) return;
  openPreset(c, step.preset, 0, 1, lessonRefText(lesson, index));
}

/** Moves `delta` steps through the lesson on screen (Back: −1, Next: +1); false at either end. */
export function moveLesson(c: Controller, delta: number): boolean {
  const at = currentStep(c);
  if (!at || !at.lesson.steps[at.index + delta]) return false;
  openLessonStep(c, at.lesson.id, at.index + delta);
  return true;
}

/** The record of the step on screen (an empty one before the class answered). */
export function recordOf(s: Pick<PlaygroundState, 'lesson' | 'lessonLog'>, ref = s.lesson): LessonRecord {
  return (ref !== null && s.lessonLog[ref]) || { answer: null, reveal: null, figure: null };
}

function setRecord(c: Controller, ref: string, record: LessonRecord): void {
  c.store.setState({ lessonLog: { ...c.store.getState().lessonLog, [ref]: record } });
}

/**
 * The class's answer (0-based) to the step on screen: kept, and the runs start if they are not
 * training yet. Refused (false) once the step is revealed: the answer was to come before the runs.
 */
export function answerLesson(c: Controller, answer: number): boolean {
  const at = currentStep(c);
  const ref = c.store.getState().lesson;
  if (!at || ref === null || !at.step.answers[answer]) return false;
  const record = recordOf(c.store.getState());
  if (record.reveal) return false;
  setRecord(c, ref, { ...record, answer });
  const t = transportState(c.runStates());
  if (!t.running && !t.halted) c.play();
  return true;
}

/** Asks the step on screen again: its answer and reveal are forgotten and its runs start over, paused. */
export function askAgain(c: Controller): void {
  const at = currentStep(c);
  const ref = c.store.getState().lesson;
  if (!at || ref === null) return;
  // The runs start over first: forgotten while they still stood at their end, it would be revealed again at once.
  openLessonStep(c, at.lesson.id, at.index);
  const log = { ...c.store.getState().lessonLog };
  delete log[ref];
  c.store.setState({ lessonLog: log });
}

/** What a run measured over its steps, as the claims read it. */
const numbersOf = (s: PlaygroundState): RunNumbers => ({
  rows: metricRows(s.evalSeries, s.history),
  refreshes: { step: s.history.evalStep, accuracy: s.history.accuracy, compactness: s.history.compactness },
});

/** The step's answer from the runs now, and its key figure as drawn on the page. */
function measure(c: Controller, at: LessonRef): { reveal: Reveal; figure: string | null } {
  const s = c.store.getState();
  if (at.step.measure.kind === 'gradient') {
    const caption = document.querySelector<HTMLElement>("[data-testid='gradient-vs-alpha'] figcaption");
    const figure = caption ? (buildPlotSvg('gradient-vs-alpha', caption, runViews(c))?.text ?? null) : null;
    return { reveal: revealGradient(s.snapshot?.gradient ?? null, s.snapshot?.step ?? s.step, s.config.seed), figure };
  }
  const b = c.compare;
  const as = sideStates(c);
  const bs = b ? sideStates(b) : [];
  const labels = { a: runName(s, s.preset), b: bs[0] ? runName(bs[0], s.preset) : 'B' };
  const reveal = revealComparison(at.step, as.map(numbersOf), bs.map(numbersOf), labels, as.map((r) => r.config.seed));
  const host = document.querySelector<HTMLElement>("[data-testid='compare']");
  const diff = document.querySelector("[data-testid='compare-diff']")?.textContent ?? '';
  const figure = b && host ? (buildPairFigure(c, b, diff, host)?.text ?? null) : null;
  return { reveal, figure };
}

/**
 * The run has ended and its last numbers are in: it diverged, or it finished and its embedding
 * refresh (and metrics, when due at the last step) of the last step arrived — they may come after
 * the step itself when evaluations run on another thread.
 */
function ended(s: PlaygroundState): boolean {
  if (s.diverged) return true;
  const last = s.config.steps;
  const metricsDue = s.config.metricsEvery > 0 && last % s.config.metricsEvery === 0;
  return s.finished && s.snapshot?.step === last && (!metricsDue || s.evalSeries.step[s.evalSeries.step.length - 1] === last);
}

/**
 * Reveals the step on screen once every run has ended (at its last step, or diverged), unless it
 * is revealed already; true when it did.
 */
export function revealWhenEnded(c: Controller): boolean {
  const at = currentStep(c);
  const s = c.store.getState();
  const ref = s.lesson;
  if (!at || ref === null || recordOf(s).reveal) return false;
  if (!c.runStates().every(ended)) return false;
  setRecord(c, ref, { ...recordOf(s), ...measure(c, at) });
  return true;
}
