import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../data/rng';
import { createSoftmaxHead, l2Rows, type HeadKind } from './heads';
import { softmaxCrossEntropy } from './losses/softmax';
import { headLogits, softmaxHeadLoss, hlnGrad } from './reference/softmaxHead';
import { numericGradient, maxRelError } from './reference/finiteDiff';
import { randomMatrix, toMatrix, transpose, useCpuBackend } from './ml.testkit';

beforeAll(useCpuBackend);

/** A head whose weights we set from a reference matrix W (M×d, rows = classes). */
function headWith(kind: HeadKind, W: number[][], bias?: number[]) {
  const head = createSoftmaxHead(kind, W[0].length, W.length, new Rng(0));
  const [w, b] = head.variables;
  w.assign(tf.tensor2d(transpose(W)));
  if (bias && b) b.assign(tf.tensor1d(bias));
  return head;
}

const maxAbsDiff = (a: number[][], b: number[][]) => Math.max(...a.flatMap((row, i) => row.map((v, j) => Math.abs(v - b[i][j]))));

describe('softmax heads against the float64 reference (SPEC: SM, LN, BN)', () => {
  const cases: Array<{ kind: HeadKind; alpha: number }> = [
    { kind: 'sm', alpha: 1 },
    { kind: 'ln', alpha: 0.25 },
    { kind: 'ln', alpha: 16 },
    { kind: 'ln', alpha: 64 },
    { kind: 'bn', alpha: 4 },
    { kind: 'bn', alpha: 32 },
  ];
  for (const { kind, alpha } of cases) {
    it(`${kind} at α=${alpha}: logits and mean cross-entropy`, async () => {
      const rng = new Rng(kind.length * 100 + alpha);
      const N = 17;
      const d = 5;
      const M = 7;
      const F = randomMatrix(rng, N, d, 2);
      const W = randomMatrix(rng, M, d);
      const y = Array.from({ length: N }, (_, i) => (i * 3) % M);
      const bias = kind === 'sm' ? Array.from({ length: M }, () => rng.normal()) : undefined;
      const head = headWith(kind, W, bias);
      const logitsT = head.logits(tf.tensor2d(F), alpha, true);
      const lossT = softmaxCrossEntropy(logitsT, tf.tensor1d(y, 'int32'));
      const ref = softmaxHeadLoss(kind, F, y, W, kind === 'sm' ? { bias } : { alpha });
      expect(maxAbsDiff(await toMatrix(logitsT), headLogits(kind, F, W, kind === 'sm' ? { bias } : { alpha }))).toBeLessThan(1e-4 * Math.max(1, alpha));
      expect((await lossT.data())[0]).toBeCloseTo(ref.loss, 4);
      head.dispose();
    });
  }

  it('stays finite at huge scales (log-sum-exp subtracts the maximum)', async () => {
    const rng = new Rng(5);
    const F = randomMatrix(rng, 8, 3);
    const W = randomMatrix(rng, 4, 3);
    const y = [0, 1, 2, 3, 0, 1, 2, 3];
    const head = headWith('ln', W);
    const loss = (await softmaxCrossEntropy(head.logits(tf.tensor2d(F), 1000, true), tf.tensor1d(y, 'int32')).data())[0];
    head.dispose();
    expect(Number.isFinite(loss)).toBe(true);
    expect(loss).toBeCloseTo(softmaxHeadLoss('ln', F, y, W, { alpha: 1000 }).loss, 1);
  });

  it('LN: tfjs autodiff gradient w.r.t. the embedding matches finite differences of the reference', async () => {
    const rng = new Rng(11);
    const N = 6;
    const d = 4;
    const M = 5;
    const F = randomMatrix(rng, N, d);
    const W = randomMatrix(rng, M, d);
    const y = [0, 1, 2, 3, 4, 0];
    const alpha = 8;
    const head = headWith('ln', W);
    const grad = tf.grad((f: tf.Tensor) => softmaxCrossEntropy(head.logits(f as tf.Tensor2D, alpha, true), tf.tensor1d(y, 'int32')));
    const g = await grad(tf.tensor2d(F)).data();
    const numeric = numericGradient(
      (x) => softmaxHeadLoss('ln', Array.from({ length: N }, (_, i) => Array.from(x.slice(i * d, (i + 1) * d))), y, W, { alpha }).loss,
      Float64Array.from(F.flat()),
    );
    expect(maxRelError(g, numeric, 1e-3)).toBeLessThan(2e-3);
  });

  it("LN: the gradient w.r.t. f̂ is HU's α Σ (p − q) ŵ", async () => {
    const rng = new Rng(12);
    const W = randomMatrix(rng, 4, 3);
    const fHat = l2Rows(tf.tensor2d(randomMatrix(rng, 1, 3)));
    const head = headWith('ln', W);
    const alpha = 16;
    const g = tf.grad((f: tf.Tensor) => softmaxCrossEntropy(head.logits(f as tf.Tensor2D, alpha, true), tf.tensor1d([2], 'int32')));
    // f̂ is already unit length, so the normalisation's Jacobian projects out the radial part only.
    const fh = Array.from(await fHat.data());
    const ours = Array.from(await g(fHat).data());
    const closed = hlnGrad(fh, 2, W, alpha);
    const radial = closed.reduce((acc, v, i) => acc + v * fh[i], 0);
    const tangential = closed.map((v, i) => v - radial * fh[i]);
    expect(maxRelError(ours, tangential, 1e-4)).toBeLessThan(1e-3);
  });

  it('BN: evaluation mode uses the running statistics, training updates them', async () => {
    const head = createSoftmaxHead('bn', 3, 4, new Rng(1));
    const f = tf.tensor2d(randomMatrix(new Rng(2), 32, 3, 5));
    const before = await toMatrix(head.feature(f, false));
    head.logits(f, 4, true); // one training-mode pass moves the running averages
    const after = await toMatrix(head.feature(f, false));
    expect(maxAbsDiff(before, after)).toBeGreaterThan(1e-3);
    // Evaluation mode is per-item: one row alone gives the same feature as within the batch.
    const single = await toMatrix(head.feature(f.slice([0, 0], [1, 3]) as tf.Tensor2D, false));
    expect(maxAbsDiff(single, [after[0]])).toBeLessThan(1e-6);
    head.dispose();
  });
});
