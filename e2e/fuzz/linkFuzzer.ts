/**
 * A seeded generator of hostile and mangled link hashes for the fuzz test (e2e/fuzz.spec.ts) and
 * its long version (`npm run fuzz`). Each case says whether the page must show a notice for it:
 * only where the link is certainly wrong (an unknown key, a value that is not a number, …); a
 * mutated real link may well be valid.
 */
import { Rng } from '../../src/data/rng';
import { PARAMS, defaultConfig, type ParamSpec } from '../../src/state/params';
import { PRESETS, presetConfig, presetLink } from '../../src/state/presets/presets';
import { serializeConfig } from '../../src/state/link/urlSchema';

export interface FuzzCase {
  /** What kind of damage this case carries (for the report). */
  kind: string;
  /** The hash, without '#', as it will be put into the address. */
  hash: string;
  /** The page must show at least one notice. */
  mustNotify: boolean;
}

/** Marks the payloads set on `window` if they ever run. */
export const PWNED = '__pwned';

/** Values that are not numbers and not any enum option. */
const GARBAGE: readonly string[] = [
  'NaN', 'Infinity', '-Infinity', '1e309', '-1e309', 'banana', '0x10', '1_000', '½', '١٢', '𝛂', '\u202etxt.exe',
  '\u2066x\u2069', '\u0000', '%00', '%', '%E0%A4%A', '%ZZ', '[]', '{}', 'null', 'undefined', 'true', ' ',
  `<script>window.${PWNED}=1</script>`, `"><img src=x onerror="window.${PWNED}=1">`, `javascript:window.${PWNED}=1`,
  `'-alert(1)-'`, '${7*7}', '{{7*7}}', '../../etc/passwd', '__proto__', 'constructor',
];
/** Numbers out of range, of the wrong kind, or padded (trimmed: may be valid): clamped, refused or taken. */
const BAD_NUMBERS: readonly string[] = ['\t1', ' 2 ', '-1', '-0.5', '1e308', '99999999', '-99999999', '1.5e-320', '0.0000001'];
const HOSTILE_KEYS: readonly string[] = [
  '__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]', 'hasOwnProperty',
  'toString', `<img src=x onerror=window.${PWNED}=1>`, 'b.__proto__', 'b.', 'b.b.alpha', '', '.', '\u202e',
];

const enc = (s: string) => encodeURIComponent(s);

/** `count` cases from `seed`; the same seed gives the same cases. */
export function fuzzLinks(count: number, seed: number): FuzzCase[] {
  const rng = new Rng(seed);
  const r = () => rng.next();
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const realLinks = [
    serializeConfig(defaultConfig(), null),
    ...PRESETS.flatMap((p) => p.runs.map((run) => serializeConfig(presetConfig(run, 'wasm'), null))),
    ...PRESETS.map((p) => `${presetLink(p)}&ui=lecture`),
  ];
  // Keep the fuzz off the slow GPU emulation: most cases pin a fast backend first.
  const base = () => (r() < 0.85 ? 'backend=wasm&data=blobs&' : '');
  const garbageFor = (p: ParamSpec) => (r() < 0.3 && p.kind !== 'enum' ? pick(BAD_NUMBERS) : pick(GARBAGE));
  const makers: Array<() => FuzzCase> = [
    () => ({ kind: 'unknown key', hash: `${base()}${enc('k' + Math.floor(r() * 1e6).toString(36))}=1`, mustNotify: true }),
    () => {
      const p = pick(PARAMS);
      const v = garbageFor(p);
      // A bad number may be in range for some keys; garbage never is.
      return { kind: `bad ${p.key}`, hash: `${base()}${p.key}=${r() < 0.5 ? enc(v) : v}`, mustNotify: GARBAGE.includes(v) };
    },
    () => ({ kind: 'hostile key', hash: `${base()}${r() < 0.5 ? enc(pick(HOSTILE_KEYS)) : pick(HOSTILE_KEYS)}=${pick(['1', 'x', '{}'])}`, mustNotify: true }),
    () => {
      const p = pick(PARAMS);
      return { kind: 'duplicated key', hash: `${base()}${p.key}=${enc(String(p.default))}&${p.key}=${enc(String(p.default))}`, mustNotify: true };
    },
    () => {
      // The view keys: a valid value is taken silently, anything else gets a notice.
      const key = pick(['ui', 'autoplay', 'preset'] as const);
      const valid: readonly string[] = { ui: ['full', 'lecture', 'embed'], autoplay: ['0', '1'], preset: PRESETS.map((p) => p.id) }[key];
      const v = r() < 0.3 ? pick(valid) : pick(GARBAGE);
      return { kind: `view key ${key}`, hash: `${base()}${key}=${r() < 0.5 ? enc(v) : v}`, mustNotify: !valid.includes(v) };
    },
    () => ({ kind: 'schema version', hash: `v=${pick(['0', '999', '-1', '1.5', 'x', ''])}&${base()}`, mustNotify: true }),
    () => ({ kind: 'huge value', hash: `${base()}${pick(PARAMS).key}=${'9'.repeat(100_000)}`, mustNotify: true }),
    () => ({ kind: 'huge link', hash: `${base()}alpha=1&${'x'.repeat(9000)}=1`, mustNotify: true }),
    () => {
      const p = pick(PARAMS);
      return { kind: 'comparison key', hash: `${base()}b=1&b.${p.key}=${enc(pick(GARBAGE))}`, mustNotify: true };
    },
    () => ({ kind: 'payload', hash: `${base()}${pick(['loss', 'data', 'backend'])}=${pick(GARBAGE.slice(GARBAGE.indexOf(`<script>window.${PWNED}=1</script>`)))}`, mustNotify: true }),
    () => ({ kind: 'no equals / broken encoding', hash: `${base()}${pick(['alpha', '%E0%A4%A', '&&&', '=', '==1', '%'])}`, mustNotify: false }),
    () => {
      let s = pick(realLinks);
      const edits = 1 + Math.floor(r() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(r() * (s.length + 1));
        const op = Math.floor(r() * 4);
        if (op === 0) s = s.slice(0, at) + s.slice(at + 1);
        else if (op === 1) s = s.slice(0, at) + pick(['&', '=', '%', '.', '-', 'e', '9', '\u202e', '#']) + s.slice(at);
        else if (op === 2) s = s.slice(0, at);
        else s = s.slice(at) + '&' + s.slice(0, at);
      }
      return { kind: 'mutated real link', hash: `backend=wasm&${s}`, mustNotify: false };
    },
  ];
  return Array.from({ length: count }, () => pick(makers)());
}
