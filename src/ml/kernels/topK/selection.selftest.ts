/**
 * Self-test cases of the selection kernels (run by kernel-tests.html against the float64
 * reference): `rowTopKMaskWgsl` (SNM) and `globalTopKMaskWgsl` (CENM) on tfjs's webgpu backend
 * must give EXACTLY the masks of the reference selections `rowTopK` / `globalTopK`
 * (`../../reference/crossExample.ts`), tie rule included. Every name contains 'select', so
 * `runKernelSelfTests('select')` runs just these.
 *
 * S is drawn from a seeded `Rng` and rounded to float32, so the GPU compares exactly the values
 * the reference sorts. Expected masks come from the reference in two ways: with ρ directly (the
 * reference's own k = ceil(ρ·n); the kernels get k from ops/topk.ts on the counts), and, for
 * arbitrary k (k = 0, mixed per-row k), as the first k of the reference's full ρ = 1 order.
 */
import * as tf from '@tensorflow/tfjs';
import type { CaseResult, KernelCase } from '../selftest/harness';
import { Rng } from '../../../data/rng';
import { globalTopK, negativeMask, rowTopK, type PairMode } from '../../reference/crossExample';
import { rowTopKCounts, topKCount } from '../../ops/topk';
import type { Negatives } from '../../ops/pairOps';
import { pairNegatives } from '../../ops/negatives';
import { rowTopKMaskWgsl } from './rowTopK';
import { globalTopKMaskWgsl } from './globalTopK';

/** How S's values are drawn. */
type Values =
  | { kind: 'uniform'; scale: number } // uniform in [−scale, scale): like a scaled cosine
  | { kind: 'wide' } // both signs, magnitudes 1e-6 … 1e6: exercises every key digit
  | { kind: 'ints'; lo: number; hi: number } // integers in [lo, hi]: massive ties
  | { kind: 'equal'; value: number } // all entries equal
  | { kind: 'zeros' }; // −0, +0 and a few small values: −0 and +0 must tie

/** How the labels are drawn (class mode) or ignored (instance mode). */
type Labels =
  | { mode: 'instance' }
  | { mode: 'class'; classes: number } // labels uniform in [0, classes)
  | { mode: 'class'; singleton: true } // one class of one item, the rest in 3 classes
  | { mode: 'class'; oneClass: true }; // a single class: no negatives at all

/** How many to select. */
type K = { rho: number } | { k: 'mixed' } | { k: 'zero' } | { k: 'one' };

interface Setup {
  n: number;
  values: Values;
  labels: Labels;
  k: K;
  seed: number;
  /**
   * 'ops': build the tensors the way the app does — the mask with `pairNegatives` (in class mode a
   * float32 tensor that tfjs backs with an INT buffer, cast from bool) and, for integer values, S
   * as a cast of an int32 tensor (also int-backed). Default: plain float32 uploads.
   */
  tensors?: 'ops';
}

function drawS(rng: Rng, n: number, v: Values): number[][] {
  const draw = (): number => {
    switch (v.kind) {
      case 'uniform':
        return v.scale * (2 * rng.next() - 1);
      case 'wide':
        return (rng.next() < 0.5 ? -1 : 1) * rng.next() * 10 ** (12 * rng.next() - 6);
      case 'ints':
        return v.lo + rng.int(v.hi - v.lo + 1);
      case 'equal':
        return v.value;
      case 'zeros': {
        const r = rng.int(6);
        return [-0, 0, -0, 0, 1.5, -1.5][r];
      }
    }
  };
  return Array.from({ length: n }, () => Array.from({ length: n }, () => Math.fround(draw())));
}

function drawLabels(rng: Rng, n: number, l: Labels): Int32Array {
  const y = new Int32Array(n);
  if (l.mode === 'instance') return y.map((_, i) => i);
  if ('oneClass' in l) return y;
  if ('singleton' in l) {
    for (let i = 0; i < n; i++) y[i] = rng.int(3);
    y[rng.int(n)] = 99;
    return y;
  }
  return y.map(() => rng.int(l.classes));
}

/** Negatives from the REFERENCE mask (so the kernels see exactly the reference's N_i). */
function referenceNegatives(y: Int32Array, mode: PairMode): Negatives {
  const m = negativeMask(y, mode);
  const n = y.length;
  const flat = new Float32Array(n * n);
  const rowCount = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) if (m[i][j]) flat[i * n + j] = 1;
    rowCount[i] = m[i].filter(Boolean).length;
  }
  return { mask: tf.tensor2d(flat, [n, n]), rowCount, total: rowCount.reduce((a, b) => a + b, 0) };
}

/** S and the negatives as tensors, per `setup.tensors`; every tensor made is passed to `keep`. */
function makeInputs(s: Setup, S: number[][], y: Int32Array, keep: (t: tf.Tensor) => void): { st: tf.Tensor2D; neg: Negatives } {
  const ref = referenceNegatives(y, s.labels.mode);
  keep(ref.mask);
  const flat = S.flat();
  if (s.tensors !== 'ops') {
    const st = tf.tensor2d(flat, [s.n, s.n]) as tf.Tensor2D;
    keep(st);
    return { st, neg: ref };
  }
  const neg = pairNegatives(y, s.labels.mode);
  keep(neg.mask);
  if (neg.total !== ref.total || neg.rowCount.some((c, i) => c !== ref.rowCount[i])) throw new Error('pairNegatives counts differ from the reference');
  const ints = flat.every((v) => Number.isInteger(v) && !Object.is(v, -0));
  const st = tf.tidy(() => (ints ? tf.cast(tf.tensor2d(flat, [s.n, s.n], 'int32'), 'float32') : tf.tensor2d(flat, [s.n, s.n]))) as tf.Tensor2D;
  keep(st);
  return { st, neg };
}

/** Compares a 0/1 mask tensor with the expected flat indices; exact. */
async function compareMask(mask: tf.Tensor, n: number, expected: Iterable<number>): Promise<CaseResult> {
  const want = new Float32Array(n * n);
  for (const f of expected) want[f] = 1;
  const got = await mask.data();
  if (mask.shape[0] !== n || mask.shape[1] !== n) return { ok: false, detail: `shape [${mask.shape}]` };
  let bad = 0;
  let first = '';
  let selected = 0;
  for (let f = 0; f < n * n; f++) {
    if (got[f] !== 0) selected++;
    if (got[f] !== want[f]) {
      if (!bad) first = `first at (${Math.floor(f / n)}, ${f % n}): got ${got[f]}, want ${want[f]}`;
      bad++;
    }
  }
  const wanted = want.reduce((a, b) => a + b, 0);
  return bad === 0
    ? { ok: true, maxErr: 0, detail: `${selected} selected` }
    : { ok: false, maxErr: 1, detail: `${bad} entries differ, selected ${selected} want ${wanted}; ${first}` };
}

function describe(s: Setup): string {
  const v = s.values;
  const vs = v.kind === 'uniform' ? `uniform±${v.scale}` : v.kind === 'ints' ? `ints ${v.lo}..${v.hi}` : v.kind === 'equal' ? `all=${v.value}` : v.kind;
  const l = s.labels;
  const ls = l.mode === 'instance' ? 'instance' : 'oneClass' in l ? 'class, one class' : 'singleton' in l ? 'class, a class of one' : `class ×${l.classes}`;
  const ks = 'rho' in s.k ? `ρ=${s.k.rho}` : `k=${s.k.k}`;
  return `N=${s.n} ${ls} ${vs} ${ks}${s.tensors === 'ops' ? ' (pairNegatives mask, int-backed tensors)' : ''}`;
}

/** Runs `body` and disposes every tensor it created, even on failure. */
async function scoped<T>(body: (keep: (t: tf.Tensor) => void) => Promise<T>): Promise<T> {
  const own: tf.Tensor[] = [];
  try {
    return await body((t) => own.push(t));
  } finally {
    for (const t of own) t.dispose();
  }
}

function rowCase(s: Setup): KernelCase {
  return {
    name: `select rowTopK ${describe(s)}`,
    run: () =>
      scoped(async (keep) => {
        const rng = new Rng(s.seed);
        const S = drawS(rng, s.n, s.values);
        const y = drawLabels(rng, s.n, s.labels);
        const { st, neg } = makeInputs(s, S, y, keep);
        let k: Int32Array;
        let expected: number[][];
        if ('rho' in s.k) {
          k = rowTopKCounts(s.k.rho, neg.rowCount);
          expected = rowTopK(S, y, s.labels.mode, s.k.rho);
        } else {
          const order = rowTopK(S, y, s.labels.mode, 1);
          const kk = s.k.k;
          k = neg.rowCount.map((c, i) => (kk === 'zero' ? 0 : kk === 'one' ? Math.min(1, c) : i % 5 === 0 ? 0 : i % 5 === 1 ? c : rng.int(c + 1)));
          expected = order.map((cols, i) => cols.slice(0, k[i]));
        }
        const mask = rowTopKMaskWgsl(st, neg, k);
        keep(mask);
        return compareMask(mask, s.n, expected.flatMap((cols, i) => cols.map((j) => i * s.n + j)));
      }),
  };
}

function globalCase(s: Setup): KernelCase {
  return {
    name: `select globalTopK ${describe(s)}`,
    run: () =>
      scoped(async (keep) => {
        const rng = new Rng(s.seed);
        const S = drawS(rng, s.n, s.values);
        const y = drawLabels(rng, s.n, s.labels);
        const { st, neg } = makeInputs(s, S, y, keep);
        let k: number;
        let expected: number[];
        if ('rho' in s.k) {
          k = topKCount(s.k.rho, neg.total);
          expected = globalTopK(S, y, s.labels.mode, s.k.rho);
        } else {
          const order = globalTopK(S, y, s.labels.mode, 1);
          k = s.k.k === 'zero' ? 0 : s.k.k === 'one' ? Math.min(1, neg.total) : rng.int(neg.total + 1);
          expected = order.slice(0, k);
        }
        const t0 = performance.now();
        const mask = globalTopKMaskWgsl(st, neg, k);
        keep(mask);
        const r = await compareMask(mask, s.n, expected);
        return { ...r, detail: `${r.detail}; k=${k}; ${(performance.now() - t0).toFixed(0)} ms incl. read-back` };
      }),
  };
}

/** tf.grad through a loss that uses the mask: must work, and d(Σ mask·s)/ds must be the mask. */
function gradCase(which: 'row' | 'global'): KernelCase {
  return {
    name: `select ${which}TopK under tf.grad (no gradient through the selection)`,
    run: () =>
      scoped(async (keep) => {
        const n = 33;
        const rng = new Rng(77);
        const S = drawS(rng, n, { kind: 'uniform', scale: 20 });
        const y = drawLabels(rng, n, { mode: 'class', classes: 4 });
        const neg = referenceNegatives(y, 'class');
        keep(neg.mask);
        const st = tf.tensor2d(S.flat(), [n, n]) as tf.Tensor2D;
        keep(st);
        const select = (s: tf.Tensor2D): tf.Tensor2D =>
          which === 'row' ? rowTopKMaskWgsl(s, neg, rowTopKCounts(0.5, neg.rowCount)) : globalTopKMaskWgsl(s, neg, topKCount(0.5, neg.total));
        // A loss in the shape of SNM/CENM: the selection is taken inside the differentiated function.
        const [loss, g] = tf.tidy(() => {
          const f = (s: tf.Tensor) => tf.sum(tf.mul(select(s as tf.Tensor2D), s)) as tf.Scalar;
          const { value, grad } = tf.valueAndGrad(f)(st);
          return [value, grad];
        });
        keep(loss);
        keep(g);
        const mask = select(st);
        keep(mask);
        const [gv, mv] = await Promise.all([g.data(), mask.data()]);
        let maxErr = 0;
        for (let i = 0; i < gv.length; i++) maxErr = Math.max(maxErr, Math.abs(gv[i] - mv[i]));
        let ones = 0;
        for (let i = 0; i < mv.length; i++) ones += mv[i];
        return { ok: maxErr === 0 && ones > 0 && Number.isFinite((await loss.data())[0]), maxErr, detail: `grad == mask (${ones} ones)` };
      }),
  };
}

const setups: Array<[kind: 'row' | 'global' | 'both', Setup]> = [
  ['both', { n: 1, values: { kind: 'uniform', scale: 20 }, labels: { mode: 'instance' }, k: { rho: 0.5 }, seed: 1 }],
  ['both', { n: 2, values: { kind: 'uniform', scale: 20 }, labels: { mode: 'instance' }, k: { rho: 1 }, seed: 2 }],
  ['both', { n: 2, values: { kind: 'uniform', scale: 20 }, labels: { mode: 'instance' }, k: { k: 'one' }, seed: 3 }],
  ['both', { n: 7, values: { kind: 'uniform', scale: 20 }, labels: { mode: 'class', classes: 3 }, k: { rho: 0.5 }, seed: 4 }],
  ['both', { n: 33, values: { kind: 'uniform', scale: 20 }, labels: { mode: 'class', singleton: true }, k: { rho: 0.5 }, seed: 5 }],
  ['both', { n: 33, values: { kind: 'uniform', scale: 64 }, labels: { mode: 'class', singleton: true }, k: { k: 'one' }, seed: 6 }],
  ['both', { n: 64, values: { kind: 'uniform', scale: 20 }, labels: { mode: 'class', oneClass: true }, k: { rho: 0.5 }, seed: 7 }],
  ['both', { n: 64, values: { kind: 'zeros' }, labels: { mode: 'instance' }, k: { rho: 0.5 }, seed: 8 }],
  ['both', { n: 64, values: { kind: 'wide' }, labels: { mode: 'class', classes: 5 }, k: { k: 'mixed' }, seed: 9 }],
  ['both', { n: 129, values: { kind: 'uniform', scale: 64 }, labels: { mode: 'instance' }, k: { rho: 0.5 }, seed: 10 }],
  ['both', { n: 129, values: { kind: 'ints', lo: -3, hi: 3 }, labels: { mode: 'class', classes: 10 }, k: { rho: 0.5 }, seed: 11 }],
  ['both', { n: 129, values: { kind: 'equal', value: -2.5 }, labels: { mode: 'instance' }, k: { k: 'mixed' }, seed: 12 }],
  ['both', { n: 129, values: { kind: 'uniform', scale: 20 }, labels: { mode: 'class', classes: 8 }, k: { k: 'zero' }, seed: 13 }],
  ['both', { n: 300, values: { kind: 'uniform', scale: 20 }, labels: { mode: 'class', classes: 10 }, k: { rho: 0.5 }, seed: 14 }],
  ['both', { n: 300, values: { kind: 'ints', lo: 0, hi: 1 }, labels: { mode: 'instance' }, k: { rho: 1 }, seed: 15 }],
  ['both', { n: 300, values: { kind: 'equal', value: 0 }, labels: { mode: 'class', classes: 7 }, k: { rho: 0.5 }, seed: 16 }],
  ['global', { n: 300, values: { kind: 'ints', lo: -2, hi: 2 }, labels: { mode: 'instance' }, k: { k: 'mixed' }, seed: 17 }],
  ['global', { n: 300, values: { kind: 'wide' }, labels: { mode: 'class', singleton: true }, k: { k: 'one' }, seed: 18 }],
  ['both', { n: 129, values: { kind: 'ints', lo: -4, hi: 4 }, labels: { mode: 'class', classes: 6 }, k: { rho: 0.5 }, seed: 19, tensors: 'ops' }],
  ['both', { n: 64, values: { kind: 'uniform', scale: 20 }, labels: { mode: 'class', classes: 3 }, k: { k: 'mixed' }, seed: 20, tensors: 'ops' }],
];

/** k outside [0, |N_i|] (or [0, |N_B|]) is a caller bug: rejected before anything runs on the GPU. */
const rejectCase: KernelCase = {
  name: 'select rowTopK/globalTopK reject k outside [0, count]',
  run: () =>
    scoped(async (keep) => {
      const y = Int32Array.from([0, 0, 1, 2]);
      const neg = referenceNegatives(y, 'class');
      keep(neg.mask);
      const st = tf.tensor2d(drawS(new Rng(5), 4, { kind: 'uniform', scale: 20 }).flat(), [4, 4]) as tf.Tensor2D;
      keep(st);
      const throws = (f: () => tf.Tensor): boolean => {
        try {
          keep(f());
          return false;
        } catch {
          return true;
        }
      };
      const bad = [
        throws(() => rowTopKMaskWgsl(st, neg, Int32Array.from([3, 2, 3, 3]))), // row 0 has 2 negatives
        throws(() => rowTopKMaskWgsl(st, neg, Int32Array.from([1, 1, -1, 1]))),
        throws(() => rowTopKMaskWgsl(st, neg, Int32Array.from([1, 1, 1]))),
        throws(() => globalTopKMaskWgsl(st, neg, neg.total + 1)),
        throws(() => globalTopKMaskWgsl(st, neg, -1)),
        throws(() => globalTopKMaskWgsl(st, neg, 1.5)),
      ];
      const ok = bad.every(Boolean);
      return { ok, detail: ok ? 'all rejected' : `not rejected: ${bad.map((b, i) => (b ? '' : i)).join(' ')}` };
    }),
};

export const selectionCases: KernelCase[] = [
  ...setups.flatMap(([kind, s]) => [
    ...(kind !== 'global' ? [rowCase(s)] : []),
    ...(kind !== 'row' ? [globalCase(s)] : []),
  ]),
  gradCase('row'),
  gradCase('global'),
  rejectCase,
];
