import { describe, expect, it } from 'vitest';
import { PARAM_BY_KEY } from '../../state/params';
import { sliderScale } from './sliderScale';

describe('slider scales', () => {
  it('map the ends of a log slider onto the range exactly', () => {
    for (const key of ['alpha', 'lr', 'batch', 'evalItems'] as const) {
      const p = PARAM_BY_KEY[key];
      const s = sliderScale(p)!;
      expect(s.fromPosition(s.min)).toBe(p.min);
      expect(s.fromPosition(s.max)).toBe(p.max);
      expect(s.fromPosition(s.toPosition(p.default))).toBe(p.default);
    }
  });
  it('never round a move back onto the value it started from', () => {
    const s = sliderScale(PARAM_BY_KEY.batch)!;
    const at8 = s.toPosition(8);
    expect(s.fromPosition(at8 + s.step, 8)).toBe(9);
    expect(s.fromPosition(s.toPosition(9) - s.step, 9)).toBe(8);
    expect(s.fromPosition(s.toPosition(1024) + s.step, 1024)).toBe(1024);
  });
  it('give no slider to a range too wide to hit a value', () => {
    expect(sliderScale(PARAM_BY_KEY.seed)).toBeNull();
    expect(sliderScale(PARAM_BY_KEY.dim)?.step).toBe(1);
  });
});
