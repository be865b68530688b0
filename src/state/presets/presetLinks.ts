/**
 * Short links: what a lecturer writes on a board. A link that names a preset and no schema version
 * (`#preset=hu-temperature`, `#preset=tcm&ui=lecture`) opens that preset exactly as the Presets
 * menu does — its runs, its comparison on its seeds, training at once. Any other key given with it
 * overrides that key of the preset, with a notice. A lesson step's link (`#lesson=hu/2`) opens its
 * preset the same way, but paused: the class predicts before Play. Links the page writes always
 * carry `v=`, so they are read as they are. Pure TypeScript (no React, no DOM).
 */
import { isParamKey, type Config, type ParamKey } from '../params';
import { COMPARE_PREFIX, parseHash, serializeConfig } from '../link/urlSchema';
import { PRESET_BY_ID, presetLink } from './presets';
import { readLessonRef } from './lessons';

/** A short link read: the preset's full link with the short link's keys on top, and what they changed. */
export interface ShortLink {
  /** The full hash (no '#') to open, naming the preset. */
  hash: string;
  /** Whether the link asked not to start training (`autoplay=0`); the menu starts it. */
  paused: boolean;
  /** One notice per key that overrides a value of the preset's runs. */
  notices: string[];
}

/** The keys given in a hash, decoded (undecodable or bare parts are left to parseHash to report). */
function givenKeys(hash: string): Set<string> {
  const keys = new Set<string>();
  for (const part of hash.replace(/^#/, '').split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    try {
      keys.add(decodeURIComponent(part.slice(0, eq)));
    } catch {
      // Reported by parseHash.
    }
  }
  return keys;
}

/** `hash` as a short link (see the module's header), or null when it is not one. */
export function readShortLink(hash: string): ShortLink | null {
  const keys = givenKeys(hash);
  if (keys.has('v') || !(keys.has('preset') || keys.has('lesson'))) return null;
  const given = parseHash(hash);
  const lesson = given.view.lesson === null ? null : readLessonRef(given.view.lesson);
  const id = keys.has('preset') || !lesson ? given.view.preset : lesson.step.preset;
  const preset = id === null ? undefined : PRESET_BY_ID.get(id);
  if (!preset) return null;
  const base = parseHash(`#${presetLink(preset)}`);
  const a: Config = { ...base.config };
  const b: Config | null = base.compare ? { ...base.compare } : null;
  const notices: string[] = [];
  const set = (run: Config, key: ParamKey, value: Config[ParamKey]) => void ((run as Record<ParamKey, Config[ParamKey]>)[key] = value);
  const override = (side: 'A' | 'B', run: Config, key: ParamKey, value: Config[ParamKey]) => {
    if (Object.is(run[key], value)) return;
    // The backend is the page's, not the preset's (the menu keeps it too): no notice.
    if (key === 'backend') return set(run, key, value);
    const name = side === 'A' ? key : `${COMPARE_PREFIX}${key}`;
    notices.push(`${name}=${String(value)} overrides the preset “${preset.title}”${b ? ` (its run ${side} has ${String(run[key])})` : ` (it has ${String(run[key])})`}`);
    set(run, key, value);
  };
  for (const key of keys) {
    if (!isParamKey(key)) continue;
    const value = given.config[key];
    // A key shared by both runs of the preset is changed in both; where B has its own value, B keeps it.
    const shared = b !== null && Object.is(b[key], a[key]) && !keys.has(`${COMPARE_PREFIX}${key}`);
    override('A', a, key, value);
    if (shared) set(b, key, value);
  }
  for (const key of keys) {
    const k = key.slice(COMPARE_PREFIX.length);
    if (b && given.compare && key.startsWith(COMPARE_PREFIX) && isParamKey(k)) override('B', b, k, given.compare[k]);
  }
  const seeds = keys.has('seeds') ? given.seeds : base.seeds;
  const view = { ui: given.view.ui, autoplay: false, preset: preset.id, lesson: lesson ? given.view.lesson : null };
  const paused = keys.has('autoplay') ? !given.view.autoplay : lesson !== null;
  return { hash: serializeConfig(a, b, view, b ? seeds : 1), paused, notices: [...given.notices, ...notices] };
}
