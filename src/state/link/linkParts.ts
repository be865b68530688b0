/**
 * The first layer of reading a link: its `key=value` parts decoded, its schema version, and the
 * upgrades from an older version. What had to be ignored or fixed is said in `notices`, with the
 * link's own text shown safely ({@link show}); nothing here throws on a bad link.
 */
import { cleanText } from '../notices';

/** A migration turns the raw key→value map of a version-n link into a version-(n+1) one. */
export type Migration = (raw: Map<string, string>) => Map<string, string>;

const MAX_SHOWN = 40;
const MAX_LISTED = 8;

/** Shows a user-supplied value in a notice: bidi and control characters made visible, shortened if long. */
export function show(raw: unknown): string {
  let s: string;
  if (typeof raw === 'string') s = raw;
  else if (typeof raw === 'number' || typeof raw === 'boolean' || raw === null || raw === undefined) s = String(raw);
  else s = `(${typeof raw})`;
  return cleanText(s, MAX_SHOWN);
}

/** Lists items in a notice, at most MAX_LISTED of them. */
export function list(items: readonly string[]): string {
  const shown = items.slice(0, MAX_LISTED).map((s) => (s === '' ? '(empty)' : show(s)));
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** The link's body (no '#') as raw key → value, decoded; the last occurrence of a key wins. */
export function splitPairs(body: string, notices: string[]): Map<string, string> {
  const raw = new Map<string, string>();
  const counts = new Map<string, number>();
  const noEquals: string[] = [];
  const undecodable: string[] = [];
  for (const part of body.split('&')) {
    if (part === '') continue; // stray '&' (e.g. a trailing one) is harmless
    const eq = part.indexOf('=');
    if (eq < 0) {
      noEquals.push(decode(part) ?? part);
      continue;
    }
    const key = decode(part.slice(0, eq));
    const value = decode(part.slice(eq + 1));
    if (key === null || value === null) {
      undecodable.push(part);
      continue;
    }
    raw.set(key, value);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (noEquals.length > 0) notices.push(`Ignored parts without "=": ${list(noEquals)}`);
  if (undecodable.length > 0) notices.push(`Ignored parts with broken %-encoding: ${list(undecodable)}`);
  for (const [key, n] of counts) {
    if (n > 1) notices.push(`${show(key)} is given ${n} times; using the last value (${show(raw.get(key))})`);
  }
  return raw;
}

/** The schema version `v=` names (taken out of `raw`); `version`, the current one, when it names none or a bad one. */
export function readVersion(raw: Map<string, string>, version: number, notices: string[]): number {
  const v = raw.get('v');
  raw.delete('v');
  if (v === undefined) return version;
  const n = /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    notices.push(`v=${show(v)} is not a valid schema version; reading the link as v${version}`);
    return version;
  }
  if (n > version) {
    notices.push(`This link was made by a newer version of the playground (v${n}); read as v${version}, unknown keys ignored`);
    return version;
  }
  return n;
}

/**
 * `raw`, a link of version `from`, upgraded to `version` by `migrations`; a step that is missing
 * or fails leaves the link as it is, with a notice.
 */
export function upgrade(
  raw: Map<string, string>,
  from: number,
  version: number,
  migrations: Readonly<Record<number, Migration>>,
  defaults: Readonly<Record<number, Readonly<Record<string, string | number>>>>,
  notices: string[],
): Map<string, string> {
  // An older link leaves out the keys at *its* version's defaults: spell them out before
  // upgrading, so the migrations see the whole configuration that link meant.
  const then = from < version ? defaults[from] : undefined;
  if (then) for (const [key, value] of Object.entries(then)) if (!raw.has(key)) raw.set(key, String(value));
  for (let n = from; n < version; n++) {
    const migrate = Object.prototype.hasOwnProperty.call(migrations, n) ? migrations[n] : undefined;
    if (!migrate) {
      notices.push(`No upgrade from schema v${n} to v${n + 1} is known; reading the link as is`);
      continue;
    }
    try {
      const next = migrate(new Map(raw));
      if (next instanceof Map) raw = next;
      else notices.push(`Upgrading the link from v${n} to v${n + 1} failed; reading it as is`);
    } catch {
      notices.push(`Upgrading the link from v${n} to v${n + 1} failed; reading it as is`);
    }
  }
  return raw;
}
