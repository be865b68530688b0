import { describe, expect, it } from 'vitest';
import { parseHash, serializeConfig } from './urlSchema';
import { defaultConfig } from '../params';

describe('comparison links (b.<key>=value)', () => {
  it('reads B as A with its own values on top', () => {
    const { config, compare, notices } = parseHash('#v=1&loss=ssm&alpha=20&b.loss=ces');
    expect(notices).toEqual([]);
    expect(config.loss).toBe('ssm');
    expect(compare).toMatchObject({ loss: 'ces', alpha: 20 });
  });
  it('writes only the keys where B differs, and round-trips', () => {
    const a = { ...defaultConfig(), loss: 'ssm' as const, alpha: 20 };
    const b = { ...a, loss: 'ces' as const, tcm: 'on' as const };
    const hash = serializeConfig(a, b);
    expect(hash).toMatch(/&b=1&b\.loss=ces&b\.tcm=on$/);
    const back = parseHash(hash);
    expect(back.config).toEqual(a);
    expect(back.compare).toEqual(b);
  });
  it('keeps a B identical to A (b=1), and has none without b keys', () => {
    const a = defaultConfig();
    expect(parseHash(serializeConfig(a, { ...a })).compare).toEqual(a);
    expect(parseHash(serializeConfig(a)).compare).toBeNull();
  });
  it('clamps a bad B value with a notice that names B, and ignores unknown B keys', () => {
    const { compare, notices } = parseHash('#b.alpha=999&b.bogus=1');
    expect(compare?.alpha).toBe(128);
    expect(notices.some((n) => n.startsWith('B: alpha=999'))).toBe(true);
  });
  it('says when b= is not 1 (the comparison still opens as the link describes B)', () => {
    for (const b of ['0', '', '<script>']) {
      const { compare, notices } = parseHash(`#b=${encodeURIComponent(b)}&b.alpha=20`);
      expect(compare?.alpha).toBe(20);
      expect(notices.some((n) => n.startsWith('b=') && n.includes('is not 1'))).toBe(true);
    }
    expect(parseHash('#b=1').notices).toEqual([]);
  });
});

describe('comparison on several seeds (seeds=N)', () => {
  it('round-trips the seed count after B’s keys, and leaves it out at 1', () => {
    const a = defaultConfig();
    const hash = serializeConfig(a, { ...a, alpha: 4 }, undefined, 3);
    expect(hash).toMatch(/&b=1&b\.alpha=4&seeds=3$/);
    expect(parseHash(hash)).toMatchObject({ seeds: 3, notices: [] });
    expect(serializeConfig(a, { ...a }, undefined, 1)).toMatch(/&b=1$/);
    expect(parseHash('#b=1').seeds).toBe(1);
  });
  it('clamps to 1–5, reads only whole numbers, and ignores seeds without a comparison, each with a notice', () => {
    expect(parseHash('#b=1&seeds=9')).toMatchObject({ seeds: 5, notices: ['seeds=9 is outside 1–5; using 5'] });
    expect(parseHash('#b=1&seeds=0')).toMatchObject({ seeds: 1, notices: ['seeds=0 is outside 1–5; using 1'] });
    for (const bad of ['2.5', 'x', '', '-1']) {
      const r = parseHash(`#b=1&seeds=${bad}`);
      expect(r.seeds).toBe(1);
      expect(r.notices).toHaveLength(1);
    }
    expect(parseHash('#seeds=3')).toMatchObject({ seeds: 1, compare: null, notices: ['seeds=3 applies to a comparison (b=1); ignored'] });
    // The writer never writes what the reader would refuse.
    expect(serializeConfig(defaultConfig(), defaultConfig(), undefined, 99)).toMatch(/seeds=5$/);
    expect(serializeConfig(defaultConfig(), null, undefined, 3)).not.toMatch(/seeds/);
  });
});
