import { describe, it, expect } from 'vitest';
import { maxRelError, numericGradient } from './finiteDiff';

describe('numericGradient', () => {
  it('matches the analytic gradient of x0² + 3·x0·x1 + sin x2', () => {
    const f = (x: Float64Array) => x[0] * x[0] + 3 * x[0] * x[1] + Math.sin(x[2]);
    const x = Float64Array.from([1, 2, 0.5]);
    const g = numericGradient(f, x);
    // (2·x0 + 3·x1, 3·x0, cos x2) = (8, 3, cos 0.5)
    expect(g[0]).toBeCloseTo(8, 8);
    expect(g[1]).toBeCloseTo(3, 8);
    expect(g[2]).toBeCloseTo(Math.cos(0.5), 8);
  });

  it('is a CENTRAL difference with step h: x³ at 1 with h = 0.1 gives 3 + h² = 3.01', () => {
    // ((1.1)³ − (0.9)³) / 0.2 = (1.331 − 0.729) / 0.2 = 3.01; a forward difference would give 3.31.
    const g = numericGradient((x) => x[0] ** 3, Float64Array.from([1]), 0.1);
    expect(g[0]).toBeCloseTo(3.01, 12);
  });

  it('does not mutate the caller’s x', () => {
    const x = Float64Array.from([0.25, -1]);
    numericGradient((v) => v[0] * v[1], x);
    expect(Array.from(x)).toEqual([0.25, -1]);
  });
});

describe('maxRelError', () => {
  it('is |a − b| / max(|a|, |b|, floor), maximised over entries', () => {
    expect(maxRelError([1, 2], [1.1, 2])).toBeCloseTo(0.1 / 1.1, 14);
    expect(maxRelError([1, 2], [1, 2])).toBe(0);
  });

  it('uses the floor for entries near zero', () => {
    // 1e-10 / max(0, 1e-10, 1e-8) = 0.01
    expect(maxRelError([0], [1e-10], 1e-8)).toBeCloseTo(0.01, 14);
    expect(maxRelError([0], [1e-10], 1e-12)).toBeCloseTo(1, 14);
  });

  it('returns Infinity on non-finite entries and throws on length mismatch', () => {
    expect(maxRelError([NaN], [NaN])).toBe(Infinity);
    expect(maxRelError([1], [Infinity])).toBe(Infinity);
    expect(() => maxRelError([1], [1, 2])).toThrow();
  });
});
