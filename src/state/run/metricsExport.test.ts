import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../params';
import { METRIC_COLUMNS, MAX_HISTORY_POINTS, finalEvaluation, metricRows, metricsCsv, metricsDocument, metricsJson, thinIndices } from './metricsExport';
import type { EvalSeries, History, PlaygroundState } from '../store';

/** Steps 1…30; the embedding refreshed every 10 steps (and at 25), the metrics at 10, 20 and 30. */
function run(): { history: History; evalSeries: EvalSeries } {
  const step = Array.from({ length: 30 }, (_, i) => i + 1);
  return {
    history: {
      step,
      loss: step.map((s) => 1 / s),
      alpha: step.map(() => 16),
      lr: step.map(() => 0.003),
      evalStep: [10, 20, 25, 30],
      accuracy: [0.5, 0.75, 0.8, 0.1 + 0.2],
      compactness: [0.9, 0.6, 0.55, 0.5],
    },
    evalSeries: { step: [10, 20, 30], ap: [0.4, 0.6, 0.7], opis: [1e-3, 5e-4, NaN], epsOpis: [0.1, 0.05, 0.02], recallAt1: [0.5, 0.8, 0.9], nmi: [0.2, 0.4, 0.5] },
  };
}

const report = (): NonNullable<PlaygroundState['evaluation']> => ({
  n: 1000,
  pairs: 499500,
  positives: 99000,
  path: 'js',
  bins: 4096,
  ap: 0.7,
  pr: { precision: [1, 0.5], recall: [0, 1] },
  calibration: { dMin: 0.4, dMax: 1.1, farLo: 0.01, farHi: 0.1 },
  operating: { far: [0.01], distance: [0.5], cosine: [0.875], globalFar: [0.01], tar: [0.9], classFar: [[0.01]], classFrr: [[0.1]], positives: [10], negatives: [100] },
  utility: { grid: [0, 1], perClass: [[0, 1]], classes: [0, 1, 2] },
  opis: 2e-4,
  epsOpis: 0.02,
  recall: { k: [1, 2, 4], value: [0.9, 0.95, 0.97], items: 1000 },
  nmi: 0.5,
  scoreDistribution: { edges: [0, 1], perQuery: [[1]], p5: [0], p95: [1] },
  distance: { edges: [0, 2], pos: [1], neg: [1] },
  ms: 120,
  step: 30,
  full: false,
});

describe('metric rows', () => {
  it('has one row per evaluated step, joined with the loss, accuracy and compactness at that step', () => {
    const { history, evalSeries } = run();
    const rows = metricRows(evalSeries, history);
    expect(rows.map((r) => r.step)).toEqual([10, 20, 30]);
    expect(rows[1]).toEqual({ step: 20, loss: 1 / 20, ap: 0.6, opis: 5e-4, epsOpis: 0.05, recallAt1: 0.8, nmi: 0.4, accuracy: 0.75, compactness: 0.6 });
    expect(rows[2].accuracy).toBe(0.1 + 0.2);
  });

  it('leaves a cell empty where that step has no value', () => {
    const { history, evalSeries } = run();
    history.evalStep = [10, 30];
    history.accuracy = [0.5, 0.9];
    history.compactness = [0.9, 0.5];
    history.step.length = 15; // the loss history ends before step 20
    const rows = metricRows(evalSeries, history);
    expect(rows[1]).toMatchObject({ step: 20, loss: null, accuracy: null, compactness: null, ap: 0.6 });
    expect(rows[2]).toMatchObject({ loss: null, accuracy: 0.9 });
  });
});

describe('metrics CSV', () => {
  it('writes a header and one line per row, numbers unrounded, missing values empty', () => {
    const { history, evalSeries } = run();
    history.evalStep = [10, 30];
    const lines = metricsCsv(metricRows(evalSeries, history)).trimEnd().split('\n');
    expect(lines[0]).toBe(METRIC_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    const cells = lines.map((l) => l.split(','));
    expect(cells.every((c) => c.length === METRIC_COLUMNS.length)).toBe(true);
    expect(cells[3][METRIC_COLUMNS.indexOf('accuracy')]).toBe('0.75'); // the second refresh (step 30)
    expect(cells[2][METRIC_COLUMNS.indexOf('accuracy')]).toBe('');
    expect(Number(cells[2][METRIC_COLUMNS.indexOf('loss')])).toBe(1 / 20); // round-trips exactly
    expect(cells[3][METRIC_COLUMNS.indexOf('opis')]).toBe('NaN');
  });

  it('is just the header when nothing was evaluated', () => {
    expect(metricsCsv([])).toBe(METRIC_COLUMNS.join(',') + '\n');
  });
});

describe('metrics JSON', () => {
  it('embeds the configuration, the link, the rows and the final evaluation without its arrays', () => {
    const { history, evalSeries } = run();
    const config = { ...defaultConfig(), data: 'blobs' as const };
    const doc = metricsDocument({ config, history, evalSeries, evaluation: report(), step: 30 }, 'http://x/#data=blobs');
    const back = JSON.parse(metricsJson(doc));
    expect(back.config).toEqual(config);
    expect(back.link).toBe('http://x/#data=blobs');
    expect(back.steps).toHaveLength(3);
    expect(back.steps[2].opis).toBeNull(); // JSON has no NaN
    expect(back.final).toMatchObject({ step: 30, full: false, items: 1000, ap: 0.7, bins: 4096, calibration: { dMin: 0.4, dMax: 1.1 } });
    expect(back.final.recall).toEqual([
      { k: 1, value: 0.9 },
      { k: 2, value: 0.95 },
      { k: 4, value: 0.97 },
    ]);
    expect(back.final.pr).toBeUndefined();
    expect(back.history.step).toEqual(history.step);
  });

  it('has no final evaluation before the first one', () => {
    expect(finalEvaluation(null)).toBeNull();
  });

  it('thins a long history to about MAX_HISTORY_POINTS, keeping both ends', () => {
    const idx = thinIndices(100_000, MAX_HISTORY_POINTS);
    expect(idx).toHaveLength(MAX_HISTORY_POINTS);
    expect(idx[0]).toBe(0);
    expect(idx.at(-1)).toBe(99_999);
    expect(idx.every((v, i) => i === 0 || v > idx[i - 1])).toBe(true);
    expect(thinIndices(5, 10)).toEqual([0, 1, 2, 3, 4]);
  });
});
