/** Distance losses on P×K batches (SPEC "Margin losses"): contrastive and batch-hard triplet. */
import * as tf from '@tensorflow/tfjs';
import type { Rng } from '../../data/rng';
import type { DataSplit } from '../../data/dataset';
import { PKSampler } from '../../data/samplers';
import { contrastiveLoss, tripletBatchHardLoss } from '../losses/pairwise';
import type { PairOps } from '../ops/pairOps';
import { gatherLabels, gatherRows } from './batching';
import { tcmTerm } from './tcmTerm';
import type { Objective, TrainSpec } from './types';

export function createPKObjective(spec: TrainSpec, split: DataSplit, dataRng: Rng, ops: PairOps): Objective {
  const { train } = split;
  const K = spec.perClass;
  const counts = new Map<number, number>();
  for (const y of train.y) counts.set(y, (counts.get(y) ?? 0) + 1);
  const eligible = [...counts.values()].filter((c) => c >= K).length;
  // P classes of K items: as many classes as the batch holds, but no more than the data have.
  const P = Math.min(eligible, Math.max(2, Math.floor(spec.batch / K)));
  const sampler = new PKSampler(train.y, P, K, dataRng);
  return {
    variables: [],
    classifier: null,
    batchNote: `P×K batches: ${P} classes × ${K} items = ${P * K}`,
    next() {
      const idx = sampler.next();
      return { inputs: gatherRows(train, idx), count: idx.length, labels: gatherLabels(train, idx) };
    },
    loss(f, batch) {
      const base =
        spec.loss === 'triplet' ? tripletBatchHardLoss(f, batch.labels, spec.triMargin) : contrastiveLoss(f, batch.labels, spec.conMargin);
      const reg = tcmTerm(spec, ops.scaledCosine(f, f, 1), batch.labels, batch.labels, 'self');
      return reg ? tf.add(base, reg) : base;
    },
    dispose: () => undefined,
  };
}
