/**
 * The page's link and what it opens: a link read into the runs (page load, a link opened,
 * Back/Forward), the run's link written back into the address bar with the page's title, a preset
 * opened as the menu does, and each control's change of a setting. Every function takes the
 * controller it acts on; the link is always A's (the page's) comparison.
 */
import { checkEntry, parseHash, serializeConfig } from '../../state/link/urlSchema';
import type { Config, ParamKey } from '../../state/params';
import { addNotice } from '../../state/store';
import { PRESET_BY_ID, presetConfig, presetRunIndex } from '../../state/presets/presets';
import { readShortLink } from '../../state/presets/presetLinks';
import { readLessonRef } from '../../state/presets/lessons';
import { runTitle } from '../../state/run/summary';
import type { UiMode, View } from '../../state/link/viewParams';
import { describePage } from '../shell/pageMeta';
import type { Controller } from './controller';
import { setComparison, setComparisonSeeds } from './comparison';

/** The hash (no '#') that reproduces the page's runs: A, B and the seeds, the layout and the preset. */
function pageHash(c: Controller): string {
  const top = c.top;
  const { config, ui, autoplay, preset, lesson } = top.store.getState();
  return serializeConfig(config, top.compare?.store.getState().config ?? null, { ui, autoplay, preset: preset?.id ?? null, lesson }, top.seeds);
}

/** The link that reproduces the current run (and the comparison, if any). */
export function shareUrl(c: Controller): string {
  const url = new URL(window.location.href);
  url.hash = pageHash(c);
  return url.href;
}

/** The page's address without a run: the link of what no link can carry (a set of one's own). */
export function barePageUrl(): string {
  const url = new URL(window.location.href);
  url.hash = '';
  return url.href;
}

/** Puts the run's link in the address bar (replacing the entry: a control is not a place to go Back to) and its title on the page. */
export function writeHash(c: Controller): void {
  const hash = '#' + pageHash(c);
  if (window.location.hash !== hash) history.replaceState(null, '', hash);
  showTitle(c);
}

/** Names the run in the page title and the share card (for share sheets that read the live page). */
function showTitle(c: Controller): void {
  const top = c.top;
  const { config, preset } = top.store.getState();
  const title = runTitle(config, top.compare?.store.getState().config ?? null, preset ? (PRESET_BY_ID.get(preset.id)?.title ?? null) : null);
  describePage(title, shareUrl(c));
}

/** Compares A with `b` on `seeds` seeds (null: stops comparing), and says so in the link. */
export function compareWith(a: Controller, b?: Config | null, seeds?: number): void {
  setComparison(a, b, seeds);
  writeHash(a);
}

/** Trains the comparison on `seeds` seeds from now, and says so in the link. */
export function compareOnSeeds(a: Controller, seeds: number): void {
  setComparisonSeeds(a, seeds);
  writeHash(a);
}

/**
 * Sets one parameter from a control and starts a new run. An entry the parameter cannot take is
 * refused: nothing changes and the reason is returned for the control to show.
 */
export function setParam(c: Controller, key: ParamKey, raw: unknown): string | null {
  const entry = checkEntry(key, raw);
  if (!entry.ok) return entry.why;
  const config = c.store.getState().config;
  if (!Object.is(config[key], entry.value)) applyConfig(c, { ...config, [key]: entry.value } as Config);
  return null;
}

/** Replaces the whole configuration of `c`'s run, writes it to the URL and starts a new run. */
export function applyConfig(c: Controller, config: Config): void {
  c.store.setState({ config });
  writeHash(c);
  c.start();
}

/**
 * Opens a preset: run `a` as the configuration (the backend is kept), and when the preset has
 * several runs, run `b` beside it as a comparison; shows its guide and starts training. A lesson
 * step (`lesson`: `hu/2`) opens its preset paused: the class predicts before Play.
 */
export function openPreset(c: Controller, id: string, a = 0, b = 1, lesson: string | null = null): void {
  const preset = PRESET_BY_ID.get(id);
  if (!preset?.runs[a]) return;
  // A preset is a place to come back to: it gets its own history entry (controls, and the
  // choice of which of its runs to show, replace it).
  if (c.store.getState().preset?.id !== id) history.pushState(null, '', window.location.href);
  const backend = c.store.getState().config.backend;
  // B is another run than A: asking for the same one swaps them.
  const other = b !== a && preset.runs[b] ? b : a === 0 ? 1 : 0;
  const runB = preset.runs.length > 1 ? preset.runs[other] : null;
  // The intro steps aside (not dismissed for good): the preset's views come up first.
  c.store.setState({ preset: { id, a, b: runB ? other : null }, lesson, config: presetConfig(preset.runs[a], backend), introOpen: false });
  c.start();
  compareWith(c, runB ? presetConfig(runB, backend) : null, preset.seeds ?? 1);
  if (lesson === null) c.play();
}

/**
 * Reads a hash (page load, a link opened, Back/Forward); a bad one still yields a working config.
 * Returns what the link asks of the presentation, e.g. to start training by itself.
 */
export function loadHash(c: Controller, hash: string): View {
  // A short link (`#preset=ID`, written on a board) opens the preset as the menu does: it trains at once.
  const short = readShortLink(hash);
  if (short) {
    const view = loadHash(c, `#${short.hash}`);
    for (const n of short.notices) addNotice(c.store, 'info', n);
    return { ...view, autoplay: !short.paused };
  }
  const { config, compare, seeds, view, notices } = parseHash(hash);
  for (const n of notices) addNotice(c.store, 'warn', n);
  const preset = view.preset === null ? undefined : PRESET_BY_ID.get(view.preset);
  if (view.preset !== null && !preset) addNotice(c.store, 'warn', `preset=${view.preset} is not a preset of this version; its guide is not shown`);
  const lesson = view.lesson === null ? null : readLessonRef(view.lesson);
  if (view.lesson !== null && !lesson) addNotice(c.store, 'warn', `lesson=${view.lesson} is not a step of a lesson of this version; no question is shown`);
  const runB = preset && compare ? presetRunIndex(preset, compare) : -1;
  c.store.setState({
    config,
    ui: view.ui,
    autoplay: view.autoplay,
    preset: preset ? { id: preset.id, a: Math.max(0, presetRunIndex(preset, config)), b: runB >= 0 ? runB : null } : null,
    lesson: lesson && preset ? view.lesson : null,
  });
  const current = c.compare?.store.getState().config;
  if (compare === null || current === undefined || seeds !== c.seeds || serializeConfig(compare) !== serializeConfig(current)) setComparison(c, compare, seeds);
  // A bare address stays bare until something changes.
  if (hash.replace(/^#/, '') !== '') writeHash(c);
  else showTitle(c);
  return view;
}

/** Dismisses the preset's guide and any lesson (the run goes on; the link stops naming them). */
export function closePreset(c: Controller): void {
  c.store.setState({ preset: null, lesson: null });
  writeHash(c);
}

/** Switches the page's layout (the lecture button, the embed link) and keeps it in the link. */
export function setUi(c: Controller, ui: UiMode): void {
  c.store.setState({ ui });
  writeHash(c);
}
