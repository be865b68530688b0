/** Picks the objective of a loss. */
import type { Rng } from '../../data/rng';
import type { DataSplit } from '../../data/dataset';
import type { PairOps } from '../ops/pairOps';
import { createClassifierObjective } from './classifier';
import { createCrossExampleObjective } from './crossExample';
import { createPKObjective } from './pk';
import type { Objective, TrainSpec } from './types';

export type { Objective, TrainSpec, PreparedBatch, Classifier, LossKind } from './types';

/** The objective of `spec.loss`. Weights draw from `initRng`, batches from `dataRng`. */
export function createObjective(spec: TrainSpec, split: DataSplit, initRng: Rng, dataRng: Rng, ops: PairOps): Objective {
  switch (spec.loss) {
    case 'softmax':
    case 'arcface':
    case 'cosface':
      return createClassifierObjective(spec, split, initRng, dataRng, ops);
    case 'ssm':
    case 'snm':
    case 'ces':
    case 'cenm':
      return createCrossExampleObjective(spec, split, dataRng, ops);
    case 'contrastive':
    case 'triplet':
      return createPKObjective(spec, split, dataRng, ops);
  }
}
