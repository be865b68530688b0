import { describe, expect, it } from 'vitest';
import { createPlaygroundStore, type PlaygroundState } from '../../../state/store';
import { defaultConfig } from '../../../state/params';
import { PLOT_IDS } from '../plotIds';
import { SUMMARISERS } from './plotSummaries';
import { evenly, MAX_ROWS, num, trend } from '../../../charts/kit/summaryKit';
import { distanceSummary, metricsSummary, precisionAt, thresholdSummary } from './evalSummaries';
import { spreadReport as report } from '../../../charts/kit/reports.testkit';
import { lossSummary } from './trainingSummaries';

const fresh = (): PlaygroundState => createPlaygroundStore(defaultConfig()).getState();

describe('plot summaries', () => {
  it('every view has one, and each says something (and has no rows) before training', () => {
    const s = fresh();
    for (const id of PLOT_IDS) {
      const { text, table } = SUMMARISERS[id].summarise(s);
      expect(text.length, id).toBeGreaterThan(10);
      expect(table.columns.length, id).toBeGreaterThanOrEqual(2);
      expect(table.rows, id).toEqual([]);
    }
  });

  it('formats: three significant digits, e-notation for small values, a dash for missing ones', () => {
    expect(num(0.95123)).toBe('0.951');
    expect(num(1234.5)).toBe('1230');
    expect(num(0.00123)).toBe('1.23e-3');
    expect(num(NaN)).toBe('—');
    expect(num(0)).toBe('0');
  });

  it('thins rows evenly, keeping the first and the last', () => {
    expect(evenly(5)).toEqual([0, 1, 2, 3, 4]);
    const rows = evenly(1001);
    expect(rows).toHaveLength(MAX_ROWS);
    expect(rows[0]).toBe(0);
    expect(rows[MAX_ROWS - 1]).toBe(1000);
  });

  it('states a trend against the previous finite value', () => {
    expect(trend('PR-AUC', [250, 500, 750], [0.9, 0.95, 0.96])).toBe('PR-AUC 0.96, up from 0.95 at step 500');
    expect(trend('OPIS', [1, 2, 3], [0.02, NaN, 0.01])).toBe('OPIS 0.01, down from 0.02 at step 1');
    expect(trend('x', [1], [NaN])).toBeNull();
  });

  it('loss: the latest value, the change, α, and a table of at most 20 rows ending at the last step', () => {
    const s = fresh();
    for (let i = 1; i <= 500; i++) {
      s.history.step.push(i);
      s.history.loss.push(20 / i);
      s.history.alpha.push(8);
    }
    const { text, table } = lossSummary.summarise(s);
    expect(text).toBe('At step 500: Training loss 0.04, down from 0.0401 at step 499; scale α 8.');
    expect(table.rows).toHaveLength(20);
    expect(table.rows[19]).toEqual(['500', '0.04', '8']);
  });

  it('metrics over steps: "PR-AUC 0.96, up from 0.95 at step 500"', () => {
    const s = fresh();
    Object.assign(s.evalSeries, { step: [500, 1000], ap: [0.95, 0.96], recallAt1: [0.9, 0.9], nmi: [0.8, 0.7], opis: [0.002, 0.001], epsOpis: [0.01, 0.01] });
    const { text, table } = metricsSummary.summarise(s);
    expect(text).toContain('At step 1,000: PR-AUC 0.96, up from 0.95 at step 500');
    expect(text).toContain('NMI 0.7, down from 0.8 at step 500');
    expect(text).toContain('OPIS 1.00e-3, down from 2.00e-3 at step 500');
    expect(table.rows[1]).toEqual(['1,000', '0.96', '0.9', '0.7', '1.00e-3', '0.01']);
  });

  it('PR curve: precision at a recall follows the step function AP integrates', () => {
    const recall = [0.25, 0.5, 0.75, 1];
    const precision = [1, 0.8, 0.6, 0.5];
    expect(precisionAt(recall, precision, 0)).toBe(1);
    expect(precisionAt(recall, precision, 0.5)).toBe(0.8);
    expect(precisionAt(recall, precision, 0.6)).toBe(0.6);
  });

  it('distances: medians, overlap, and 100 bins merged into 20', () => {
    const edges = Array.from({ length: 101 }, (_, k) => (2 * k) / 100);
    const pos = edges.slice(1).map((_, k) => (k < 50 ? 1 : 0));
    const neg = edges.slice(1).map((_, k) => (k >= 50 ? 3 : 0));
    const s = fresh();
    s.evaluation = { step: 100, distance: { edges, pos, neg } } as unknown as PlaygroundState['evaluation'];
    const { text, table } = distanceSummary.summarise(s);
    expect(text).toBe('Pair distances at step 100: 50 positive pairs, median distance 0.5; 150 negative pairs, median 1.5; the two distributions overlap by 0.0%.');
    expect(table.rows).toHaveLength(20);
    expect(table.rows[0]).toEqual(['0 to 0.1', '10.0%', '0.0%']);
  });

  it("summarises the store's choice in words, with one table row per class", async () => {
    const s: PlaygroundState = createPlaygroundStore(defaultConfig()).getState();
    expect(thresholdSummary.summarise(s).table.rows).toEqual([]);
    const r = await report(4, 20);
    const withEval = { ...s, evaluation: { ...r, step: 40, full: false }, thresholdFar: 0.1 };
    const { text, table } = thresholdSummary.summarise(withEval);
    expect(text).toMatch(/^Threshold at FAR 10%, step 40: accept pairs at distance ≤ [\d.e-]+ \(cosine ≥ -?[\d.e-]+\); global FAR reached [\d.]+%, FRR [\d.]+%/);
    expect(table.rows).toHaveLength(4);
    expect(thresholdSummary.key(withEval)).not.toEqual(thresholdSummary.key({ ...withEval, thresholdFar: 0.2 }));
  });
});
