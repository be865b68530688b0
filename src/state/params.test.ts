import { describe, it, expect, expectTypeOf } from 'vitest';
import {
  GROUPS,
  PARAMS,
  PARAM_BY_KEY,
  PARAM_KEYS,
  defaultConfig,
  isApplicable,
  isParamKey,
  type Config,
  type ParamKey,
} from './params';

/** The public contract from the design brief: key, kind, range/options, default, log. */
const EXPECTED: readonly [string, 'enum' | 'int' | 'float', readonly string[] | readonly [number, number], string | number, boolean?][] = [
  ['backend', 'enum', ['auto', 'webgpu', 'webgl', 'wasm', 'cpu'], 'auto'],
  ['data', 'enum', ['mnist', 'blobs', 'rings', 'spirals'], 'mnist'],
  ['split', 'enum', ['closed', 'open'], 'closed'],
  ['classes', 'int', [2, 10], 5],
  ['noise', 'float', [0, 1], 0.15],
  ['model', 'enum', ['mlp', 'cnn'], 'mlp'],
  ['dim', 'int', [2, 128], 2],
  ['loss', 'enum', ['softmax', 'arcface', 'cosface', 'ssm', 'snm', 'ces', 'cenm', 'contrastive', 'triplet'], 'softmax'],
  ['head', 'enum', ['sm', 'ln', 'bn'], 'ln'],
  ['alpha', 'float', [0.01, 128], 16, true],
  ['rho', 'float', [0.01, 1], 0.5],
  ['pairs', 'enum', ['class', 'instance'], 'class'],
  ['perClass', 'int', [2, 64], 8],
  ['arcMargin', 'float', [0, 1.5], 0.3],
  ['cosMargin', 'float', [0, 1], 0.35],
  ['conMargin', 'float', [0, 2], 1],
  ['triMargin', 'float', [0, 2], 0.2],
  ['tcm', 'enum', ['off', 'on'], 'off'],
  ['tcmPos', 'float', [-1, 1], 0.9],
  ['tcmNeg', 'float', [-1, 1], 0.5],
  ['tcmPosW', 'float', [0, 10], 1],
  ['tcmNegW', 'float', [0, 10], 1],
  ['heat', 'enum', ['off', 'step', 'linear', 'geometric'], 'off'],
  ['alpha2', 'float', [0.01, 128], 4, true],
  ['heatAt', 'int', [0, 100000], 1600],
  ['heatEnd', 'int', [0, 100000], 2000],
  ['heatLr', 'float', [0.001, 1], 0.1, true],
  ['lr', 'float', [0.00001, 1], 0.003, true],
  ['batch', 'int', [8, 1024], 128, true],
  ['steps', 'int', [0, 100000], 2000],
  ['seed', 'int', [0, 2147483647], 1],
  ['dataSeed', 'int', [0, 2147483647], 1],
  ['evalEvery', 'int', [1, 1000], 25],
  ['metricsEvery', 'int', [0, 10000], 100],
  ['evalItems', 'int', [100, 10000], 1000, true],
];

describe('parameter table', () => {
  it('has exactly the public keys, in the public order', () => {
    expect(PARAMS.map((p) => p.key)).toEqual(EXPECTED.map((e) => e[0]));
    expect(PARAM_KEYS).toEqual(EXPECTED.map((e) => e[0]));
  });

  it('has unique keys', () => {
    const keys = PARAMS.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(EXPECTED.map((e) => [e[0], e] as const))('%s matches the documented kind, range and default', (key, e) => {
    const [, kind, range, def, log] = e;
    const p = PARAM_BY_KEY[key as ParamKey];
    expect(p.kind).toBe(kind);
    expect(p.default).toBe(def);
    if (p.kind === 'enum') {
      expect(p.options).toEqual(range);
    } else {
      expect([p.min, p.max]).toEqual(range);
      expect(p.log === true).toBe(log === true);
    }
  });

  it('has enum defaults among the options and unique, URL-safe options', () => {
    for (const p of PARAMS) {
      if (p.kind !== 'enum') continue;
      const options: readonly string[] = p.options;
      expect(options.length, p.key).toBeGreaterThan(0);
      expect(options, p.key).toContain(p.default);
      expect(new Set(options).size, p.key).toBe(options.length);
      for (const o of options) expect(encodeURIComponent(o), `${p.key}=${o}`).toBe(o);
    }
  });

  it('has numeric defaults inside their ranges, integral bounds for ints, positive bounds for log scales', () => {
    for (const p of PARAMS) {
      if (p.kind === 'enum') continue;
      expect(Number.isFinite(p.min) && Number.isFinite(p.max), p.key).toBe(true);
      expect(p.min, p.key).toBeLessThan(p.max);
      expect(p.default, p.key).toBeGreaterThanOrEqual(p.min);
      expect(p.default, p.key).toBeLessThanOrEqual(p.max);
      if (p.kind === 'int') {
        expect(Number.isInteger(p.min) && Number.isInteger(p.max) && Number.isInteger(p.default), p.key).toBe(true);
      }
      if (p.log) expect(p.min, p.key).toBeGreaterThan(0);
      if (p.step !== undefined) expect(p.step, p.key).toBeGreaterThan(0);
    }
  });

  it('has URL-safe keys, a label, a one-sentence help and a known group for every parameter', () => {
    for (const p of PARAMS) {
      expect(encodeURIComponent(p.key)).toBe(p.key);
      expect(p.key).not.toBe('v'); // reserved for the schema version
      expect(p.label.trim().length, p.key).toBeGreaterThan(0);
      expect(p.help, p.key).toMatch(/^\S.*\.$/);
      expect(p.help.slice(0, -1), p.key).not.toMatch(/\.\s/); // one sentence
      expect(GROUPS, p.key).toContain(p.group);
    }
  });

  it('indexes PARAM_BY_KEY consistently and only by own keys', () => {
    for (const p of PARAMS) expect(PARAM_BY_KEY[p.key]).toBe(p);
    expect(Object.keys(PARAM_BY_KEY)).toEqual(PARAM_KEYS);
    expect(isParamKey('lr')).toBe(true);
    expect(isParamKey('v')).toBe(false);
    expect(isParamKey('__proto__')).toBe(false);
    expect(isParamKey('toString')).toBe(false);
    expect(isParamKey('LR')).toBe(false);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(PARAMS)).toBe(true);
    expect(Object.isFrozen(PARAM_BY_KEY)).toBe(true);
    for (const p of PARAMS) {
      expect(Object.isFrozen(p)).toBe(true);
      if (p.kind === 'enum') expect(Object.isFrozen(p.options)).toBe(true);
    }
  });
});

describe('defaultConfig', () => {
  it('holds every default and nothing else', () => {
    const c = defaultConfig();
    expect(Object.keys(c)).toEqual(PARAM_KEYS);
    for (const e of EXPECTED) expect(c[e[0] as ParamKey], e[0]).toBe(e[3]);
  });

  it('returns a fresh object each time', () => {
    const a = defaultConfig();
    const b = defaultConfig();
    expect(a).not.toBe(b);
    a.lr = 0.5;
    expect(b.lr).toBe(0.003);
    expect(defaultConfig().lr).toBe(0.003);
  });
});

describe('applicability (when)', () => {
  const at = (patch: Partial<Config>): Config => ({ ...defaultConfig(), ...patch });

  it('shows classes/noise only for toy sets and split only for MNIST', () => {
    expect(isApplicable('classes', at({ data: 'mnist' }))).toBe(false);
    expect(isApplicable('noise', at({ data: 'mnist' }))).toBe(false);
    expect(isApplicable('split', at({ data: 'mnist' }))).toBe(true);
    for (const data of ['blobs', 'rings', 'spirals'] as const) {
      expect(isApplicable('classes', at({ data }))).toBe(true);
      expect(isApplicable('noise', at({ data }))).toBe(true);
      expect(isApplicable('split', at({ data }))).toBe(false);
    }
  });

  it('shows alpha only for LN/BN heads', () => {
    expect(isApplicable('alpha', at({ head: 'sm' }))).toBe(false);
    expect(isApplicable('alpha', at({ head: 'ln' }))).toBe(true);
    expect(isApplicable('alpha', at({ head: 'bn' }))).toBe(true);
  });

  it('shows heating-up parameters only when heating up, heatEnd only for gradual schedules', () => {
    const off = at({ heat: 'off' });
    for (const k of ['alpha2', 'heatAt', 'heatEnd', 'heatLr'] as const) expect(isApplicable(k, off), k).toBe(false);
    const step = at({ heat: 'step' });
    expect(isApplicable('alpha2', step)).toBe(true);
    expect(isApplicable('heatAt', step)).toBe(true);
    expect(isApplicable('heatLr', step)).toBe(true);
    expect(isApplicable('heatEnd', step)).toBe(false);
    expect(isApplicable('heatEnd', at({ heat: 'linear' }))).toBe(true);
    expect(isApplicable('heatEnd', at({ heat: 'geometric' }))).toBe(true);
    // alpha2 is a scale, so (like alpha) it has no effect on the plain SM head.
    expect(isApplicable('alpha2', at({ heat: 'step', head: 'sm' }))).toBe(false);
    expect(isApplicable('heatLr', at({ heat: 'step', head: 'sm' }))).toBe(true);
  });

  it('always shows parameters without a condition, and gives a note for every condition', () => {
    const conditional = new Set([
      'split', 'classes', 'noise', 'head', 'alpha', 'rho', 'pairs', 'perClass', 'arcMargin', 'cosMargin', 'conMargin',
      'triMargin', 'tcmPos', 'tcmNeg', 'tcmPosW', 'tcmNegW', 'alpha2', 'heatAt', 'heatEnd', 'heatLr',
    ]);
    const odd = at({ data: 'spirals', head: 'sm', heat: 'off' });
    for (const p of PARAMS) {
      expect(p.when !== undefined, p.key).toBe(conditional.has(p.key));
      if (p.when) expect(p.whenNote?.length, p.key).toBeGreaterThan(0);
      else expect(isApplicable(p.key, odd), p.key).toBe(true);
    }
  });
});

describe('Config type', () => {
  it('is derived from the table with literal unions for enums', () => {
    expectTypeOf<Config['backend']>().toEqualTypeOf<'auto' | 'webgpu' | 'webgl' | 'wasm' | 'cpu'>();
    expectTypeOf<Config['head']>().toEqualTypeOf<'sm' | 'ln' | 'bn'>();
    expectTypeOf<Config['heat']>().toEqualTypeOf<'off' | 'step' | 'linear' | 'geometric'>();
    expectTypeOf<Config['lr']>().toEqualTypeOf<number>();
    expectTypeOf<Config['seed']>().toEqualTypeOf<number>();
    expectTypeOf<ParamKey>().toEqualTypeOf<
      | 'backend' | 'data' | 'split' | 'classes' | 'noise' | 'model' | 'dim' | 'loss' | 'head' | 'alpha' | 'rho'
      | 'pairs' | 'perClass' | 'arcMargin' | 'cosMargin' | 'conMargin' | 'triMargin' | 'tcm' | 'tcmPos' | 'tcmNeg'
      | 'tcmPosW' | 'tcmNegW' | 'heat' | 'alpha2' | 'heatAt' | 'heatEnd' | 'heatLr' | 'lr' | 'batch' | 'steps'
      | 'seed' | 'dataSeed' | 'evalEvery' | 'metricsEvery' | 'evalItems'
    >();
    expectTypeOf(PARAM_BY_KEY.head.options).toEqualTypeOf<readonly ['sm', 'ln', 'bn']>();
    // @ts-expect-error — not a backend
    const bad: Config['backend'] = 'metal';
    expect(bad).toBe('metal');
  });
});
