/**
 * Losses with learned class weights: the HU softmax family (SM, LN, BN heads) and the margin
 * classifiers ArcFace and CosFace (on LN-style normalised weights). Random batches.
 */
import * as tf from '@tensorflow/tfjs';
import type { Rng } from '../../data/rng';
import type { DataSplit } from '../../data/dataset';
import { ShuffleSampler } from '../../data/samplers';
import { createSoftmaxHead, type SoftmaxHead } from '../heads';
import { softmaxCrossEntropy } from '../losses/softmax';
import { arcFaceLogits, cosFaceLogits } from '../losses/margin';
import type { PairOps } from '../ops/pairOps';
import { gatherLabels, gatherRows } from './batching';
import { tcmTerm } from './tcmTerm';
import type { Objective, TrainSpec } from './types';

/** True for the losses that learn class weights (this objective's). */
export const learnsClassWeights = (loss: TrainSpec['loss']): boolean => loss === 'softmax' || loss === 'arcface' || loss === 'cosface';

/** The class head of `spec` over `numClasses` classes, its weights drawn from `initRng`. */
export function createClassifierHead(spec: TrainSpec, numClasses: number, initRng: Rng): SoftmaxHead {
  // ArcFace/CosFace compare normalised features with normalised weights, as the LN head does.
  return createSoftmaxHead(spec.loss === 'softmax' ? spec.head : 'ln', spec.dim, numClasses, initRng);
}

export function createClassifierObjective(spec: TrainSpec, split: DataSplit, initRng: Rng, dataRng: Rng, ops: PairOps): Objective {
  const { train } = split;
  const head = createClassifierHead(spec, train.numClasses, initRng);
  const sampler = new ShuffleSampler(train.n, Math.min(spec.batch, train.n), dataRng);
  const [w] = head.variables as [tf.Variable];

  return {
    variables: head.variables,
    classifier: head,
    next() {
      const idx = sampler.next();
      return { inputs: gatherRows(train, idx), count: idx.length, labels: gatherLabels(train, idx) };
    },
    loss(f, batch, alpha) {
      const y = tf.tensor1d(batch.labels, 'int32');
      let logits: tf.Tensor2D;
      if (spec.loss === 'arcface') logits = arcFaceLogits(f, w as tf.Tensor2D, y, alpha, spec.arcMargin);
      else if (spec.loss === 'cosface') logits = cosFaceLogits(f, w as tf.Tensor2D, y, alpha, spec.cosMargin);
      else logits = head.logits(f, alpha, true);
      const base = softmaxCrossEntropy(logits, y);
      const reg = tcmTerm(spec, ops.scaledCosine(f, f, 1), batch.labels, batch.labels, 'self');
      return reg ? tf.add(base, reg) : base;
    },
    dispose: () => head.dispose(),
  };
}
