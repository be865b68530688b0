/**
 * The lessons: each paper's presets in order, as "predict, observe, explain" sequences (the PhET
 * simulations' pattern). Before Play each step asks the class a question with two or three
 * answers; after the run the answer is revealed from the numbers the runs measured
 * (`lessonReveal.ts`), never from a fixed text. A lesson is a row of this table; a step is a preset
 * plus its question. Links name a step as `lesson=hu/2` (1-based). Pure TypeScript (no React, no DOM).
 */
import type { ClaimMetric } from './presetClaims';
import { PRESET_BY_ID } from './presets';

/**
 * What a step measures to reveal its answer:
 * - `compare`: B's `metric` against A's on every seed at the runs' latest common step; the outcome is
 *   'b' (B on the better side on every seed), 'a' (A on every seed) or 'noise' (the seeds disagree);
 * - `gradient`: how the centroid samples' median gradient changes from the α in force to the largest
 *   α of the gradient-against-α view; 'grows', 'vanishes' or 'same'.
 */
export type LessonMeasure = { kind: 'compare'; metric: ClaimMetric; better: 'higher' | 'lower' } | { kind: 'gradient' };

/** The outcomes a measure can have (see {@link LessonMeasure}). */
export type LessonOutcome = 'a' | 'b' | 'noise' | 'grows' | 'vanishes' | 'same';

/** One answer the class can pick, and the outcome it predicts. */
export interface LessonAnswer {
  label: string;
  outcome: LessonOutcome;
}

export interface LessonStep {
  /** The preset the step opens (its runs A and B as the menu opens them). */
  preset: string;
  /** The question asked before Play. */
  question: string;
  /** Two or three answers (keys 1–3 pick them). */
  answers: readonly LessonAnswer[];
  measure: LessonMeasure;
  /** What the paper reports, the outcome that matches it, and where (the reveal says whether the runs agree). */
  paper: { outcome: LessonOutcome; says: string };
}

export interface Lesson {
  /** The link's name (`lesson=hu/1`). */
  id: string;
  title: string;
  /** One line: what the sequence teaches. */
  about: string;
  steps: readonly [LessonStep, ...LessonStep[]];
}

const NOISE: LessonAnswer = { label: 'Neither on every seed', outcome: 'noise' };

export const LESSONS: readonly Lesson[] = [
  {
    id: 'hu',
    title: 'Temperature and heating-up (HU)',
    about: 'What the scale α does to the embedding and to each sample’s gradient, and whether lowering it late helps.',
    steps: [
      {
        preset: 'hu-temperature',
        question: 'Which run will gather each digit tighter on the circle: α = 0.25 or α = 4?',
        answers: [{ label: 'α = 0.25 (A)', outcome: 'a' }, { label: 'α = 4 (B)', outcome: 'b' }, NOISE],
        measure: { kind: 'compare', metric: 'compactness', better: 'lower' },
        paper: { outcome: 'b', says: 'HU Fig. 3: a small α leaves each class smeared over a wide arc; a moderate α gathers it.' },
      },
      {
        preset: 'hu-gradient',
        question: 'As α grows past 16, what happens to the gradient of samples already at their class centre?',
        answers: [
          { label: 'It grows, like the hard samples’', outcome: 'grows' },
          { label: 'It vanishes', outcome: 'vanishes' },
          { label: 'It stays about the same', outcome: 'same' },
        ],
        measure: { kind: 'gradient' },
        paper: { outcome: 'vanishes', says: 'HU Fig. 2: as α grows, hard samples get ever larger gradients and centroid samples vanishing ones.' },
      },
      {
        preset: 'heating-up',
        question: 'Both runs lower the learning rate at step 200; B also drops α from 16 to 2. Which ranks all pairs better by the end (PR-AUC)?',
        answers: [{ label: 'A: α stays 16', outcome: 'a' }, { label: 'B: heated to α = 2', outcome: 'b' }, NOISE],
        measure: { kind: 'compare', metric: 'ap', better: 'higher' },
        paper: { outcome: 'b', says: 'HU §3.3 and Table 2: heating up late in training improves retrieval.' },
      },
      {
        preset: 'heating-up-unseen',
        question: 'Now the test digits (6–9) were never trained on, and B heats 16 → 4 keeping the learning rate. Which retrieves them better (Recall@1)?',
        answers: [{ label: 'A: α stays 16', outcome: 'a' }, { label: 'B: heated to α = 4', outcome: 'b' }, NOISE],
        measure: { kind: 'compare', metric: 'recallAt1', better: 'higher' },
        paper: { outcome: 'b', says: 'HU Table 2: heating-up improves Recall@1 on Cars196, whose test classes are unseen in training.' },
      },
    ],
  },
  {
    id: 'ce',
    title: 'Cross-example losses (CE)',
    about: 'Scoring each positive against the whole batch’s negatives, not only its own row’s.',
    steps: [
      {
        preset: 'ce-vs-ssm',
        question: 'Sampled softmax (A) scores a positive against its own row’s negatives; Cross-Example Softmax (B) against the whole batch’s. Which gathers each class tighter?',
        answers: [{ label: 'A: sampled softmax', outcome: 'a' }, { label: 'B: Cross-Example Softmax', outcome: 'b' }, NOISE],
        measure: { kind: 'compare', metric: 'compactness', better: 'lower' },
        paper: { outcome: 'b', says: 'CE Fig. 4: Cross-Example Softmax makes one global threshold fit better.' },
      },
      {
        preset: 'cenm-vs-snm',
        question: 'Mining the hardest negatives per row (A) or across the whole batch (B): which ranks all pairs better (PR-AUC) after 300 steps?',
        answers: [{ label: 'A: per row (SNM)', outcome: 'a' }, { label: 'B: across the batch (CENM)', outcome: 'b' }, NOISE],
        measure: { kind: 'compare', metric: 'ap', better: 'higher' },
        paper: { outcome: 'b', says: 'CE Table 1: cross-example negative mining beats per-row mining on large retrieval sets.' },
      },
    ],
  },
  {
    id: 'tcm',
    title: 'Threshold-consistent margin (TCM)',
    about: 'A regulariser that makes one distance threshold fit every class.',
    steps: [
      {
        preset: 'tcm',
        question: 'Adding the TCM regulariser to the same softmax: will the ranking of all pairs (PR-AUC) rise, fall, or neither on every seed?',
        answers: [{ label: 'It falls: A (no TCM) higher', outcome: 'a' }, { label: 'It rises: B (with TCM) higher', outcome: 'b' }, NOISE],
        measure: { kind: 'compare', metric: 'ap', better: 'higher' },
        paper: { outcome: 'b', says: 'TCM Table: the regulariser raises the ranking quality while keeping Recall@1.' },
      },
    ],
  },
];

/** The lessons by id. */
export const LESSON_BY_ID: ReadonlyMap<string, Lesson> = new Map(LESSONS.map((l) => [l.id, l]));

/** A step of a lesson, as its link names it (`hu/2`: step 2 of lesson `hu`, 1-based). */
export interface LessonRef {
  lesson: Lesson;
  /** 0-based. */
  index: number;
  step: LessonStep;
}

const REF = /^([a-z]{1,12})\/([1-9][0-9]?)$/;

/** `hu/2` read as a lesson step, or null when it names none. */
export function readLessonRef(text: string): LessonRef | null {
  const m = REF.exec(text);
  const lesson = m ? LESSON_BY_ID.get(m[1]) : undefined;
  const index = m ? Number(m[2]) - 1 : -1;
  const step = lesson?.steps[index];
  return lesson && step ? { lesson, index, step } : null;
}

/** The link's name of step `index` (0-based) of `lesson`: `hu/2`. */
export const lessonRefText = (lesson: Lesson, index: number): string => `${lesson.id}/${index + 1}`;

/** The preset a step opens (every step names one that exists: checked by the unit test). */
export const stepPreset = (step: LessonStep) => PRESET_BY_ID.get(step.preset)!;
