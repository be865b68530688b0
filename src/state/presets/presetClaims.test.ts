import { describe, expect, it } from 'vitest';
import type { MetricRow } from '../run/metricsExport';
import { claimHoldsAt, claimRows, judgeClaim, meanAndHalfRange, seedAgreement } from './presetClaims';

/** Metrics rows with `opis` (and accuracy) at the given steps; the rest null. */
const rows = (steps: number[], opis: number[], accuracy: (number | null)[] = steps.map(() => null)): MetricRow[] =>
  steps.map((step, i) => ({ step, loss: null, ap: null, opis: opis[i], epsOpis: null, recallAt1: null, nmi: null, accuracy: accuracy[i], compactness: null }));

describe('judgeClaim', () => {
  const rule = { metric: 'opis' as const, steps: 400, compare: 'lower' as const, from: 200 };

  it('finds the first step from which B stays below A to the end', () => {
    const a = rows([100, 200, 300, 400], [5, 5, 5, 5]);
    const b = rows([100, 200, 300, 400], [4, 6, 4, 3]);
    const v = judgeClaim(rule, a, b);
    expect(v.points.map((p) => p.holds)).toEqual([true, false, true, true]);
    expect(v.lessonStep).toBe(300);
    expect(v.last).toEqual({ step: 400, a: 5, b: 3, holds: true });
    // It had to hold from step 200 on, and at 200 it did not.
    expect(v.holds).toBe(false);
    expect(judgeClaim({ ...rule, from: 300 }, a, b).holds).toBe(true);
  });

  it('fails when the runs did not evaluate the last step, or the claim fails there', () => {
    expect(judgeClaim(rule, rows([100, 200, 300], [5, 5, 5]), rows([100, 200, 300], [1, 1, 1])).holds).toBe(false);
    const v = judgeClaim(rule, rows([200, 400], [5, 5]), rows([200, 400], [1, 6]));
    expect(v.lessonStep).toBeNull();
    expect(v.holds).toBe(false);
  });

  it('compares only steps both runs evaluated; equal values are not a gain', () => {
    const v = judgeClaim({ ...rule, from: undefined }, rows([100, 200, 300, 400], [5, 5, 5, 5]), rows([200, 400], [5, 4]));
    expect(v.points.map((p) => p.step)).toEqual([200, 400]);
    expect(v.points[0].holds).toBe(false);
    expect(v.lessonStep).toBe(400);
    expect(v.holds).toBe(true);
  });

  it('judges a single run against its bar, skipping steps without the number', () => {
    const single = { metric: 'accuracy' as const, steps: 200, atLeast: 0.9, from: 150 };
    const a = rows([50, 100, 150, 200], [0, 0, 0, 0], [0.5, null, 0.95, 0.9]);
    const v = judgeClaim(single, a);
    expect(v.points.map((p) => p.step)).toEqual([50, 150, 200]);
    expect(v.lessonStep).toBe(150);
    expect(v.holds).toBe(true);
    expect(claimHoldsAt(single, NaN, null)).toBe(false);
  });

  it('a non-finite value never holds', () => {
    expect(claimHoldsAt(rule, 1, NaN)).toBe(false);
    expect(claimHoldsAt(rule, NaN, 0)).toBe(false);
    expect(claimHoldsAt({ ...rule, compare: 'higher' }, 1, 2)).toBe(true);
  });
});

describe('claimRows', () => {
  it('takes accuracy and compactness from every refresh, the all-pairs metrics from the metrics rows', () => {
    const run = { rows: rows([100], [7]), refreshes: { step: [25, 50, 75, 100], accuracy: [0.1, 0.2, 0.3, 0.4], compactness: [4, 3, 2, 1] } };
    expect(claimRows('compactness', run).map((r) => [r.step, r.compactness])).toEqual([[25, 4], [50, 3], [75, 2], [100, 1]]);
    expect(claimRows('opis', run).map((r) => [r.step, r.opis])).toEqual([[100, 7]]);
  });
});

describe('meanAndHalfRange', () => {
  it('ignores missing and non-finite values', () => {
    expect(meanAndHalfRange([1, 3, null, NaN])).toEqual({ mean: 2, spread: 1 });
    expect(meanAndHalfRange([null])).toEqual({ mean: null, spread: null });
  });
});

describe('seedAgreement', () => {
  it('gives a verdict only when every seed agrees', () => {
    expect(seedAgreement([0.5, 0.4, 0.45], [0.3, 0.35, 0.4], 'lower')).toEqual({ n: 3, better: 3, worse: 0, verdict: 'better' });
    expect(seedAgreement([0.5, 0.4, 0.45], [0.3, 0.35, 0.4], 'higher')).toEqual({ n: 3, better: 0, worse: 3, verdict: 'worse' });
    expect(seedAgreement([0.5, 0.4, 0.45], [0.3, 0.45, 0.4], 'lower')).toMatchObject({ better: 2, worse: 1, verdict: 'noise' });
    // A tie on one seed is not agreement.
    expect(seedAgreement([0.5, 0.4], [0.3, 0.4], 'lower')).toMatchObject({ better: 1, verdict: 'noise' });
  });
  it('skips seeds without a finite value on both sides', () => {
    expect(seedAgreement([0.5, NaN, 0.4], [0.3, 0.2, 0.3], 'lower')).toEqual({ n: 2, better: 2, worse: 0, verdict: 'better' });
    expect(seedAgreement([NaN], [1], 'lower').verdict).toBe('');
  });
});
