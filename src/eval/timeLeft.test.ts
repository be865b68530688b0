import { describe, expect, it } from 'vitest';
import { duration, timeLeftMs, timeLeftWords } from './timeLeft';

describe('the time left of an evaluation', () => {
  it('is the rate since the origin applied to what is left', () => {
    // 2 s of start, then a tenth a second: at 50 % (7 s), 5 s left — not the 7 s the whole run's rate says.
    expect(timeLeftMs(0.5, 7000, { at: 2000, fraction: 0 })).toBeCloseTo(5000, 6);
    expect(timeLeftMs(1, 9000, { at: 0, fraction: 0.1 })).toBe(0);
  });

  it('says nothing until the work has moved by 2 %', () => {
    expect(timeLeftMs(0.015, 5000, { at: 0, fraction: 0 })).toBeNull();
    expect(timeLeftMs(0.31, 5000, { at: 4000, fraction: 0.3 })).toBeNull();
    expect(timeLeftMs(0.33, 5000, { at: 4000, fraction: 0.3 })).toBeCloseTo((1000 * 0.67) / 0.03, 6);
  });

  it('reads as hours and minutes, minutes and seconds, or seconds', () => {
    expect(duration(3_725_000)).toBe('1 h 02 min');
    expect(duration(185_000)).toBe('3 min 05 s');
    expect(duration(59_400)).toBe('59 s');
    expect(duration(-5)).toBe('0 s');
    expect(timeLeftWords(185_000)).toBe('about 3 min 05 s left');
    expect(timeLeftWords(null)).toBe('estimating the time left');
  });
});
