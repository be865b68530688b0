import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../data/rng';
import { makeToySplit } from '../data/toy';
import { createEncoder } from './encoders';
import { Trainer, type TrainSpec } from './trainer';
import { TEST_SPEC, useCpuBackend } from './ml.testkit';

beforeAll(useCpuBackend);

const spec: TrainSpec = TEST_SPEC;
const split = makeToySplit('blobs', { classes: 3, noise: 0.2, seed: 1, perClass: 60 });

async function losses(t: Trainer, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await t.trainStep()).loss);
  return out;
}

describe('encoders', () => {
  it('map a batch to [B, dim] (MLP on points, CNN on 28×28 images)', () => {
    const mlp = createEncoder('mlp', [2], 5, new Rng(1));
    expect(mlp.apply(tf.zeros([4, 2])).shape).toEqual([4, 5]);
    const cnn = createEncoder('cnn', [28, 28, 1], 3, new Rng(1));
    expect(cnn.kind).toBe('cnn');
    expect(cnn.apply(tf.zeros([2, 784])).shape).toEqual([2, 3]);
    // A CNN on non-image data falls back to the MLP, and says so through `kind`.
    expect(createEncoder('cnn', [2], 3, new Rng(1)).kind).toBe('mlp');
  });
  it('draw the same weights from the same seed', async () => {
    const a = await createEncoder('mlp', [2], 4, new Rng(9)).variables[0].data();
    const b = await createEncoder('mlp', [2], 4, new Rng(9)).variables[0].data();
    const c = await createEncoder('mlp', [2], 4, new Rng(10)).variables[0].data();
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a)).not.toEqual(Array.from(c));
  });
});

describe('Trainer', () => {
  it('reproduces a run from its seeds, and another init seed gives another run', async () => {
    const a = new Trainer(spec, split);
    const b = new Trainer(spec, split);
    const c = new Trainer({ ...spec, seed: 99 }, split);
    const la = await losses(a, 6);
    expect(await losses(b, 6)).toEqual(la);
    expect(await losses(c, 6)).not.toEqual(la);
    [a, b, c].forEach((t) => t.dispose());
  });

  it('lowers the loss and learns the toy set', async () => {
    // α = 4: at α = 16 an LN head on 3 blobs sometimes parks two class weights on one direction,
    // where those classes' samples get no gradient (p₁ = p₂) — real dynamics, not what this tests.
    const t = new Trainer({ ...spec, alpha: 4 }, split);
    const l = await losses(t, 120);
    const head = l.slice(0, 10).reduce((x, y) => x + y) / 10;
    const tail = l.slice(-10).reduce((x, y) => x + y) / 10;
    expect(tail).toBeLessThan(head * 0.5);
    const ev = await t.evaluate();
    expect(ev.accuracy).toBeGreaterThan(0.8);
    expect(ev.n).toBe(split.evaluation.n);
    // Embeddings and weights come back l2-normalised.
    for (let i = 0; i < ev.n; i += 17) expect(Math.hypot(ev.embeddings[2 * i], ev.embeddings[2 * i + 1])).toBeCloseTo(1, 4);
    t.dispose();
  });

  it('keeps the tensor count flat across steps and evaluations, and frees everything on dispose', async () => {
    const before = tf.memory().numTensors;
    const t = new Trainer({ ...spec, head: 'bn' }, split);
    await losses(t, 3);
    await t.evaluate();
    const settled = tf.memory().numTensors;
    await losses(t, 25);
    await t.evaluate();
    expect(tf.memory().numTensors).toBe(settled);
    t.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });

  it('applies heating-up: α and the learning rate change at heatAt', async () => {
    const t = new Trainer({ ...spec, heat: 'step', heatAt: 3, alpha2: 4, heatLr: 0.1 }, split);
    const pts = [];
    for (let i = 0; i < 5; i++) pts.push(await t.trainStep());
    expect(pts.map((p) => p.alpha)).toEqual([16, 16, 16, 4, 4]);
    expect(pts[4].lr).toBeCloseTo(0.001, 12);
    t.dispose();
  });

  it('reports no nearest-weight accuracy on an open-world split (unseen classes)', async () => {
    const open = { ...split, evaluation: { ...split.evaluation, y: split.evaluation.y.map(() => 7), numClasses: 8 } };
    const t = new Trainer(spec, open);
    expect((await t.evaluate()).accuracy).toBeNull();
    t.dispose();
  });
});

describe('every loss trains (composite ops, cpu backend)', () => {
  const kinds = ['softmax', 'arcface', 'cosface', 'ssm', 'snm', 'ces', 'cenm', 'contrastive', 'triplet'] as const;
  const blobs = makeToySplit('blobs', { classes: 4, noise: 0.1, seed: 2, perClass: 60 });
  for (const loss of kinds) {
    for (const tcm of ['off', 'on'] as const) {
      it(`${loss}${tcm === 'on' ? ' + TCM' : ''}: the loss falls, nothing leaks`, async () => {
        const s: TrainSpec = { ...spec, loss, tcm, dim: 4, alpha: loss === 'softmax' ? 4 : 16, batch: 32, pairs: 'class' };
        const t = new Trainer(s, blobs);
        await losses(t, 2);
        const settled = tf.memory().numTensors;
        const l = await losses(t, 60);
        expect(l.every(Number.isFinite)).toBe(true);
        const head = l.slice(0, 8).reduce((a, b) => a + b) / 8;
        const tail = l.slice(-8).reduce((a, b) => a + b) / 8;
        // A margin loss can already be 0 on well-separated blobs; otherwise it must fall.
        if (head > 1e-6) expect(tail).toBeLessThan(head);
        else expect(tail).toBeLessThanOrEqual(1e-6);
        expect(tf.memory().numTensors).toBe(settled);
        t.dispose();
      });
    }
  }

  it('instance-mode pairs train on images too (augmented views)', async () => {
    const images = {
      train: { x: Float32Array.from({ length: 40 * 784 }, (_, i) => ((i * 7919) % 97) / 97), y: Int32Array.from({ length: 40 }, (_, i) => i % 4), n: 40, itemShape: [28, 28, 1], numClasses: 4 },
      evaluation: { x: new Float32Array(8 * 784), y: Int32Array.from({ length: 8 }, (_, i) => i % 4), n: 8, itemShape: [28, 28, 1], numClasses: 4 },
      description: 'synthetic images',
    };
    const t = new Trainer({ ...spec, loss: 'ces', pairs: 'instance', batch: 16, dim: 8 }, images);
    const l = await losses(t, 3);
    expect(l.every(Number.isFinite)).toBe(true);
    t.dispose();
  });
});

describe('checkpoint and restore (a lost GPU device continues on another backend)', () => {
  it.each([
    ['softmax (class weights)', {}],
    ['cross-example softmax', { loss: 'ces', dim: 4 }],
    ['contrastive P×K', { loss: 'contrastive' }],
  ] as const)('%s: a fresh run restored from step 12 trains on exactly as the original', async (_, extra) => {
    const s = { ...spec, ...extra } as TrainSpec;
    const original = new Trainer(s, split);
    await losses(original, 12);
    const cp = await original.checkpoint();
    expect(cp.step).toBe(12);
    const ahead = await losses(original, 6);

    const before = tf.memory().numTensors;
    const resumed = new Trainer(s, split);
    await resumed.restore(cp);
    expect(resumed.step).toBe(12);
    const again = await losses(resumed, 6);
    expect(again).toEqual(ahead);
    expect((await resumed.trainStep()).step).toBe(19);
    resumed.dispose();
    // Restoring left nothing behind.
    expect(tf.memory().numTensors).toBe(before);
    original.dispose();
  });
});
