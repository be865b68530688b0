import { describe, expect, it } from 'vitest';
import { parseHash, serializeConfig } from './urlSchema';
import { defaultConfig } from './params';

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
});
