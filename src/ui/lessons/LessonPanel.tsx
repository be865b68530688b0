import { useEffect } from 'react';
import { useAppState, useController } from '../context';
import { readLessonRef, stepPreset, type LessonRef } from '../../state/presets/lessons';
import { paperLine, predictionLine, type LessonRecord } from '../../state/presets/lessonReveal';
import { closePreset } from '../run/pageLink';
import type { Controller } from '../run/controller';
import { subscribeToRuns } from '../transport/useTransport';
import { saveFile } from '../exports/download';
import { answerLesson, askAgain, moveLesson, recordOf, revealWhenEnded } from './lessonRun';
import { handoutHtml } from './handout';
import './lessons.css';

/** Reveals the step on screen as soon as every run of it has ended (watching every run, A's, B's, each seed's). */
function useRevealWhenEnded(c: Controller, ref: string | null): void {
  useEffect(() => {
    if (ref === null) return;
    revealWhenEnded(c);
    return subscribeToRuns(c, () => revealWhenEnded(c));
  }, [c, ref]);
}

/** Saves the handout of the lesson on screen: every step as recorded so far. */
function printLesson(c: Controller): void {
  const s = c.store.getState();
  const at = s.lesson === null ? null : readLessonRef(s.lesson);
  if (!at) return;
  const { lesson } = at;
  const refs = lesson.steps.map((_, i) => `${lesson.id}/${i + 1}`);
  const base = `${window.location.origin}${window.location.pathname}`;
  const html = handoutHtml({
    lesson,
    records: refs.map((r) => s.lessonLog[r]),
    links: refs.map((r) => `${base}#lesson=${r}`),
    date: new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
  });
  saveFile(`metric-playground-lesson-${lesson.id}.html`, html, 'text/html');
}

/** Where the step stands in its lesson, Back / Next, "Print the lesson" and (on the full page) leaving it. */
function LessonNav({ at, lecture }: { at: LessonRef; lecture: boolean }) {
  const c = useController();
  const { lesson, index } = at;
  return (
    <header>
      <span className="lesson-where" data-testid="lesson-where">
        Lesson: {lesson.title} · step {index + 1} of {lesson.steps.length}
      </span>
      <span className="lesson-nav">
        <button type="button" data-testid="lesson-back" disabled={index === 0} title="The previous step (←)" onClick={() => moveLesson(c, -1)}>
          ← Back
        </button>
        <button type="button" data-testid="lesson-next" disabled={index === lesson.steps.length - 1} title="The next step (→)" onClick={() => moveLesson(c, 1)}>
          Next →
        </button>
        <button type="button" data-testid="lesson-print" title="Save a one-page handout of the lesson: the questions, the key figures as they ended, the numbers and their seeds" onClick={() => printLesson(c)}>
          Print the lesson
        </button>
        {!lecture && (
          <button type="button" className="lesson-close" data-testid="lesson-close" aria-label="Leave the lesson" onClick={() => closePreset(c)}>
            ×
          </button>
        )}
      </span>
    </header>
  );
}

/** The answer as the runs measured it, beside the class's prediction and the paper's finding. */
function LessonReveal({ at, record }: { at: LessonRef; record: LessonRecord }) {
  const c = useController();
  const { lesson, index, step } = at;
  const reveal = record.reveal!;
  const picked = record.answer === null ? null : step.answers[record.answer];
  const next = lesson.steps[index + 1];
  return (
    <div className="lesson-reveal" data-testid="lesson-reveal" data-outcome={reveal.outcome ?? 'none'} data-agree={picked && reveal.outcome ? String(picked.outcome === reveal.outcome) : undefined} aria-live="polite">
      <p className="lesson-prediction" data-testid="lesson-prediction">
        {picked && reveal.outcome ? (picked.outcome === reveal.outcome ? '✓ ' : '✗ ') : ''}
        {predictionLine(step, record.answer, reveal.outcome)}
      </p>
      <p data-testid="lesson-answer">{reveal.text}</p>
      <p className="lesson-paper" data-testid="lesson-paper">
        {paperLine(step, reveal.outcome)}
      </p>
      <p className="lesson-after">
        <button type="button" className="link" data-testid="lesson-again" onClick={() => askAgain(c)}>
          Ask again
        </button>
        {next && (
          <button type="button" className="link" onClick={() => moveLesson(c, 1)}>
            Next: {stepPreset(next).title} →
          </button>
        )}
      </p>
    </div>
  );
}

/** What the class is to do now, before the reveal: pick an answer, or wait for the runs to end. */
function statusLine(at: LessonRef, record: LessonRecord, lecture: boolean): string {
  const preset = stepPreset(at.step);
  const runs = preset.runs.length > 1 ? 2 * (preset.seeds ?? 1) : 1;
  const picked = record.answer === null ? null : at.step.answers[record.answer];
  if (picked) return `Predicted: “${picked.label}”. The answer shows when ${runs > 1 ? `all ${runs} runs have` : 'the run has'} ended.`;
  return `Pick an answer${lecture ? ` (keys 1–${at.step.answers.length})` : ''}: the ${runs > 1 ? 'runs' : 'run'} then train${runs > 1 ? '' : 's'}.`;
}

/**
 * A lesson step: where it stands in its sequence (Back / Next), the question with its answers as
 * large buttons (keys 1–3), and once every run has ended, the answer from their numbers beside the
 * class's prediction and the paper's finding. "Print the lesson" saves the handout.
 */
export function LessonPanel() {
  const c = useController();
  const ref = useAppState((s) => s.lesson);
  const record = recordOf({ lesson: ref, lessonLog: useAppState((s) => s.lessonLog) });
  const lecture = useAppState((s) => s.ui === 'lecture');
  useRevealWhenEnded(c, ref);
  const at = ref === null ? null : readLessonRef(ref);
  if (!at) return null;
  const { lesson, index, step } = at;
  return (
    <section className="lesson-panel" data-testid="lesson-panel" data-step={ref} aria-label={`Lesson: ${lesson.title}, step ${index + 1} of ${lesson.steps.length}`}>
      <LessonNav at={at} lecture={lecture} />
      <h2>{stepPreset(step).title}</h2>
      <p className="lesson-question" data-testid="lesson-question" id="lesson-question">
        {step.question}
      </p>
      <div className="lesson-answers" role="group" aria-labelledby="lesson-question">
        {step.answers.map((a, k) => (
          <button
            key={a.label}
            type="button"
            data-testid={`lesson-answer-${k + 1}`}
            aria-pressed={record.answer === k}
            aria-keyshortcuts={String(k + 1)}
            disabled={record.reveal !== null}
            onClick={() => answerLesson(c, k)}
          >
            <kbd>{k + 1}</kbd> {a.label}
          </button>
        ))}
      </div>
      {record.reveal ? (
        <LessonReveal at={at} record={record} />
      ) : (
        <p className="lesson-status" data-testid="lesson-status" aria-live="polite">
          {statusLine(at, record, lecture)}
        </p>
      )}
    </section>
  );
}
