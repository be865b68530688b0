/**
 * The versioned URL-hash schema, built on the parameter table in `params.ts`.
 *
 * A link is `#v=1&dim=16&loss=ces…`: the schema version and only the keys that differ from that
 * version's defaults (kept for every version in `linkDefaults.ts`), so it is short and still
 * reproduces the run after a default changes. Full links (every key) read the same. Reading a
 * link never throws: every value is validated and clamped, and whatever had to be fixed is
 * reported as a short human notice.
 *
 * Pure TypeScript (no DOM): runs in Node/Vitest and in the training Web Worker.
 */

import { list, readVersion, show, splitPairs, upgrade, type Migration } from './linkParts';
import { LINK_DEFAULTS } from './linkDefaults';
import { DEFAULT_VIEW, takeView, viewParts, type View } from './viewParams';
import {
  PARAMS,
  PARAM_BY_KEY,
  defaultConfig,
  isParamKey,
  type Config,
  type ParamKey,
  type ParamSpec,
} from '../params';

/** Version of the hash schema written by {@link serializeConfig}. Bump it when a key changes meaning or name, and add a migration. */
export const SCHEMA_VERSION = 1;

/** Hashes longer than this many characters are not read (defaults are used, with a notice). */
export const MAX_HASH_LENGTH = 8192;

export type { Migration } from './linkParts';

/** Migrations by the version they upgrade *from* (n → n+1). Empty while only v1 exists. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = Object.freeze({});

/** Result of validating one value: the value to use and, if it had to be changed, why. */
export interface Validated<K extends ParamKey = ParamKey> {
  value: Config[K];
  notice?: string;
}

/** Result of reading a hash: a complete, valid config plus human notices about what was fixed. */
export interface ParsedHash {
  config: Config;
  /** The second configuration B of a comparison (`b=1` and `b.<key>=value` for keys where B differs), or null. */
  compare: Config | null;
  /** How many seeds each side of the comparison trains (`seeds=3`: seeds s, s+1, s+2); 1 without a comparison. */
  seeds: number;
  /** How to present it (`ui`, `autoplay`, `preset`); the default view when the link names none. */
  view: View;
  notices: string[];
}

/** The most seeds a comparison trains at once (2 × this many runs). */
export const MAX_SEEDS = 5;

/** Prefix of the keys that carry configuration B of a comparison. */
export const COMPARE_PREFIX = 'b.';

const NUMBER_RE = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** Writes a number the way the hash stores it (shortest round-trip form; never `-0`). */
function formatNumber(x: number): string {
  return Object.is(x, -0) ? '0' : String(x);
}

function validateEnum(p: Extract<ParamSpec, { kind: 'enum' }>, raw: unknown): { value: string; notice?: string } {
  const options: readonly string[] = p.options;
  if (typeof raw === 'string' && options.includes(raw)) return { value: raw };
  return {
    value: p.default,
    notice: `${p.key}=${show(raw)} is not one of ${options.join(', ')}; using the default ${p.default}`,
  };
}

function validateNumber(
  p: Extract<ParamSpec, { kind: 'int' | 'float' }>,
  raw: unknown,
): { value: number; notice?: string } {
  const useDefault = (why: string) => ({
    value: p.default,
    notice: `${p.key}=${show(raw)} ${why}; using the default ${formatNumber(p.default)}`,
  });
  let x: number;
  if (typeof raw === 'number') {
    x = raw;
  } else if (typeof raw === 'string') {
    const s = raw.trim();
    if (s === '') return useDefault('is empty');
    if (!NUMBER_RE.test(s)) return useDefault('is not a number');
    x = Number(s);
  } else {
    return useDefault('is not a number');
  }
  if (!Number.isFinite(x)) return useDefault('is not a finite number');

  const problems: string[] = [];
  if (p.kind === 'int' && !Number.isInteger(x)) {
    x = Math.round(x);
    problems.push('is not a whole number');
  }
  if (x < p.min) {
    x = p.min;
    problems.push(`is below the minimum ${formatNumber(p.min)}`);
  } else if (x > p.max) {
    x = p.max;
    problems.push(`is above the maximum ${formatNumber(p.max)}`);
  }
  if (Object.is(x, -0)) x = 0;
  if (problems.length === 0) return { value: x };
  return { value: x, notice: `${p.key}=${show(raw)} ${problems.join(' and ')}; using ${formatNumber(x)}` };
}

/**
 * Validates one value for parameter `key`. `raw` may be a string (from a URL) or a number/string
 * from a control. Enum values must match an option exactly. Numbers must be finite decimals
 * (`1e-3` is fine; hex, `Infinity`, empty are not); ints are rounded; out-of-range values are
 * clamped to the bound. Anything unusable becomes the default. A `notice` says what was changed.
 * Throws only if `key` is not a parameter (a programming error).
 */
export function validateValue<K extends ParamKey>(key: K, raw: unknown): Validated<K> {
  if (!isParamKey(key)) throw new Error(`validateValue: unknown parameter "${String(key)}"`);
  const p = PARAM_BY_KEY[key] as ParamSpec;
  const r = p.kind === 'enum' ? validateEnum(p, raw) : validateNumber(p, raw);
  return r as Validated<K>;
}

/** What a control does with a typed entry: take the value, or refuse it and say why. */
export type Entry<K extends ParamKey = ParamKey> = { ok: true; value: Config[K] } | { ok: false; why: string };

/**
 * Checks an entry typed into a control. Unlike a link (which is clamped so the page always comes
 * up), a control refuses anything it would have to change — a typo, a fraction for a whole
 * number, a value out of range — so a slip of the keyboard never silently restarts the run.
 */
export function checkEntry<K extends ParamKey>(key: K, raw: unknown): Entry<K> {
  const p = PARAM_BY_KEY[key] as ParamSpec;
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (p.kind === 'enum') {
    return typeof text === 'string' && (p.options as readonly string[]).includes(text)
      ? { ok: true, value: text as Config[K] }
      : { ok: false, why: `choose one of ${p.options.join(', ')}` };
  }
  if (text === '') return { ok: false, why: 'enter a number' };
  const x = typeof text === 'number' ? text : typeof text === 'string' && NUMBER_RE.test(text) ? Number(text) : NaN;
  const range = `between ${formatNumber(p.min)} and ${formatNumber(p.max)}`;
  if (!Number.isFinite(x)) return { ok: false, why: `“${show(raw)}” is not a number; enter one ${range}` };
  if (p.kind === 'int' && !Number.isInteger(x)) return { ok: false, why: `enter a whole number ${range}` };
  if (x < p.min || x > p.max) return { ok: false, why: `enter a number ${range}` };
  return { ok: true, value: (Object.is(x, -0) ? 0 : x) as Config[K] };
}

/**
 * Returns `config` with `key` set to `raw`, validated and clamped exactly like a URL value
 * (call {@link validateValue} if you also want the notice). Returns the same object when the
 * validated value equals the current one, so store subscribers don't re-render needlessly.
 */
export function withValue<K extends ParamKey>(config: Config, key: K, raw: unknown): Config {
  const { value } = validateValue(key, raw);
  if (Object.is(config[key], value)) return config;
  return { ...config, [key]: value };
}

/**
 * Writes a config as a hash body (no leading '#'): `v=1` and, in table order, only the keys whose
 * value differs from this version's defaults, floats in their shortest round-trip form, values
 * URI-encoded. Values are validated on the way, so an invalid config still yields a link that
 * parses cleanly. With a comparison, `b=1` follows, then `b.<key>=value` for every key where B
 * differs from A, and `seeds=N` when each side trains N > 1 seeds; then the view keys (`preset`, `ui`, `autoplay`) when they are not the default.
 */
export function serializeConfig(c: Config, compare: Config | null = null, view: View = DEFAULT_VIEW, seeds = 1): string {
  const parts = [`v=${SCHEMA_VERSION}`];
  const text = (v: string | number) => encodeURIComponent(typeof v === 'number' ? formatNumber(v) : v);
  const valueOf = (cfg: Config, p: ParamSpec) => validateValue(p.key, (cfg as Record<string, unknown>)[p.key]).value;
  for (const p of PARAMS) {
    const value = valueOf(c, p);
    if (!Object.is(value, p.default)) parts.push(`${encodeURIComponent(p.key)}=${text(value)}`);
  }
  if (compare) {
    parts.push('b=1');
    for (const p of PARAMS) {
      const value = valueOf(compare, p);
      if (!Object.is(value, valueOf(c, p))) parts.push(`${COMPARE_PREFIX}${encodeURIComponent(p.key)}=${text(value)}`);
    }
    const n = clampSeeds(seeds);
    if (n > 1) parts.push(`seeds=${n}`);
  }
  return [...parts, ...viewParts(view)].join('&');
}

/** `n` as a seed count: an integer in [1, MAX_SEEDS]. */
function clampSeeds(n: number): number {
  return Number.isFinite(n) ? Math.min(MAX_SEEDS, Math.max(1, Math.round(n))) : 1;
}

/** Reads `seeds=` (only meaningful with a comparison); what cannot be used is said in `notices`. */
function readSeeds(text: string | undefined, comparing: boolean, notices: string[]): number {
  if (text === undefined) return 1;
  const n = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!comparing) {
    notices.push(`seeds=${show(text)} applies to a comparison (b=1); ignored`);
    return 1;
  }
  if (!Number.isFinite(n)) {
    notices.push(`seeds=${show(text)} is not a whole number; training 1 seed`);
    return 1;
  }
  const seeds = clampSeeds(n);
  if (seeds !== n) notices.push(`seeds=${n} is outside 1–${MAX_SEEDS}; using ${seeds}`);
  return seeds;
}

/**
 * {@link parseHash} with the migration table, current version and versions' defaults injectable (for tests and for
 * checking a future migration before it ships). Never throws.
 */
export function parseHashWith(
  hash: string,
  migrations: Readonly<Record<number, Migration>>,
  version: number,
  defaults: Readonly<Record<number, Readonly<Record<string, string | number>>>> = LINK_DEFAULTS,
): ParsedHash {
  const notices: string[] = [];
  const config = defaultConfig();
  const plain = () => ({ config, compare: null, seeds: 1, view: { ...DEFAULT_VIEW }, notices });
  try {
    let body = typeof hash === 'string' ? hash : '';
    if (body.startsWith('#')) body = body.slice(1);
    if (body.length > MAX_HASH_LENGTH) {
      notices.push(
        `The link is too long (${body.length} characters, limit ${MAX_HASH_LENGTH}); using the defaults`,
      );
      return plain();
    }
    if (body === '') return plain();
    let raw = splitPairs(body, notices);
    const from = readVersion(raw, version, notices);
    raw = upgrade(raw, from, version, migrations, defaults, notices);
    raw.delete('v'); // a migration must not smuggle the version back in as a "parameter"
    const view = takeView(raw, notices);
    // Known keys in table order; missing keys keep their defaults silently.
    readParams(raw, config, notices);
    const compare = readCompare(raw, config, notices);
    const seeds = readSeeds(raw.get('seeds'), compare !== null, notices);
    raw.delete('seeds');
    const unknown = [...raw.keys()].filter((k) => !isParamKey(k));
    if (unknown.length > 0) {
      notices.push(`Ignored unknown ${unknown.length === 1 ? 'key' : 'keys'}: ${list(unknown)}`);
    }
    return { config, compare, seeds, view, notices };
  } catch {
    // Defensive: nothing above should throw, but a link must never break the page.
    return { config: defaultConfig(), compare: null, seeds: 1, view: { ...DEFAULT_VIEW }, notices: [...notices, 'Could not read the link; using the defaults'] };
  }
}

/** Validates the keys of `raw` that name a parameter into `config`, in table order. */
function readParams(raw: ReadonlyMap<string, string>, config: Config, notices: string[]): void {
  const out = config as Record<string, string | number>;
  for (const p of PARAMS) {
    if (!raw.has(p.key)) continue;
    const r = validateValue(p.key, raw.get(p.key));
    out[p.key] = r.value;
    if (r.notice) notices.push(r.notice);
  }
}

/**
 * Configuration B of a comparison (`b=1`, `b.<key>=value`): A with B's own values on top, in the
 * link's order; null when the link has none. B's keys leave `raw` (those naming no parameter stay,
 * to be reported as unknown).
 */
function readCompare(raw: Map<string, string>, config: Config, notices: string[]): Config | null {
  const bKeys = [...raw.keys()].filter((k) => k.startsWith(COMPARE_PREFIX));
  const b = raw.get('b');
  if (b !== undefined && b !== '1') notices.push(`b=${show(b)} is not 1; comparing with B as the link describes it`);
  if (!raw.has('b') && bKeys.length === 0) return null;
  const compare = { ...config };
  const outB = compare as Record<string, string | number>;
  for (const k of bKeys) {
    const key = k.slice(COMPARE_PREFIX.length);
    if (!isParamKey(key)) continue;
    const r = validateValue(key, raw.get(k));
    outB[key] = r.value;
    if (r.notice) notices.push(`B: ${r.notice}`);
    raw.delete(k);
  }
  raw.delete('b');
  return compare;
}

/**
 * Reads a URL hash (with or without the leading '#') into a complete, valid config. Never throws.
 * Empty hash → defaults, no notices. Missing keys keep their defaults silently; everything that had
 * to be fixed or ignored (clamped, rounded, unknown, duplicated, undecodable, newer version, too
 * long) is reported in `notices`, e.g. `lr=5 is above the maximum 1; using 1`.
 */
export function parseHash(hash: string): ParsedHash {
  return parseHashWith(hash, MIGRATIONS, SCHEMA_VERSION);
}
