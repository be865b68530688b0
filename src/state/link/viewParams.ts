/**
 * The link's view keys: how the page presents a run, not what the run is. They ride along in the
 * hash (`ui=lecture`, `autoplay=1`, `preset=ce-vs-ssm`, `lesson=hu/2`) but never restart training, and a link
 * without them opens the full page, paused, with no preset guide.
 *
 * Pure TypeScript (no DOM).
 */
import { cleanText } from '../notices';

/** How the page is laid out: everything, a presentation for a room, or bare views for an iframe. */
export const UI_MODES = ['full', 'lecture', 'embed'] as const;

/** One of {@link UI_MODES}. */
export type UiMode = (typeof UI_MODES)[number];

/** The presentation a link asks for. */
export interface View {
  ui: UiMode;
  /** Start training as soon as the run is ready. */
  autoplay: boolean;
  /** The preset whose guide is shown (its id; the controller checks it exists), or null. */
  preset: string | null;
  /** The lesson step whose question is shown (`hu/2`; the page checks it exists), or null. */
  lesson: string | null;
}

/** The view of a link that names none: the full page, paused, no preset. */
export const DEFAULT_VIEW: Readonly<View> = Object.freeze({ ui: 'full', autoplay: false, preset: null, lesson: null });

/** The hash keys that carry the view. */
export const VIEW_KEYS = ['ui', 'autoplay', 'preset', 'lesson'] as const;

const PRESET_ID = /^[a-z0-9-]{1,40}$/;
const LESSON_STEP = /^[a-z]{1,12}\/[1-9][0-9]?$/;

/**
 * Takes the view keys out of a link's raw key → value map (they are removed from it) and checks
 * them; whatever cannot be used is left at its default and reported in `notices`.
 */
export function takeView(raw: Map<string, string>, notices: string[]): View {
  const view: View = { ...DEFAULT_VIEW };
  const ui = raw.get('ui');
  if (ui !== undefined) {
    if ((UI_MODES as readonly string[]).includes(ui)) view.ui = ui as UiMode;
    else notices.push(`ui=${cleanText(ui, 40)} is not one of ${UI_MODES.join(', ')}; showing the full page`);
  }
  const autoplay = raw.get('autoplay');
  if (autoplay !== undefined) {
    if (autoplay === '1' || autoplay === '0') view.autoplay = autoplay === '1';
    else notices.push(`autoplay=${cleanText(autoplay, 40)} is not 0 or 1; not starting by itself`);
  }
  const preset = raw.get('preset');
  if (preset !== undefined) {
    if (PRESET_ID.test(preset)) view.preset = preset;
    else notices.push(`preset=${cleanText(preset, 40)} is not a preset name; ignored`);
  }
  const lesson = raw.get('lesson');
  if (lesson !== undefined) {
    if (LESSON_STEP.test(lesson)) view.lesson = lesson;
    else notices.push(`lesson=${cleanText(lesson, 40)} is not a lesson step (such as hu/2); ignored`);
  }
  for (const k of VIEW_KEYS) raw.delete(k);
  return view;
}

/** The hash parts that say `view`, in a fixed order; none for the default view. */
export function viewParts(view: View): string[] {
  const parts: string[] = [];
  if (view.preset !== null && PRESET_ID.test(view.preset)) parts.push(`preset=${view.preset}`);
  if (view.lesson !== null && LESSON_STEP.test(view.lesson)) parts.push(`lesson=${view.lesson}`);
  if (view.ui !== 'full') parts.push(`ui=${view.ui}`);
  if (view.autoplay) parts.push('autoplay=1');
  return parts;
}
