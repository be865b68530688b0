import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../data/rng';
import { makeToySplit } from '../data/toy';
import type { DataSplit, Dataset } from '../data/dataset';
import { closedSetOf, embedEvaluation } from './embedding';
import { EncoderCopy } from './encoderCopy';
import { Trainer, type TrainSpec } from './trainer';
import { TEST_SPEC, useCpuBackend } from './ml.testkit';

beforeAll(useCpuBackend);

const spec: TrainSpec = { ...TEST_SPEC, dim: 3, batch: 16 };
const toy = makeToySplit('blobs', { classes: 3, noise: 0.2, seed: 1, perClass: 40 });

/** Random 28×28 "images" of 4 classes: enough for the CNN's shapes. */
function images(n: number, seed: number): Dataset {
  const rng = new Rng(seed);
  return {
    x: Float32Array.from({ length: n * 784 }, () => rng.next()),
    y: Int32Array.from({ length: n }, (_, i) => i % 4),
    n,
    itemShape: [28, 28, 1],
    numClasses: 4,
  };
}
const imageSplit: DataSplit = { train: images(48, 1), evaluation: images(20, 2), description: 'random images' };

/** The copy of `t` (weights read back), embedding the evaluation set. */
async function copyOf(t: Trainer) {
  const copy = new EncoderCopy(t.spec, t.split.train.itemShape, t.split.train.numClasses);
  copy.load(await t.readEmbeddingVariables());
  return copy;
}

describe('EncoderCopy', () => {
  const cases: [string, Partial<TrainSpec>, DataSplit][] = [
    ['MLP, LN softmax', {}, toy],
    ['MLP, BN softmax (running statistics travel too)', { head: 'bn' }, toy],
    ['MLP, SM softmax (bias)', { head: 'sm' }, toy],
    ['MLP, ArcFace', { loss: 'arcface' }, toy],
    ['MLP, Cross-Example Softmax (no class weights)', { loss: 'ces' }, toy],
    ['CNN, BN softmax', { model: 'cnn', head: 'bn', batch: 8 }, imageSplit],
  ];
  for (const [name, change, split] of cases) {
    it(`embeds exactly as the run it was read from: ${name}`, async () => {
      const t = new Trainer({ ...spec, ...change }, split);
      for (let i = 0; i < 5; i++) await t.trainStep();
      const copy = await copyOf(t);
      const mine = await embedEvaluation(copy, t.step, split.evaluation, closedSetOf(split));
      const theirs = await t.evaluate();
      expect(Array.from(mine.embeddings)).toEqual(Array.from(theirs.embeddings));
      expect(Array.from(mine.weights)).toEqual(Array.from(theirs.weights));
      expect(mine.accuracy).toBe(theirs.accuracy);
      expect(mine.step).toBe(5);
      copy.dispose();
      t.dispose();
    });
  }

  it('without the BN running statistics it would embed differently (they are in the copy)', async () => {
    const t = new Trainer({ ...spec, head: 'bn' }, toy);
    for (let i = 0; i < 5; i++) await t.trainStep();
    const values = await t.readEmbeddingVariables();
    const copy = new EncoderCopy(t.spec, [2], 3);
    // The last two values are BN's running mean and variance; leave them at their start.
    copy.load([...values.slice(0, -2), new Float32Array(3), Float32Array.from([1, 1, 1])]);
    const stale = await embedEvaluation(copy, t.step, toy.evaluation, true);
    expect(Array.from(stale.embeddings)).not.toEqual(Array.from((await t.evaluate()).embeddings));
    copy.dispose();
    t.dispose();
  });

  it('refuses a variable list of another model, and frees every tensor it made', async () => {
    const before = tf.memory().numTensors;
    const copy = new EncoderCopy(spec, [2], 3);
    expect(() => copy.load([new Float32Array(4)])).toThrow(/variables/);
    copy.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
