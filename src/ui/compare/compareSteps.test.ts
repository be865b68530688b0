import { describe, expect, it } from 'vitest';
import { alignRuns, latestStep, rowsInOrder, seedBand, stepCaption, verdictDue, type RunSteps } from './compareSteps';

const run = (steps: number[], extra: number | null = null): RunSteps => ({ steps, extra: extra === null ? null : { step: extra } });

describe('alignRuns on several seeds', () => {
  it('finds the latest step every series has, and the index of it in each', () => {
    expect(alignRuns([run([10, 20, 30, 40, 50])], [run([20, 40])])).toMatchObject({ source: 'series', step: 40, index: [3, 1] });
    expect(alignRuns([run([2, 4, 6]), run([4, 6])], [run([4]), run([2, 4])])).toMatchObject({ source: 'series', step: 4, index: [1, 0, 0, 1] });
    expect(alignRuns([run([10, 30])], [run([20])]).source).toBe('none');
    expect(alignRuns([run([10, 20, 20])], [run([20])])).toMatchObject({ index: [2, 0] });
  });
  it('gives its verdict at the latest step every seed of both sides has, while some are further on', () => {
    const behind = alignRuns([run([50, 100]), run([50])], [run([50, 100]), run([50, 100])]);
    expect(behind).toMatchObject({ source: 'series', step: 50, same: false, latestA: 50, latestB: 100 });
    expect(verdictDue(behind)).toBe(true);
    const level = alignRuns([run([50, 100]), run([50, 100])], [run([50, 100]), run([50, 100])]);
    expect(level).toMatchObject({ step: 100, same: true, index: [1, 1, 1, 1] });
    // "Evaluate all" counts only when every run made it at the same step.
    expect(alignRuns([run([100], 110), run([100], 110)], [run([100], 110), run([100])])).toMatchObject({ source: 'series', step: 100, same: false });
    expect(alignRuns([run([], 7), run([], 7)], [run([], 7), run([], 7)])).toMatchObject({ source: 'extra', step: 7 });
  });
});

describe('alignRuns', () => {
  it('A at step 50, B at 25: compares at 25, with a verdict there', () => {
    const al = alignRuns([run([25, 50])], [run([25])]);
    expect(al).toMatchObject({ source: 'series', step: 25, index: [0, 0], same: false, latestA: 50, latestB: 25 });
    expect(verdictDue(al)).toBe(true);
  });
  it('the compared step never moves back while the runs evaluate on at different paces', () => {
    // Six runs evaluating every 25 steps, each at its own pace: the verdict's step only moves on.
    const paces = [1, 3, 2, 1, 2, 3];
    let last = -1;
    for (let t = 1; t <= 24; t++) {
      const runs = paces.map((p) => run(Array.from({ length: Math.floor(t / p) }, (_, i) => 25 * (i + 1))));
      const al = alignRuns(runs.slice(0, 3), runs.slice(3));
      if (al.source === 'none') {
        expect(last).toBe(-1);
        continue;
      }
      expect(verdictDue(al)).toBe(true);
      expect(al.step).toBeGreaterThanOrEqual(last);
      last = al.step;
    }
    expect(last).toBe(25 * 8);
  });
  it('both at the same latest step: a verdict', () => {
    const al = alignRuns([run([25, 50])], [run([50])]);
    expect(al).toMatchObject({ source: 'series', step: 50, index: [1, 0], same: true });
    expect(verdictDue(al)).toBe(true);
  });
  it('no common step: nothing compared', () => {
    expect(alignRuns([run([10])], [run([])])).toEqual({ source: 'none', latestA: 10, latestB: null });
    expect(alignRuns([run([10, 30])], [run([20])])).toEqual({ source: 'none', latestA: 30, latestB: 20 });
    expect(verdictDue(alignRuns([run([])], [run([])]))).toBe(false);
  });
  it('full evaluations compare only with full evaluations at the same step', () => {
    // Both evaluated every item at step 110 (periodic ones at 100): the full ones, with a verdict.
    expect(alignRuns([run([100], 110)], [run([100], 110)])).toMatchObject({ source: 'extra', step: 110, same: true });
    // Only A's full one at 110 so far: the periodic ones at 100 (A's latest is later).
    const onlyA = alignRuns([run([100], 110)], [run([100])]);
    expect(onlyA).toMatchObject({ source: 'series', step: 100, same: false, latestA: 110, latestB: 100 });
    // Full ones at different steps: the periodic series again.
    expect(alignRuns([run([100], 120)], [run([100], 110)])).toMatchObject({ source: 'series', step: 100, same: false });
    // A full evaluation at a step both periodic series have: compared there (like with like), with a verdict.
    expect(alignRuns([run([100], 100)], [run([100])])).toMatchObject({ source: 'series', step: 100, same: true });
    // Only full evaluations (no periodic metrics) at different steps: nothing compared.
    expect(alignRuns([run([], 40)], [run([], 30)])).toEqual({ source: 'none', latestA: 40, latestB: 30 });
    // Two evaluated sets (no training): step 0 both.
    expect(verdictDue(alignRuns([run([], 0)], [run([], 0)]))).toBe(true);
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
    expect(stepCaption([{ label: metrics, align: alignRuns([run([50])], [run([50])]) }, { label: emb, align: alignRuns([run([50])], [run([25, 50])]) }])).toBe(
      'A and B compared at step 50, the latest step of both.',
    );
  });
  it('says which step it compares at while the runs stand at different steps', () => {
    const text = stepCaption([{ label: metrics, align: alignRuns([run([100, 200, 250])], [run([100, 200])]) }]);
    expect(text).toBe(`${metrics} at step 200, the latest both have (A is at step 250, B at step 200).`);
  });
  it('says when nothing is comparable yet, and is empty before any evaluation', () => {
    expect(stepCaption([{ label: metrics, align: alignRuns([run([10])], [run([])]) }])).toContain('no step both have evaluated yet (A: step 10, B: none yet)');
    expect(stepCaption([{ label: metrics, align: alignRuns([run([])], [run([])]) }])).toBe('');
  });
  it('names each group when they are compared at different steps', () => {
    const text = stepCaption([{ label: metrics, align: alignRuns([run([100])], [run([100])]) }, { label: emb, align: alignRuns([run([100, 125])], [run([100, 125])]) }]);
    expect(text).toBe(`${metrics} at step 100, the latest of both; ${emb} at step 125, the latest of both.`);
  });
});

describe('rowsInOrder', () => {
  const rows = [{ id: 'ap', claim: 'ap' as const }, { id: 'nmi' }, { id: 'compactness', claim: 'compactness' as const }];
  it('puts the claimed metric first and keeps the rest in order', () => {
    expect(rowsInOrder(rows, 'compactness').map((r) => r.id)).toEqual(['compactness', 'ap', 'nmi']);
    expect(rowsInOrder(rows, null).map((r) => r.id)).toEqual(['ap', 'nmi', 'compactness']);
    expect(rowsInOrder(rows, 'opis').map((r) => r.id)).toEqual(['ap', 'nmi', 'compactness']);
  });
});

describe('seedBand', () => {
  it('takes the mean and min–max over the steps every seed has', () => {
    const band = seedBand([
      { x: [10, 20, 30], y: [1, 2, 3] },
      { x: [10, 20], y: [3, 4] },
    ]);
    expect(band).toEqual({ x: [10, 20], mean: [2, 3], lo: [1, 2], hi: [3, 4] });
  });
  it('leaves out points with a non-finite seed, and stops where the steps part', () => {
    expect(seedBand([{ x: [1, 2, 3], y: [1, NaN, 1] }, { x: [1, 2, 4], y: [2, 2, 2] }])).toEqual({ x: [1], mean: [1.5], lo: [1], hi: [2] });
    expect(seedBand([])).toEqual({ x: [], mean: [], lo: [], hi: [] });
  });
});

describe('stepCaption over seeds', () => {
  it('speaks of seeds in the caption', () => {
    const level = alignRuns([run([100]), run([100])], [run([100]), run([100])]);
    expect(stepCaption([{ label: 'm', align: level }], 2)).toBe('A and B, 2 seeds each, compared at step 100, the latest step of all 4 runs; each cell is the mean ± half-range over the seeds.');
    const behind = alignRuns([run([50, 100]), run([50])], [run([50, 100]), run([50, 100])]);
    expect(stepCaption([{ label: 'm', align: behind }], 2)).toBe('m at step 50, the latest all runs have (A’s slowest seed is at step 50, B’s at step 100); each cell is the mean ± half-range over the seeds.');
  });
});
