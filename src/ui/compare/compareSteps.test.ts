import { describe, expect, it } from 'vitest';
import { alignRuns, latestCommonIndex, latestStep, stepCaption, verdictDue, type RunSteps } from './compareSteps';

const run = (steps: number[], extra: number | null = null): RunSteps => ({ steps, extra: extra === null ? null : { step: extra } });

describe('latestCommonIndex', () => {
  it('finds the latest step both series have', () => {
    expect(latestCommonIndex([10, 20, 30, 40, 50], [20, 40])).toEqual([3, 1]);
    expect(latestCommonIndex([25, 50], [25])).toEqual([0, 0]);
    expect(latestCommonIndex([2, 4, 6], [4])).toEqual([1, 0]);
  });
  it('is null when they share none, or one is empty', () => {
    expect(latestCommonIndex([10, 30], [20])).toBeNull();
    expect(latestCommonIndex([], [20])).toBeNull();
    expect(latestCommonIndex([], [])).toBeNull();
  });
  it('takes the last of a repeated step', () => {
    expect(latestCommonIndex([10, 20, 20], [20])).toEqual([2, 0]);
  });
});

describe('alignRuns', () => {
  it('A at step 50, B at 25: compares at 25, no verdict', () => {
    const al = alignRuns(run([25, 50]), run([25]));
    expect(al).toMatchObject({ source: 'series', step: 25, ia: 0, ib: 0, same: false, latestA: 50, latestB: 25 });
    expect(verdictDue(al)).toBe(false);
  });
  it('both at the same latest step: a verdict', () => {
    const al = alignRuns(run([25, 50]), run([50]));
    expect(al).toMatchObject({ source: 'series', step: 50, ia: 1, ib: 0, same: true });
    expect(verdictDue(al)).toBe(true);
  });
  it('no common step: nothing compared', () => {
    expect(alignRuns(run([10]), run([]))).toEqual({ source: 'none', latestA: 10, latestB: null });
    expect(alignRuns(run([10, 30]), run([20]))).toEqual({ source: 'none', latestA: 30, latestB: 20 });
    expect(verdictDue(alignRuns(run([]), run([])))).toBe(false);
  });
  it('full evaluations compare only with full evaluations at the same step', () => {
    // Both evaluated every item at step 110 (periodic ones at 100): the full ones, with a verdict.
    expect(alignRuns(run([100], 110), run([100], 110))).toMatchObject({ source: 'extra', step: 110, same: true });
    // Only A's full one at 110 so far: the periodic ones at 100, no verdict (A's latest is later).
    const onlyA = alignRuns(run([100], 110), run([100]));
    expect(onlyA).toMatchObject({ source: 'series', step: 100, same: false, latestA: 110, latestB: 100 });
    // Full ones at different steps: the periodic series again.
    expect(alignRuns(run([100], 120), run([100], 110))).toMatchObject({ source: 'series', step: 100, same: false });
    // A full evaluation at a step both periodic series have: compared there (like with like), with a verdict.
    expect(alignRuns(run([100], 100), run([100]))).toMatchObject({ source: 'series', step: 100, same: true });
    // Only full evaluations (no periodic metrics) at different steps: nothing compared.
    expect(alignRuns(run([], 40), run([], 30))).toEqual({ source: 'none', latestA: 40, latestB: 30 });
    // Two evaluated sets (no training): step 0 both.
    expect(verdictDue(alignRuns(run([], 0), run([], 0)))).toBe(true);
  });
  it('latestStep counts the out-of-series evaluation', () => {
    expect(latestStep(run([10, 20], 25))).toBe(25);
    expect(latestStep(run([10, 20]))).toBe(20);
    expect(latestStep(run([]))).toBeNull();
  });
});

describe('stepCaption', () => {
  const metrics = 'PR-AUC, OPIS, Recall@1, NMI';
  const emb = 'accuracy and compactness';
  it('says the step when both agree', () => {
    expect(stepCaption([{ label: metrics, align: alignRuns(run([50]), run([50])) }, { label: emb, align: alignRuns(run([50]), run([25, 50])) }])).toBe(
      'A and B compared at step 50, the latest step of both.',
    );
  });
  it('says which step it compares at and that no verdict is given while they differ', () => {
    const text = stepCaption([{ label: metrics, align: alignRuns(run([100, 200, 250]), run([100, 200])) }]);
    expect(text).toContain('at step 200, the latest both have (A is at step 250, B at step 200)');
    expect(text).toContain('No verdict');
  });
  it('says when nothing is comparable yet, and is empty before any evaluation', () => {
    expect(stepCaption([{ label: metrics, align: alignRuns(run([10]), run([])) }])).toContain('no step both have evaluated yet (A: step 10, B: none yet)');
    expect(stepCaption([{ label: metrics, align: alignRuns(run([]), run([])) }])).toBe('');
  });
  it('names each group when they are compared at different steps', () => {
    const text = stepCaption([{ label: metrics, align: alignRuns(run([100]), run([100])) }, { label: emb, align: alignRuns(run([100, 125]), run([100, 125])) }]);
    expect(text).toBe(`${metrics} at step 100, the latest of both; ${emb} at step 125, the latest of both.`);
  });
});
