import { beforeAll, describe, expect, it } from 'vitest';
import { crossExampleLoss, type CrossExampleKind } from './crossExample';
import { tfjsPairOps } from '../ops/tfjsPairOps';
import { pairNegatives, type PairMode } from '../ops/negatives';
import {
  cenmLoss,
  cesLoss,
  globalTopK,
  negativeMask,
  pairSoftmaxLoss,
  rowTopK,
  snmLoss,
  ssmLoss,
} from '../reference/crossExample';
import { cosineMatrix, type Matrix } from '../reference/linalg';
import { Rng } from '../../data/rng';
import { randomMatrix, useCpuBackend } from '../ml.testkit';
import { f32, flat, gradError, numericGradientAt, pick, spotIndices, unflat, valueAndGrad } from './losses.testkit';

beforeAll(useCpuBackend);

const KINDS: CrossExampleKind[] = ['ssm', 'snm', 'ces', 'cenm'];

const REFERENCE = {
  ssm: (S: Matrix, y: Int32Array, mode: PairMode) => ssmLoss(S, y, mode),
  snm: (S: Matrix, y: Int32Array, mode: PairMode, rho: number) => snmLoss(S, y, mode, rho),
  ces: (S: Matrix, y: Int32Array, mode: PairMode) => cesLoss(S, y, mode),
  cenm: (S: Matrix, y: Int32Array, mode: PairMode, rho: number) => cenmLoss(S, y, mode, rho),
};

/**
 * Each row's negative set as flat indices, as the reference selects it at S — held fixed for the
 * finite differences, so they never cross a selection boundary.
 */
function fixedNegatives(kind: CrossExampleKind, S: Matrix, y: Int32Array, mode: PairMode, rho: number): number[][] {
  const n = S.length;
  const mask = negativeMask(y, mode);
  const own = mask.map((row, i) => row.flatMap((m, j) => (m ? [i * n + j] : [])));
  switch (kind) {
    case 'ssm':
      return own;
    case 'snm':
      return rowTopK(S, y, mode, rho).map((cols, i) => cols.map((j) => i * n + j));
    case 'ces':
      return S.map(() => own.flat());
    case 'cenm': {
      const sel = globalTopK(S, y, mode, rho);
      return S.map(() => sel);
    }
  }
}

/** tfjs value and gradient with respect to S. */
async function tfjsLoss(kind: CrossExampleKind, S: Matrix, y: Int32Array, mode: PairMode, rho: number) {
  const neg = pairNegatives(y, mode);
  const out = await valueAndGrad((s) => crossExampleLoss(kind, tfjsPairOps, s, neg, rho), S);
  neg.mask.dispose();
  return out;
}

/** Checks value and gradient against the reference at S (float32 values, so both see the same numbers). */
async function checkAgainstReference(
  kind: CrossExampleKind,
  S: Matrix,
  y: Int32Array,
  mode: PairMode,
  rho: number,
  rng: Rng,
): Promise<void> {
  const n = S.length;
  const { value, grad } = await tfjsLoss(kind, S, y, mode, rho);
  const want = REFERENCE[kind](S, y, mode, rho);
  const scale = Math.max(1, ...S.flat().map(Math.abs));
  expect(Math.abs(value - want)).toBeLessThan(2e-6 * scale);
  const negs = fixedNegatives(kind, S, y, mode, rho);
  const shared = kind === 'ces' || kind === 'cenm';
  // Every coordinate while cheap; otherwise the diagonal plus random entries.
  const idx = n <= 33 && !(shared && n > 16) ? [...Array(n * n).keys()] : spotIndices(rng, n, shared ? 16 : 300);
  // h = 1e-4: the loss sums N log-sum-exps of up to N² terms, so float64 rounding at h = 1e-6
  // (~1e-14·|L|/h) is already ~1e-8; the loss is smooth in S (fixed selection), truncation ~h².
  const ref = numericGradientAt((x) => pairSoftmaxLoss(unflat(x, n, n), negs), flat(S), idx, 1e-4);
  expect(gradError(pick(grad, idx), ref)).toBeLessThan(2e-3);
}

const randomLabels = (rng: Rng, n: number, classes: number) => Int32Array.from({ length: n }, () => rng.int(classes));
const randomS = (rng: Rng, n: number, d: number, scale: number): Matrix =>
  f32(cosineMatrix(randomMatrix(rng, n, d), randomMatrix(rng, n, d)).map((r) => r.map((c) => scale * c)));

describe('crossExampleLoss (tfjs) against the float64 reference', () => {
  for (const kind of KINDS) {
    for (const mode of ['class', 'instance'] as const) {
      for (const [n, d, scale] of [
        [1, 3, 20],
        [2, 4, 20],
        [7, 5, 20],
        [33, 16, 20],
        [64, 8, 64],
      ]) {
        it(`${kind} ${mode} N=${n} d=${d} λ=${scale}`, async () => {
          const rng = new Rng(n * 7 + d);
          const S = randomS(rng, n, d, scale);
          const y = randomLabels(rng, n, Math.max(2, n >> 2));
          for (const rho of kind === 'snm' || kind === 'cenm' ? [0.01, 0.5, 1] : [0.5]) {
            await checkAgainstReference(kind, S, y, mode, rho, rng);
          }
        });
      }
    }

    it(`${kind}: exact ties (integer-valued S and duplicate rows) — values and gradient follow the tie order`, async () => {
      const rng = new Rng(21);
      for (const n of [7, 16]) {
        const ints = Array.from({ length: n }, () => Array.from({ length: n }, () => rng.int(5) - 2));
        for (const rho of [0.3, 0.5]) {
          await checkAgainstReference(kind, ints, randomLabels(rng, n, 3), 'class', rho, rng);
          await checkAgainstReference(kind, ints, Int32Array.from({ length: n }, (_, i) => i), 'instance', rho, rng);
        }
      }
      const q = randomMatrix(rng, 8, 4);
      const dd = randomMatrix(rng, 8, 4);
      q[5] = q[2].slice();
      dd[5] = dd[2].slice();
      dd[7] = dd[0].slice();
      const dup = f32(cosineMatrix(q, dd).map((r) => r.map((c) => 20 * c)));
      await checkAgainstReference(kind, dup, Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7]), 'instance', 0.5, rng);
      await checkAgainstReference(kind, dup, Int32Array.from([0, 0, 1, 2, 2, 3, 4, 4]), 'class', 0.5, rng);
    });

    it(`${kind}: a one-item class, and huge scales (λ = 64, 1000) stay finite and exact`, async () => {
      const rng = new Rng(31);
      const y = Int32Array.from([5, 0, 0, 1, 1, 1, 2, 2, 3]);
      for (const scale of [64, 1000]) {
        const S = randomS(rng, 9, 6, scale);
        // Push two positives far below and one far above everything else.
        S[0][0] = -scale;
        S[4][4] = -scale;
        S[7][7] = scale;
        await checkAgainstReference(kind, S, y, 'class', 0.5, rng);
      }
    });

    it(`${kind}: no negatives at all gives 0 with a zero gradient`, async () => {
      const S = randomS(new Rng(2), 5, 3, 20);
      for (const [y, mode] of [
        [Int32Array.from([1, 1, 1, 1, 1]), 'class'],
        [Int32Array.from([4]), 'instance'],
      ] as const) {
        const SS = S.slice(0, y.length).map((r) => r.slice(0, y.length));
        const { value, grad } = await tfjsLoss(kind, SS, y, mode, 0.5);
        expect(value).toBe(0);
        expect(Array.from(grad)).toEqual(new Array(y.length * y.length).fill(0));
      }
    });
  }

  it('ρ = 1 mines everything: snm = ssm and cenm = ces', async () => {
    const rng = new Rng(8);
    const S = randomS(rng, 12, 5, 20);
    const y = randomLabels(rng, 12, 4);
    for (const [mined, full] of [
      ['snm', 'ssm'],
      ['cenm', 'ces'],
    ] as const) {
      const a = await tfjsLoss(mined, S, y, 'class', 1);
      const b = await tfjsLoss(full, S, y, 'class', 1);
      expect(a.value).toBe(b.value);
      expect(Array.from(a.grad)).toEqual(Array.from(b.grad));
    }
  });

  it('mining changes the loss (ρ = 0.5 differs from ρ = 1)', async () => {
    const rng = new Rng(12);
    // λ = 1: at large λ the dropped negatives weigh ~e^{−λ} and vanish in float32.
    const S = randomS(rng, 12, 5, 1);
    const y = randomLabels(rng, 12, 4);
    for (const kind of ['snm', 'cenm'] as const) {
      const a = await tfjsLoss(kind, S, y, 'instance', 0.5);
      const b = await tfjsLoss(kind, S, y, 'instance', 1);
      expect(a.value).toBeLessThan(b.value);
    }
  });
});
