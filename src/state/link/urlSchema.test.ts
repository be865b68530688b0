import { describe, it, expect } from 'vitest';
import { PARAMS, PARAM_BY_KEY, PARAM_KEYS, defaultConfig, type Config } from '../params';
import { DEFAULT_VIEW } from './viewParams';
import { LINK_DEFAULTS } from './linkDefaults';
import {
  MAX_HASH_LENGTH,
  MIGRATIONS,
  SCHEMA_VERSION,
  parseHash,
  parseHashWith,
  serializeConfig,
  validateValue,
  withValue,
  type Migration,
} from './urlSchema';

/** Small seeded PRNG (mulberry32) so the randomised tests are reproducible. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random valid config: options uniformly, ints uniformly, floats uniformly or log-uniformly. */
function randomConfig(rand: () => number): Config {
  const c: Record<string, string | number> = {};
  for (const p of PARAMS) {
    if (p.kind === 'enum') {
      c[p.key] = p.options[Math.floor(rand() * p.options.length)];
    } else if (p.kind === 'int') {
      c[p.key] = p.min + Math.floor(rand() * (p.max - p.min + 1));
    } else if (p.log) {
      c[p.key] = Math.min(p.max, Math.max(p.min, p.min * Math.pow(p.max / p.min, rand())));
    } else {
      c[p.key] = p.min + (p.max - p.min) * rand();
    }
    // Occasionally hit the bounds exactly.
    if (p.kind !== 'enum' && rand() < 0.05) c[p.key] = rand() < 0.5 ? p.min : p.max;
  }
  return c as Config;
}

/** Fails the test unless `c` is a complete config with every value valid. */
function expectValidConfig(c: Config, context = ''): void {
  expect(Object.keys(c).sort(), context).toEqual([...PARAM_KEYS].sort());
  for (const p of PARAMS) {
    const v: unknown = c[p.key];
    if (p.kind === 'enum') {
      expect(p.options as readonly unknown[], `${context} ${p.key}`).toContain(v);
    } else {
      expect(typeof v, `${context} ${p.key}`).toBe('number');
      const x = v as number;
      expect(Number.isFinite(x) && x >= p.min && x <= p.max, `${context} ${p.key}=${x}`).toBe(true);
      if (p.kind === 'int') expect(Number.isInteger(x), `${context} ${p.key}=${x}`).toBe(true);
    }
  }
}

/** The default configuration as every link was written before short links: every key, in table order. */
const FULL_V1_HASH =
  'v=1&backend=auto&data=mnist&split=closed&classes=5&noise=0.15&model=mlp&dim=2&loss=softmax&head=ln' +
  '&alpha=16&rho=0.5&pairs=class&perClass=8&arcMargin=0.3&cosMargin=0.35&conMargin=1&triMargin=0.2' +
  '&tcm=off&tcmPos=0.9&tcmNeg=0.5&tcmPosW=1&tcmNegW=1' +
  '&heat=off&alpha2=4&heatAt=1600&heatEnd=2000&heatLr=0.1&lr=0.003&batch=128&steps=2000' +
  '&seed=1&dataSeed=1&evalEvery=25&metricsEvery=100&evalItems=1000';

describe('serializeConfig', () => {
  it('writes the version and only the keys that differ from the defaults, in table order', () => {
    expect(SCHEMA_VERSION).toBe(1);
    expect(serializeConfig(defaultConfig())).toBe('v=1');
    expect(serializeConfig({ ...defaultConfig(), loss: 'ces', dim: 16 })).toBe('v=1&dim=16&loss=ces');
    const c = randomConfig(prng(7));
    const keys = serializeConfig(c).split('&').map((kv) => kv.split('=')[0]);
    expect(keys).toEqual(['v', ...PARAM_KEYS.filter((k) => !Object.is(c[k], PARAM_BY_KEY[k].default))]);
  });

  it('writes the view keys after the configuration, and none for the default view', () => {
    const view = { ui: 'lecture', autoplay: true, preset: 'ce-vs-ssm', lesson: 'ce/1' } as const;
    expect(serializeConfig(defaultConfig(), null, view)).toBe('v=1&preset=ce-vs-ssm&lesson=ce/1&ui=lecture&autoplay=1');
    expect(parseHash('v=1&preset=ce-vs-ssm&lesson=ce/1&ui=lecture&autoplay=1').view).toEqual(view);
    // A lesson step that is not one (its form; whether it exists, the page checks) is reported and dropped.
    const bad = parseHash('v=1&lesson=../x');
    expect(bad.view.lesson).toBeNull();
    expect(bad.notices.join()).toMatch(/lesson=\.\.\/x is not a lesson step/);
    expect(serializeConfig(defaultConfig(), null, DEFAULT_VIEW)).toBe('v=1');
  });

  it('reports an unusable view key and presents the default instead', () => {
    const r = parseHash('ui=poster&autoplay=yes&preset=../x&lr=0.01');
    expect(r.view).toEqual(DEFAULT_VIEW);
    expect(r.config).toEqual({ ...defaultConfig(), lr: 0.01 });
    expect(r.notices).toEqual([
      'ui=poster is not one of full, lecture, embed; showing the full page',
      'autoplay=yes is not 0 or 1; not starting by itself',
      'preset=../x is not a preset name; ignored',
    ]);
  });

  it('writes floats in their shortest round-trip form and ints as integers', () => {
    const c = { ...defaultConfig(), lr: 0.00001, alpha: 0.1 + 0.2, noise: 0, heatLr: 1, seed: 2147483647 };
    const s = serializeConfig(c);
    expect(s).toContain('&lr=0.00001');
    expect(s).toMatch(/&alpha=0\.30000000000000004(&|$)/);
    expect(s).toMatch(/&noise=0(&|$)/);
    expect(s).toMatch(/&heatLr=1(&|$)/);
    expect(s).toMatch(/&seed=2147483647(&|$)/);
    expect(parseHash(s)).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: c, notices: [] });
  });

  it('normalises an invalid config instead of writing a link that would not parse cleanly', () => {
    const bad = { ...defaultConfig(), lr: 5, classes: 3.7, head: 'nope', noise: -0 } as unknown as Config;
    const s = serializeConfig(bad);
    expect(s).toContain('&lr=1');
    expect(s).toMatch(/&classes=4(&|$)/);
    expect(s).not.toContain('head=');
    expect(s).toMatch(/&noise=0(&|$)/);
    expect(parseHash(s).notices).toEqual([]);
  });
});

describe('parseHash: round trip', () => {
  it('reads the defaults back with and without "#", without notices', () => {
    expect(parseHash(FULL_V1_HASH)).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: defaultConfig(), notices: [] });
    expect(parseHash(`#${FULL_V1_HASH}`)).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: defaultConfig(), notices: [] });
  });

  it('reads an empty hash as the defaults without notices', () => {
    expect(parseHash('')).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: defaultConfig(), notices: [] });
    expect(parseHash('#')).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: defaultConfig(), notices: [] });
  });

  it('round-trips 500 random valid configs exactly, without notices', () => {
    const rand = prng(12345);
    for (let i = 0; i < 500; i++) {
      const c = randomConfig(rand);
      const s = serializeConfig(c);
      const r = parseHash(`#${s}`);
      expect(r.notices, s).toEqual([]);
      expect(r.config, s).toEqual(c);
      expect(serializeConfig(r.config)).toBe(s);
    }
  });

  it('fills missing keys with defaults silently (short hand-written links)', () => {
    const r = parseHash('#data=spirals&lr=0.01');
    expect(r.notices).toEqual([]);
    expect(r.config).toEqual({ ...defaultConfig(), data: 'spirals', lr: 0.01 });
  });

  it('accepts exponent notation, a leading "+", surrounding spaces and encoded values', () => {
    const r = parseHash('lr=1e-3&alpha=%2B32&batch=%20256%20&data=%62lobs&steps=2E3');
    expect(r.notices).toEqual([]);
    expect(r.config).toMatchObject({ lr: 0.001, alpha: 32, batch: 256, data: 'blobs', steps: 2000 });
  });
});

describe('parseHash: clamping and rounding', () => {
  it('clamps above the maximum with a specific notice', () => {
    const r = parseHash('#lr=5');
    expect(r.config.lr).toBe(1);
    expect(r.notices).toEqual(['lr=5 is above the maximum 1; using 1']);
  });

  it('clamps below the minimum with a specific notice', () => {
    const r = parseHash('#batch=2&alpha=0.001&steps=-5');
    expect(r.config).toMatchObject({ batch: 8, alpha: 0.01, steps: 0 });
    expect(r.notices).toEqual([
      'alpha=0.001 is below the minimum 0.01; using 0.01',
      'batch=2 is below the minimum 8; using 8',
      'steps=-5 is below the minimum 0; using 0',
    ]);
  });

  it('accepts values exactly at the bounds without notices', () => {
    const r = parseHash('lr=0.00001&alpha=128&seed=0&dataSeed=2147483647&evalEvery=1');
    expect(r.notices).toEqual([]);
    expect(r.config).toMatchObject({ lr: 1e-5, alpha: 128, seed: 0, dataSeed: 2147483647, evalEvery: 1 });
  });

  it('clamps huge integers to the maximum', () => {
    const r = parseHash('seed=99999999999999999999');
    expect(r.config.seed).toBe(2147483647);
    expect(r.notices).toEqual(['seed=99999999999999999999 is above the maximum 2147483647; using 2147483647']);
  });

  it('rounds non-integers for int keys, with a notice', () => {
    expect(parseHash('classes=3.6')).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW,
      config: { ...defaultConfig(), classes: 4 },
      notices: ['classes=3.6 is not a whole number; using 4'],
    });
    expect(parseHash('classes=3.4').config.classes).toBe(3);
    expect(parseHash('heatAt=800.0')).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: { ...defaultConfig(), heatAt: 800 }, notices: [] });
  });

  it('reports rounding and clamping together', () => {
    const r = parseHash('classes=1.4');
    expect(r.config.classes).toBe(2);
    expect(r.notices).toEqual(['classes=1.4 is not a whole number and is below the minimum 2; using 2']);
  });

  it.each([
    ['lr=abc', 'lr=abc is not a number; using the default 0.003'],
    ['lr=', 'lr= is empty; using the default 0.003'],
    ['lr=NaN', 'lr=NaN is not a number; using the default 0.003'],
    ['lr=Infinity', 'lr=Infinity is not a number; using the default 0.003'],
    ['lr=-Infinity', 'lr=-Infinity is not a number; using the default 0.003'],
    ['lr=1e999', 'lr=1e999 is not a finite number; using the default 0.003'],
    ['lr=0x10', 'lr=0x10 is not a number; using the default 0.003'],
    ['lr=1,5', 'lr=1,5 is not a number; using the default 0.003'],
    ['dim=2px', 'dim=2px is not a number; using the default 2'],
  ])('uses the default for the unusable number %s', (hash, notice) => {
    const r = parseHash(hash);
    expect(r.config).toEqual(defaultConfig());
    expect(r.notices).toEqual([notice]);
  });

  it('uses the default for an unknown enum option and lists the allowed ones', () => {
    const r = parseHash('head=foo&backend=WebGPU');
    expect(r.config).toEqual(defaultConfig());
    expect(r.notices).toEqual([
      'backend=WebGPU is not one of auto, webgpu, webgl, wasm, cpu; using the default auto',
      'head=foo is not one of sm, ln, bn; using the default ln',
    ]);
  });

  it('keeps valid keys when others are invalid', () => {
    const r = parseHash('data=rings&lr=oops&head=bn');
    expect(r.config).toEqual({ ...defaultConfig(), data: 'rings', head: 'bn' });
    expect(r.notices).toHaveLength(1);
  });
});

describe('parseHash: malformed input', () => {
  it('ignores unknown keys with one notice listing them', () => {
    const r = parseHash('#foo=1&lr=0.01&bar=2&LR=3');
    expect(r.config).toEqual({ ...defaultConfig(), lr: 0.01 });
    expect(r.notices).toEqual(['Ignored unknown keys: foo, bar, LR']);
  });

  it('does not treat prototype names as keys', () => {
    const r = parseHash('__proto__=1&constructor=2&toString=3&hasOwnProperty=4');
    expect(r.config).toEqual(defaultConfig());
    expect(Object.getPrototypeOf(r.config)).toBe(Object.prototype);
    expect(r.notices).toEqual(['Ignored unknown keys: __proto__, constructor, toString, hasOwnProperty']);
    expect(({} as Record<string, unknown>).lr).toBeUndefined();
  });

  it('lets the last of a duplicated key win, with a notice', () => {
    const r = parseHash('lr=0.1&data=blobs&lr=0.2');
    expect(r.config).toEqual({ ...defaultConfig(), lr: 0.2, data: 'blobs' });
    expect(r.notices).toEqual(['lr is given 2 times; using the last value (0.2)']);
  });

  it('ignores a part without "=" with a notice', () => {
    const r = parseHash('#lr');
    expect(r.config).toEqual(defaultConfig());
    expect(r.notices).toEqual(['Ignored parts without "=": lr']);
    const r2 = parseHash('data=blobs&oops&lr=0.5');
    expect(r2.config).toEqual({ ...defaultConfig(), data: 'blobs', lr: 0.5 });
    expect(r2.notices).toEqual(['Ignored parts without "=": oops']);
  });

  it('reports an empty key as unknown', () => {
    const r = parseHash('#=x');
    expect(r.config).toEqual(defaultConfig());
    expect(r.notices).toEqual(['Ignored unknown key: (empty)']);
  });

  it('ignores stray "&" silently', () => {
    expect(parseHash('#&&&')).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: defaultConfig(), notices: [] });
    expect(parseHash('&lr=0.5&&')).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: { ...defaultConfig(), lr: 0.5 }, notices: [] });
  });

  it('survives malformed percent-encoding with a notice', () => {
    const r = parseHash('#%%%');
    expect(r.config).toEqual(defaultConfig());
    expect(r.notices).toHaveLength(1);
    const r2 = parseHash('lr=%E0%A4%A&data=blobs&%ZZ=1');
    expect(r2.config).toEqual({ ...defaultConfig(), data: 'blobs' });
    expect(r2.notices).toEqual(['Ignored parts with broken %-encoding: lr=%E0%A4%A, %ZZ=1']);
  });

  it('shortens very long values in notices', () => {
    const r = parseHash(`head=${'x'.repeat(1000)}`);
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0].length).toBeLessThan(150);
    expect(r.notices[0]).toContain('…');
  });

  it('lists at most a few unknown keys', () => {
    const keys = Array.from({ length: 50 }, (_, i) => `k${i}=1`).join('&');
    const r = parseHash(keys);
    expect(r.notices).toEqual(['Ignored unknown keys: k0, k1, k2, k3, k4, k5, k6, k7 and 42 more']);
  });

  it('reads a hash of exactly the maximum length, but not a longer one', () => {
    const atLimit = 'lr=0.5' + '&'.repeat(MAX_HASH_LENGTH - 6);
    expect(atLimit).toHaveLength(MAX_HASH_LENGTH);
    expect(parseHash(`#${atLimit}`)).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: { ...defaultConfig(), lr: 0.5 }, notices: [] });
    const tooLong = `${atLimit}&`;
    const r = parseHash(`#${tooLong}`);
    expect(r.config).toEqual(defaultConfig());
    expect(r.notices).toEqual([
      `The link is too long (${MAX_HASH_LENGTH + 1} characters, limit ${MAX_HASH_LENGTH}); using the defaults`,
    ]);
    const huge = parseHash('lr=0.5&'.repeat(100_000));
    expect(huge.config).toEqual(defaultConfig());
    expect(huge.notices).toHaveLength(1);
    expect(huge.notices[0]).toMatch(/too long/);
  });

  it('never throws on garbage and always yields a valid config', () => {
    const fixed = [
      '#%%%', '#&&&', '#=x', '#lr', '##', '#?', '=', '==', '&=&', 'v', 'v=', '%', '%2', '%zz', 'lr==1', 'lr=1=2',
      '\u0000', '\ud800', 'lr=\ud800', '%ED%A0%80', '#v=1&v=2&v=abc', 'lr=%00', ' ', '#\n',
    ];
    for (const h of fixed) {
      const r = parseHash(h);
      expectValidConfig(r.config, JSON.stringify(h));
      expect(Array.isArray(r.notices)).toBe(true);
      for (const n of r.notices) expect(typeof n === 'string' && n.length > 0).toBe(true);
    }
    expect(() => parseHash(undefined as unknown as string)).not.toThrow();
    expect(() => parseHash(42 as unknown as string)).not.toThrow();
    expect(parseHash(null as unknown as string).config).toEqual(defaultConfig());
  });

  it('never throws on 3000 seeded random strings and always yields a valid config', () => {
    const rand = prng(2024);
    const alphabet = ['%', '&', '=', '#', 'v', '1', '-', '.', 'e', 'E', '+', ' ', 'a', 'z', '\ud800', 'é', '\u0000', '9'];
    const words = [...PARAM_KEYS, 'v', 'NaN', 'Infinity', '1e400', '-1', '0.5', '3', 'mnist', 'ln', '%41', '%'];
    for (let i = 0; i < 3000; i++) {
      let h = '';
      const len = Math.floor(rand() * 60);
      for (let j = 0; j < len; j++) {
        // Mix single characters (incl. any UTF-16 code unit) with real keys and plausible values.
        const r = rand();
        if (r < 0.5) h += alphabet[Math.floor(rand() * alphabet.length)];
        else if (r < 0.8) h += words[Math.floor(rand() * words.length)];
        else h += String.fromCharCode(Math.floor(rand() * 65536));
      }
      let res: ReturnType<typeof parseHash> | undefined;
      expect(() => (res = parseHash(h)), JSON.stringify(h)).not.toThrow();
      expectValidConfig(res!.config, JSON.stringify(h));
      // A config that came out of parseHash always serialises to a link that reads back cleanly.
      const again = parseHash(serializeConfig(res!.config));
      expect(again.notices).toEqual([]);
      expect(again.config).toEqual(res!.config);
    }
  });
});

describe('parseHash: schema version', () => {
  it('reads a missing v as the current version without a notice', () => {
    expect(parseHash('lr=0.01')).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: { ...defaultConfig(), lr: 0.01 }, notices: [] });
    expect(parseHash('v=1&lr=0.01')).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW, config: { ...defaultConfig(), lr: 0.01 }, notices: [] });
  });

  it.each(['abc', '0', '-1', '1.5', '', '1e0', '0x1'])('reports v=%s as invalid and reads the rest as v1', (v) => {
    const r = parseHash(`v=${v}&lr=0.01`);
    expect(r.config).toEqual({ ...defaultConfig(), lr: 0.01 });
    expect(r.notices).toEqual([`v=${v} is not a valid schema version; reading the link as v1`]);
  });

  it('reads a link from a newer version as v1, ignoring its unknown keys', () => {
    const r = parseHash('v=2&lr=0.01&margin=0.5');
    expect(r.config).toEqual({ ...defaultConfig(), lr: 0.01 });
    expect(r.notices).toEqual([
      'This link was made by a newer version of the playground (v2); read as v1, unknown keys ignored',
      'Ignored unknown key: margin',
    ]);
  });

  it('ships an empty migration table', () => {
    expect(Object.keys(MIGRATIONS)).toEqual([]);
  });

  // Pretend the schema is at v2, where v1's `temp` (a temperature) became `alpha` = 1/temp.
  const renameTemp: Migration = (raw) => {
    const out = new Map(raw);
    const t = out.get('temp');
    out.delete('temp');
    if (t !== undefined) out.set('alpha', String(1 / Number(t)));
    return out;
  };

  it('runs an old link through an injected migration', () => {
    const r = parseHashWith('#v=1&temp=0.125&lr=0.01', { 1: renameTemp }, 2);
    expect(r.notices).toEqual([]);
    expect(r.config).toEqual({ ...defaultConfig(), alpha: 8, lr: 0.01 });
  });

  it('does not migrate a current-version link or one without v', () => {
    for (const h of ['v=2&temp=0.125', 'temp=0.125']) {
      const r = parseHashWith(h, { 1: renameTemp }, 2);
      expect(r.config).toEqual(defaultConfig());
      expect(r.notices).toEqual(['Ignored unknown key: temp']);
    }
  });

  it('applies a chain of migrations in order, starting at the link version', () => {
    const calls: number[] = [];
    const migrations: Record<number, Migration> = {
      1: (raw) => (calls.push(1), new Map([...raw].map(([k, v]) => [k === 'rate' ? 'learningRate' : k, v]))),
      2: (raw) => (calls.push(2), new Map([...raw].map(([k, v]) => [k === 'learningRate' ? 'lr' : k, v]))),
    };
    // (No versions' defaults here: in these made-up versions `rate` is what v1 called `lr`.)
    expect(parseHashWith('v=1&rate=0.02', migrations, 3, {})).toEqual({ compare: null, seeds: 1, view: DEFAULT_VIEW,
      config: { ...defaultConfig(), lr: 0.02 },
      notices: [],
    });
    expect(calls).toEqual([1, 2]);
    calls.length = 0;
    expect(parseHashWith('v=2&learningRate=0.03', migrations, 3, {}).config.lr).toBe(0.03);
    expect(calls).toEqual([2]);
  });

  it('clamps values that come out of a migration', () => {
    const r = parseHashWith('v=1&temp=0.001', { 1: renameTemp }, 2);
    expect(r.config.alpha).toBe(128);
    expect(r.notices).toEqual(['alpha=1000 is above the maximum 128; using 128']);
  });

  it('survives a missing or throwing migration with a notice', () => {
    const missing = parseHashWith('v=1&lr=0.01', {}, 2);
    expect(missing.config).toEqual({ ...defaultConfig(), lr: 0.01 });
    expect(missing.notices).toEqual(['No upgrade from schema v1 to v2 is known; reading the link as is']);
    const throwing = parseHashWith('v=1&lr=0.01', { 1: () => { throw new Error('boom'); } }, 2);
    expect(throwing.config).toEqual({ ...defaultConfig(), lr: 0.01 });
    expect(throwing.notices).toEqual(['Upgrading the link from v1 to v2 failed; reading it as is']);
  });

  it('keeps the defaults of the current version in LINK_DEFAULTS (a changed default needs a new version)', () => {
    expect(LINK_DEFAULTS[SCHEMA_VERSION]).toEqual(defaultConfig());
  });

  it("reads the keys an older short link leaves out at that version's defaults", () => {
    // Suppose v2 raised the default α to 32: a v1 link that leaves α out still means α = 16.
    const defaults = { 1: LINK_DEFAULTS[1], 2: { ...LINK_DEFAULTS[1], alpha: 32 } };
    const identity: Migration = (raw) => raw;
    const old = parseHashWith('v=1&lr=0.01', { 1: identity }, 2, defaults);
    expect(old.notices).toEqual([]);
    expect(old.config).toEqual({ ...defaultConfig(), lr: 0.01, alpha: 16 });
    // A migration sees the whole configuration the old link meant.
    const seen: string[] = [];
    parseHashWith('v=1&lr=0.01', { 1: (raw) => (seen.push(...raw.keys()), raw) }, 2, defaults);
    expect(seen.sort()).toEqual([...PARAM_KEYS].sort());
  });

  it('reads a full link of the pre-short-link format as the same configuration as its short form', () => {
    // Copied from the share box before links were shortened (2026-11): every key, in table order.
    const full =
      'v=1&backend=wasm&data=mnist&split=closed&classes=5&noise=0.15&model=mlp&dim=16&loss=ces&head=ln' +
      '&alpha=20&rho=0.5&pairs=class&perClass=8&arcMargin=0.3&cosMargin=0.35&conMargin=1&triMargin=0.2' +
      '&tcm=off&tcmPos=0.9&tcmNeg=0.5&tcmPosW=1&tcmNegW=1&heat=off&alpha2=4&heatAt=1600&heatEnd=2000' +
      '&heatLr=0.1&lr=0.003&batch=128&steps=600&seed=1&dataSeed=1&evalEvery=25&metricsEvery=100&evalItems=2000' +
      '&b=1&b.loss=ssm';
    const r = parseHash(full);
    expect(r.notices).toEqual([]);
    expect(r.config).toEqual({ ...defaultConfig(), backend: 'wasm', dim: 16, loss: 'ces', alpha: 20, steps: 600, evalItems: 2000 });
    expect(r.compare).toEqual({ ...r.config, loss: 'ssm' });
    const short = serializeConfig(r.config, r.compare);
    expect(short).toBe('v=1&backend=wasm&dim=16&loss=ces&alpha=20&steps=600&evalItems=2000&b=1&b.loss=ssm');
    expect(parseHash(short)).toEqual(r);
  });

  it('reports a newer link relative to the injected version', () => {
    const r = parseHashWith('v=3&lr=0.01', { 1: renameTemp }, 2);
    expect(r.config.lr).toBe(0.01);
    expect(r.notices).toEqual([
      'This link was made by a newer version of the playground (v3); read as v2, unknown keys ignored',
    ]);
  });
});

describe('validateValue', () => {
  it('accepts valid values unchanged', () => {
    expect(validateValue('head', 'bn')).toEqual({ value: 'bn' });
    expect(validateValue('lr', 0.05)).toEqual({ value: 0.05 });
    expect(validateValue('lr', '0.05')).toEqual({ value: 0.05 });
    expect(validateValue('dim', 64)).toEqual({ value: 64 });
  });

  it('clamps and rounds numbers coming from a control', () => {
    expect(validateValue('lr', 5)).toEqual({ value: 1, notice: 'lr=5 is above the maximum 1; using 1' });
    expect(validateValue('dim', 1)).toEqual({ value: 2, notice: 'dim=1 is below the minimum 2; using 2' });
    expect(validateValue('classes', 3.5)).toEqual({ value: 4, notice: 'classes=3.5 is not a whole number; using 4' });
    expect(validateValue('noise', -0).value).toBe(0);
    expect(Object.is(validateValue('noise', -0).value, 0)).toBe(true);
  });

  it('falls back to the default for unusable values of any type', () => {
    for (const raw of [NaN, Infinity, -Infinity, null, undefined, true, {}, [], '']) {
      const r = validateValue('lr', raw);
      expect(r.value, String(raw)).toBe(0.003);
      expect(r.notice, String(raw)).toMatch(/^lr=.* using the default 0\.003$/);
    }
    expect(validateValue('head', 3).value).toBe('ln');
    expect(validateValue('head', 'LN').notice).toBe('head=LN is not one of sm, ln, bn; using the default ln');
  });

  it('throws for a key that is not a parameter (a programming error)', () => {
    expect(() => validateValue('nope' as 'lr', 1)).toThrow(/unknown parameter/);
    expect(() => validateValue('__proto__' as 'lr', 1)).toThrow(/unknown parameter/);
  });
});

describe('withValue', () => {
  it('returns a new config with the validated value and leaves the old one alone', () => {
    const c = defaultConfig();
    const d = withValue(c, 'lr', 0.01);
    expect(d).not.toBe(c);
    expect(d).toEqual({ ...defaultConfig(), lr: 0.01 });
    expect(c.lr).toBe(0.003);
  });

  it('applies the same clamping as the URL', () => {
    expect(withValue(defaultConfig(), 'batch', 5000).batch).toBe(1024);
    expect(withValue(defaultConfig(), 'batch', '64').batch).toBe(64);
    expect(withValue(defaultConfig(), 'classes', 2.6).classes).toBe(3);
    expect(withValue(defaultConfig(), 'data', 'nope').data).toBe('mnist');
    expect(withValue(defaultConfig(), 'data', 'rings').data).toBe('rings');
  });

  it('returns the same object when nothing changes', () => {
    const c = defaultConfig();
    expect(withValue(c, 'lr', 0.003)).toBe(c);
    expect(withValue(c, 'backend', 'auto')).toBe(c);
    expect(withValue(c, 'steps', '2000')).toBe(c);
  });
});
