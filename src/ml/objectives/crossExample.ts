/**
 * The CE family on pair batches (SPEC "Batches", "Losses"): sampled softmax, stochastic negative
 * mining, Cross-Example Softmax and Cross-Example Negative Mining. Queries and documents are
 * embedded in one pass; S = λ·Q̂D̂ᵀ with the positive of row i on the diagonal.
 */
import * as tf from '@tensorflow/tfjs';
import type { Rng } from '../../data/rng';
import type { DataSplit, Dataset } from '../../data/dataset';
import { PairSampler } from '../../data/samplers';
import { augmentImage } from '../../data/augment';
import { crossExampleLoss } from '../losses/crossExample';
import { pairNegatives } from '../ops/negatives';
import type { PairOps } from '../ops/pairOps';
import { gatherRows, itemSizeOf } from './batching';
import { tcmTerm } from './tcmTerm';
import type { Objective, TrainSpec } from './types';

/** Jitter of an instance-mode view of a 2-D toy point (images get SPEC's image augmentation). */
const POINT_JITTER = 0.05;

/** Writes an augmented view of each row of `rows` in place (SPEC: instance mode). */
function augmentRows(ds: Dataset, rows: Float32Array, count: number, offset: number, rng: Rng): void {
  const size = itemSizeOf(ds);
  for (let r = offset; r < offset + count; r++) {
    const item = rows.subarray(r * size, (r + 1) * size);
    if (ds.itemShape.length === 3) augmentImage(item.slice(), ds.itemShape[0], ds.itemShape[1], rng, item);
    else for (let t = 0; t < size; t++) item[t] += POINT_JITTER * rng.normal();
  }
}

export function createCrossExampleObjective(spec: TrainSpec, split: DataSplit, dataRng: Rng, ops: PairOps): Objective {
  const { train } = split;
  const kind = spec.loss as 'ssm' | 'snm' | 'ces' | 'cenm';
  const sampler = new PairSampler(train.y, Math.min(spec.batch, train.n), spec.pairs, dataRng);
  const augmentRng = dataRng.fork();
  // In instance mode every pair is its own class: instance ids label the TCM pairs.
  const ids = (n: number) => Int32Array.from({ length: n }, (_, i) => i);

  return {
    variables: [],
    classifier: null,
    batchNote: `${sampler.n} ${spec.pairs}-mode (query, document) pairs`,
    next() {
      const { queries, docs } = sampler.next();
      const n = queries.length;
      const inputs = gatherRows(train, queries, new Float32Array(2 * n * itemSizeOf(train)));
      gatherRows(train, docs, inputs, n);
      if (spec.pairs === 'instance') augmentRows(train, inputs, n, n, augmentRng);
      return { inputs, count: 2 * n, labels: Int32Array.from(queries, (q) => train.y[q]) };
    },
    loss(f, batch, alpha) {
      const n = batch.labels.length;
      const q = tf.slice(f, [0, 0], [n, -1]) as tf.Tensor2D;
      const d = tf.slice(f, [n, 0], [n, -1]) as tf.Tensor2D;
      // With TCM the cosines themselves are kept for it, and scaled for the base loss.
      const cos = spec.tcm === 'on' ? ops.scaledCosine(q, d, 1) : null;
      const s = cos ? (tf.mul(cos, alpha) as tf.Tensor2D) : ops.scaledCosine(q, d, alpha);
      const neg = pairNegatives(batch.labels, spec.pairs);
      const base = crossExampleLoss(kind, ops, s, neg, spec.rho);
      const y = spec.pairs === 'instance' ? ids(n) : batch.labels;
      const reg = cos && tcmTerm(spec, cos, y, y, 'cross');
      return reg ? tf.add(base, reg) : base;
    },
    dispose: () => undefined,
  };
}
