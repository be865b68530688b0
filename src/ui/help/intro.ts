/**
 * Text of the short first-visit introduction, and of the "One accuracy" explanation.
 * Pure data (no React, no DOM). Preset ids are those of the preset list (they appear in links).
 */

/** Ids of the presets the introduction points to. */
export type PresetId = 'hu-temperature' | 'heating-up' | 'ce-vs-ssm' | 'tcm' | 'blobs' | 'rings' | 'spirals' | 'hu-gradient' | 'cenm-vs-snm' | 'heating-up-unseen';

/** A preset suggested as a first step. */
export interface IntroPreset {
  readonly id: PresetId;
  /** The preset's title, as the preset list shows it. */
  readonly title: string;
  /** One sentence: what to try and what to watch. */
  readonly blurb: string;
}

/** A further preset, mentioned in passing. */
export interface MorePreset {
  readonly id: PresetId;
  /** A few words on what it shows. */
  readonly hint: string;
}

/** Heading of the introduction. */
export const INTRO_TITLE = 'Metric Playground';

/** The introduction's paragraphs (plain text). */
export const INTRO_BODY: readonly string[] = Object.freeze([
  'Metric learning trains a network to turn each input into a point, its embedding, so that items of the same class land close together and different classes far apart.',
  'Here you train small encoders on MNIST digits or 2-D toy sets in your browser and watch live how the loss and its temperature shape the embedding space, and whether one similarity threshold works for every class.',
]);

/** Lead-in to the preset list. */
export const INTRO_PRESETS_LEAD = 'Three places to start:';

/** The three presets to start with. */
export const START_PRESETS: readonly IntroPreset[] = Object.freeze([
  {
    id: 'hu-temperature',
    title: 'Temperature on the circle (HU Fig. 3)',
    blurb: 'Change α and watch the classes spread or tighten on the circle.',
  },
  {
    id: 'ce-vs-ssm',
    title: 'Cross-Example Softmax vs sampled softmax (CE Fig. 4)',
    blurb: 'Same pairs, two losses: which lets one threshold serve every query?',
  },
  {
    id: 'tcm',
    title: 'Threshold-consistent margin (TCM)',
    blurb: 'Add TCM and watch the per-class utility curves line up.',
  },
]);

/** Further presets, for the line under the three. */
export const MORE_PRESETS: readonly MorePreset[] = Object.freeze([
  { id: 'blobs', hint: 'toy set' },
  { id: 'rings', hint: 'toy set' },
  { id: 'spirals', hint: 'toy set' },
  { id: 'heating-up', hint: 'heating-up' },
  { id: 'heating-up-unseen', hint: 'unseen' },
  { id: 'hu-gradient', hint: 'gradients' },
  { id: 'cenm-vs-snm', hint: 'mining' },
]);

/** Lead-in to the further presets. */
export const MORE_PRESETS_LEAD = 'Also try:';

/** Lead-in to the lessons (lessons.ts): each paper's presets in order, a question before each. */
export const LESSONS_LEAD = 'Teaching? Predict, then run:';

/** The "One accuracy" explanation: one paragraph. */
export const ONE_ACCURACY = Object.freeze({
  title: 'One accuracy',
  body:
    'The page shows the same accuracy for every loss: nearest-class-centroid accuracy. ' +
    'Each class centroid is the mean direction of that class\'s normalised evaluation embeddings, and an item counts as correct when the centroid closest to it by cosine is its own class\'s; ' +
    'it is computed leave-one-out (the item itself is left out of its centroid), on the evaluation items. ' +
    'It needs no classifier, so classifier losses, pair losses and the open-world split (digits the model never trained on) are measured alike. ' +
    'Next to it is compactness: the mean angle between items and their class centroid divided by the mean angle from each class centroid to its nearest neighbour — lower means tighter classes.',
});

/** Everything the first-visit introduction shows, in order. */
export const INTRO = Object.freeze({
  title: INTRO_TITLE,
  body: INTRO_BODY,
  presetsLead: INTRO_PRESETS_LEAD,
  presets: START_PRESETS,
  moreLead: MORE_PRESETS_LEAD,
  more: MORE_PRESETS,
  lessonsLead: LESSONS_LEAD,
});

/** Words in a text (runs of non-space characters; a dash between spaces is not a word). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Words of the introduction's body: paragraphs, lead-ins, preset blurbs and hints (titles excluded). */
export function introBodyWords(): number {
  const texts = [
    ...INTRO_BODY,
    INTRO_PRESETS_LEAD,
    ...START_PRESETS.map((p) => p.blurb),
    MORE_PRESETS_LEAD,
    ...MORE_PRESETS.map((p) => p.hint),
    LESSONS_LEAD,
  ];
  return texts.reduce((n, t) => n + countWords(t), 0);
}
