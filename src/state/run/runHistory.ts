/**
 * A run's series over training steps, in the shapes the page's store keeps and the CLI writes:
 * the trained steps' curve and the periodic all-pairs metrics. Plain arrays appended in place (a
 * 100,000-step curve costs no copying), so the store and the CLI's runner share one append.
 */
import type { StepPoint } from '../../ml/trainer';
import type { EvalReport } from '../../eval/report';

/** Per-step series of one run, appended in place. */
export interface History {
  step: number[];
  loss: number[];
  alpha: number[];
  lr: number[];
  /** Nearest-centroid accuracy and compactness at the steps the embedding was refreshed. */
  evalStep: number[];
  accuracy: number[];
  compactness: number[];
}

/** Scalar evaluation metrics over training steps, appended in place. */
export interface EvalSeries {
  step: number[];
  ap: number[];
  opis: number[];
  epsOpis: number[];
  recallAt1: number[];
  nmi: number[];
}

export const emptyHistory = (): History => ({ step: [], loss: [], alpha: [], lr: [], evalStep: [], accuracy: [], compactness: [] });
export const emptyEvalSeries = (): EvalSeries => ({ step: [], ap: [], opis: [], epsOpis: [], recallAt1: [], nmi: [] });

/** Appends trained steps' points to the curve `h`. */
export function pushSteps(h: History, points: readonly StepPoint[]): void {
  for (const p of points) {
    h.step.push(p.step);
    h.loss.push(p.loss);
    h.alpha.push(p.alpha);
    h.lr.push(p.lr);
  }
}

/** Appends the periodic evaluation `r` of step `step` to the metrics over steps `e`. */
export function pushEvaluation(e: EvalSeries, step: number, r: EvalReport): void {
  e.step.push(step);
  e.ap.push(r.ap);
  e.opis.push(r.opis);
  e.epsOpis.push(r.epsOpis);
  e.recallAt1.push(r.recall.value[r.recall.k.indexOf(1)]);
  e.nmi.push(r.nmi);
}
