import { describe, expect, it } from 'vitest';
import { scheduleAt, type ScheduleSpec } from './schedule';

const base: ScheduleSpec = { alpha: 16, heat: 'off', alpha2: 4, heatAt: 100, heatEnd: 200, heatLr: 0.1, lr: 0.001 };

describe('heating-up schedule (HU: α 16 → 4 with lr ×0.1)', () => {
  it('off keeps α and lr', () => {
    expect(scheduleAt(0, base)).toEqual({ alpha: 16, lr: 0.001 });
    expect(scheduleAt(10_000, base)).toEqual({ alpha: 16, lr: 0.001 });
  });
  it('step switches at heatAt exactly', () => {
    const s = { ...base, heat: 'step' as const };
    expect(scheduleAt(99, s)).toEqual({ alpha: 16, lr: 0.001 });
    expect(scheduleAt(100, s).alpha).toBe(4);
    expect(scheduleAt(100, s).lr).toBeCloseTo(0.0001, 12);
  });
  it('linear ramps from α₁ to α₂ between heatAt and heatEnd', () => {
    const s = { ...base, heat: 'linear' as const };
    expect(scheduleAt(100, s).alpha).toBe(16);
    expect(scheduleAt(150, s).alpha).toBeCloseTo(10, 12);
    expect(scheduleAt(200, s).alpha).toBe(4);
    expect(scheduleAt(150, s).lr).toBeCloseTo(0.0001, 12);
  });
  it('geometric ramps by a constant ratio', () => {
    const s = { ...base, heat: 'geometric' as const };
    expect(scheduleAt(150, s).alpha).toBeCloseTo(8, 10);
    expect(scheduleAt(125, s).alpha / scheduleAt(100, s).alpha).toBeCloseTo(scheduleAt(200, s).alpha / scheduleAt(175, s).alpha, 10);
  });
  it('a gradual schedule with heatEnd ≤ heatAt acts as a step', () => {
    const s = { ...base, heat: 'linear' as const, heatEnd: 50 };
    expect(scheduleAt(100, s).alpha).toBe(4);
  });
});
