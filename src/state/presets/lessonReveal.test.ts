import { describe, expect, it } from 'vitest';
import { LESSON_BY_ID } from './lessons';
import { paperLine, predictionLine, revealComparison, revealGradient } from './lessonReveal';
import type { RunNumbers } from './presetClaims';

const step = (lesson: string, i: number) => LESSON_BY_ID.get(lesson)!.steps[i];
/** A run that measured PR-AUC `ap[i]` at `steps[i]` (and nothing else). */
const apRun = (steps: number[], ap: number[]): RunNumbers => ({
  rows: steps.map((s, i) => ({ step: s, loss: null, ap: ap[i], opis: null, epsOpis: null, recallAt1: null, nmi: null, accuracy: null, compactness: null })),
  refreshes: { step: [], accuracy: [], compactness: [] },
});
/** A run whose embedding refreshes measured compactness `c[i]` at `steps[i]`. */
const compactRun = (steps: number[], c: number[]): RunNumbers => ({ rows: [], refreshes: { step: steps, accuracy: steps.map(() => 1), compactness: c } });
const labels = { a: 'SNM', b: 'CENM' };

describe('revealComparison', () => {
  const tcm = step('tcm', 0);
  it('names the side better on every seed, at the latest step all runs evaluated, with the means', () => {
    const a = [apRun([100, 200, 300], [0.8, 0.85, 0.88]), apRun([100, 200], [0.8, 0.86])];
    const b = [apRun([100, 200, 300], [0.9, 0.93, 0.95]), apRun([100, 200, 300], [0.9, 0.94, 0.96])];
    const r = revealComparison(tcm, a, b, labels, [1, 2]);
    // Run A2 has not evaluated step 300: compared at 200.
    expect(r.step).toBe(200);
    expect(r.outcome).toBe('b');
    expect(r.numbers.rows).toEqual([
      { name: 'seed 1', a: 0.85, b: 0.93 },
      { name: 'seed 2', a: 0.86, b: 0.94 },
    ]);
    expect(r.text).toBe('B (CENM) had the higher PR-AUC on 2 of 2 seeds at step 200: PR-AUC 0.855 (A) against 0.935 (B), means over the seeds.');
  });
  it('names A when A is better on every seed (lower is better for compactness)', () => {
    const hu = step('hu', 0);
    const r = revealComparison(hu, [compactRun([400], [0.3]), compactRun([400], [0.35])], [compactRun([400], [0.6]), compactRun([400], [0.5])], { a: 'α = 0.25', b: 'α = 4' }, [4, 5]);
    expect(r.outcome).toBe('a');
    expect(r.text).toMatch(/^A \(α = 0\.25\) had the lower compactness on 2 of 2 seeds at step 400/);
    expect(r.numbers.rows.map((x) => x.name)).toEqual(['seed 4', 'seed 5']);
  });
  it('says so where the seeds disagree, and a tie on a seed is no agreement', () => {
    const r = revealComparison(tcm, [apRun([300], [0.9]), apRun([300], [0.9]), apRun([300], [0.9])], [apRun([300], [0.95]), apRun([300], [0.85]), apRun([300], [0.9])], labels, [1, 2, 3]);
    expect(r.outcome).toBe('noise');
    expect(r.text).toMatch(/^The seeds disagree: B \(CENM\) had the higher PR-AUC on 1 of 3 seeds at step 300, A \(SNM\) on 1 of 3 seeds: .* within seed noise\.$/);
  });
  it('reveals nothing without a common evaluated step', () => {
    const r = revealComparison(tcm, [apRun([100], [0.9])], [apRun([200], [0.9])], labels, [1]);
    expect(r.outcome).toBeNull();
    expect(r.step).toBeNull();
    expect(revealComparison(tcm, [], [], labels, []).outcome).toBeNull();
  });
  it('ignores non-finite values and counts a repeated step once (its last value)', () => {
    const r = revealComparison(tcm, [apRun([100, 100], [0.99, 0.8])], [apRun([100], [0.9])], labels, [1]);
    expect(r.numbers.rows[0].a).toBe(0.8);
    expect(r.outcome).toBe('b');
    expect(r.text).toContain('on 1 of 1 seed at step 100');
  });
  it('refuses a step that measures no comparison', () => {
    expect(() => revealComparison(step('hu', 1), [], [], labels, [])).toThrow();
  });
});

describe('revealGradient', () => {
  const curves = (centroid: number[], hard: number[]) => ({
    alphas: new Float64Array([0.1, 16, 128]),
    alphaIndex: 1,
    types: {
      hard: { median: new Float64Array(hard), p25: new Float64Array(3), p75: new Float64Array(3) },
      boundary: { median: new Float64Array(3), p25: new Float64Array(3), p75: new Float64Array(3) },
      centroid: { median: new Float64Array(centroid), p25: new Float64Array(3), p75: new Float64Array(3) },
    },
  });
  it('reads the centroid samples’ median from the α in force to the largest α', () => {
    const r = revealGradient(curves([0.01, 0.02, 1e-6], [0.01, 0.5, 4]), 400, 1);
    expect(r.outcome).toBe('vanishes');
    expect(r.text).toContain('From α = 16 to α = 128, the centroid samples’ median gradient shrank: 0.02 → 1.00e-6');
    expect(r.text).toContain('hard samples’ went 0.5 → 4');
    expect(r.numbers.rows).toEqual([
      { name: 'centroid samples', a: 0.02, b: 1e-6 },
      { name: 'hard samples', a: 0.5, b: 4 },
    ]);
    expect(revealGradient(curves([0, 0.1, 0.5], [0, 0, 0]), 1, 1).outcome).toBe('grows');
    expect(revealGradient(curves([0, 0.1, 0.15], [0, 0, 0]), 1, 1).outcome).toBe('same');
  });
  it('reveals nothing without curves or centroid samples', () => {
    expect(revealGradient(null, 1, 1).outcome).toBeNull();
    expect(revealGradient(curves([NaN, NaN, NaN], [1, 1, 1]), 1, 1).outcome).toBeNull();
  });
});

describe('the prediction and the paper', () => {
  const hu = step('hu', 0);
  it('compares the class’s answer with the measured outcome', () => {
    expect(predictionLine(hu, 1, 'b')).toBe('The class predicted “α = 4 (B)”: the runs agree.');
    expect(predictionLine(hu, 0, 'b')).toBe('The class predicted “α = 0.25 (A)”: not what the runs showed.');
    expect(predictionLine(hu, null, 'b')).toBe('No prediction was made.');
    expect(predictionLine(hu, 2, null)).toBe('The class predicted “Neither on every seed”.');
  });
  it('says whether the paper’s finding shows here', () => {
    expect(paperLine(hu, 'b')).toMatch(/HU Fig\. 3.*The runs here show the same\.$/);
    expect(paperLine(hu, 'a')).toMatch(/show otherwise\.$/);
    expect(paperLine(hu, 'noise')).toMatch(/do not show it on every seed\.$/);
    expect(paperLine(hu, null)).toBe(hu.paper.says);
  });
});
