import { describe, expect, it } from 'vitest';
import type { EvalReport } from '../../eval/report';
import { emptyEvalSeries, emptyHistory, pushEvaluation, pushSteps } from './runHistory';

describe('runHistory', () => {
  it('appends trained steps to the curve, in place', () => {
    const h = emptyHistory();
    pushSteps(h, [{ step: 1, loss: 2, alpha: 16, lr: 0.01 }, { step: 2, loss: 1.5, alpha: 16, lr: 0.01 }]);
    expect(h).toMatchObject({ step: [1, 2], loss: [2, 1.5], alpha: [16, 16], lr: [0.01, 0.01], evalStep: [] });
  });

  it('appends an evaluation to the metrics over steps, with its Recall@1', () => {
    const e = emptyEvalSeries();
    const report = { ap: 0.5, opis: 0.1, epsOpis: 0.2, nmi: 0.7, recall: { k: [10, 1], value: [0.9, 0.6] } } as unknown as EvalReport;
    pushEvaluation(e, 40, report);
    expect(e).toEqual({ step: [40], ap: [0.5], opis: [0.1], epsOpis: [0.2], recallAt1: [0.6], nmi: [0.7] });
  });
});
