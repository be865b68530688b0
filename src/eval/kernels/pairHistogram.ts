/**
 * All-pairs cosine histograms on WebGPU: the WGSL producer of {@link PairHistograms} (SPEC
 * "Evaluation"), with the same output as `accumulateJs` / `accumulateTf` (src/eval/pairs/accumulate.ts),
 * computed by `pairHistogram.wgsl` inside tfjs's webgpu backend (src/ml/kernels/program.ts).
 * The rows are l2-normalised in float64 as accumulate.ts does, then rounded to float32, so only pairs
 * within float rounding of a bin edge can land in the adjacent bin; every total is identical.
 * One zero-filled int32 counter tensor is the atomic program's `output` for every tile (tfjs pools
 * buffers: ENVIRONMENT.md pitfall 5); the counter layouts are described in {@link counterLayout} and the WGSL.
 * Webgpu backend only. Every tensor it creates is disposed before it returns or throws.
 */
import * as tf from '@tensorflow/tfjs';
import { normaliseRows } from '../pairs/accumulate';
import { DEFAULT_BINS, emptyHistograms, type PairHistograms } from '../pairs/pairHistograms';
import { flushAndWait, groups, runKernel, webgpuBackend } from '../../ml/kernels/program';
import source from './pairHistogram.wgsl?raw';

/** Rows of one a-block / b-block: a dispatch covers at most TILE × TILE pairs. */
export const TILE = 1024;
/** Rows a × rows b per invocation (the 8 × 8 register tile of the WGSL). */
const REG_A = 8;
const REG_B = 8;
const WORKGROUP: [number, number, number] = [8, 8, 1];
/** Largest counter buffer (in int32 counters) for the one-atomic-per-pair layout (64 MiB). */
export const PAIR_KEY_MAX_COUNTERS = 16 << 20;
/** Most copies of the counters (workgroups spread their atomics over them, summed on readback). */
export const MAX_COPIES = 8;
/** Default time between two calls of `between` / `onProgress`, in milliseconds. */
const YIELD_MS = 50;

export interface WgslAccumulateOptions {
  /** Awaited between tiles (≈ every `yieldMs`) so a worker can process messages. */
  between?: () => Promise<void>;
  /** Fraction of pairs done, in [0, 1]; called at every yield and once at the end with 1. */
  onProgress?: (fraction: number) => void;
  /** Minimum time between two yields, in milliseconds (default 50; 0 = after every tile). */
  yieldMs?: number;
  /** Rows per tile side (default {@link TILE}; rounded up to a multiple of 32). For tests. */
  tile?: number;
  /** Copies of the counters (default: up to {@link MAX_COPIES} within the memory cap). For tests. */
  copies?: number;
  /** Force a counter layout: 'pair' (one atomic per pair) or 'class' (pos/neg rows). For tests. */
  layout?: 'pair' | 'class';
  /** The rows already l2-normalised by `normaliseRows` (as accumulate.ts's option). */
  unit?: Float64Array;
  /** Most pairs counted between two readbacks of the counters (default 2³¹ − 1, what an int32 holds). For tests. */
  flushPairs?: number;
}

const now = (): number => performance.now();

/** How the counters are laid out (see the WGSL): one row per class pair or pos/neg rows per class, `copies` times. */
interface CounterLayout {
  /** One atomic per pair: a row per unordered class pair (p ≤ q); otherwise a pos and a neg row per class. */
  pairKey: boolean;
  rows: number;
  copies: number;
}

/** The checks on the arguments, and the histograms with their class counts filled in (all else zero). */
function checkedHistograms(emb: Float32Array, labels: Int32Array, n: number, d: number, numClasses: number, bins: number): PairHistograms {
  if (!(Number.isInteger(n) && n >= 0 && Number.isInteger(d) && d >= 1)) throw new RangeError(`bad shape n=${n}, d=${d}`);
  if (emb.length < n * d || labels.length < n) throw new RangeError('accumulateWgsl: emb / labels shorter than n·d / n');
  if (!(Number.isInteger(bins) && bins >= 1)) throw new RangeError(`bad bins ${bins}`);
  const h = emptyHistograms(numClasses, bins);
  for (let i = 0; i < n; i++) {
    const y = labels[i];
    if (!(Number.isInteger(y) && y >= 0 && y < numClasses)) {
      throw new RangeError(`label ${y} of item ${i} is outside 0 … ${numClasses - 1}`);
    }
    h.classCount[y]++;
  }
  return h;
}

/**
 * The pair-key layout (one atomic per pair) when its counters fit {@link PAIR_KEY_MAX_COUNTERS}, else pos/neg
 * rows per class (two atomics per negative pair); copied up to {@link MAX_COPIES} times within the same cap,
 * so the CPU adapter's threads do not contend for cache lines (the copies are summed on readback).
 */
function counterLayout(C: number, bins: number, opts?: WgslAccumulateOptions): CounterLayout {
  const pairKey = opts?.layout ? opts.layout === 'pair' : C * C * bins <= PAIR_KEY_MAX_COUNTERS;
  const rows = pairKey ? C * C : 2 * C;
  const copies = opts?.copies ?? Math.max(1, Math.min(MAX_COPIES, Math.floor(PAIR_KEY_MAX_COUNTERS / (rows * bins))));
  return { pairKey, rows, copies };
}

/** The l2-normalised rows (float64 → float32), zero-padded to K = 4·⌈d/4⌉ columns for the WGSL's vec4 loads. */
function paddedRows(emb: Float32Array, n: number, d: number, unit?: Float64Array): { xf: Float32Array; K: number } {
  const K = Math.ceil(d / 4) * 4;
  const xn = unit ?? normaliseRows(emb, n, d);
  const xf = new Float32Array(n * K);
  for (let r = 0; r < n; r++) for (let t = 0; t < d; t++) xf[r * K + t] = xn[r * d + t];
  return { xf, K };
}

/** One pair tile: rows [a0, a0 + wa) against [b0, b0 + wb), added into `counters` (the atomic program's output). */
interface Tile {
  a0: number;
  wa: number;
  b0: number;
  wb: number;
}

/** Dispatches the WGSL on one tile, adding into `counters`. */
function dispatchTile(x: tf.Tensor, lab: tf.Tensor, counters: tf.Tensor, t: Tile, layout: CounterLayout, C: number, bins: number): void {
  const { pairKey, rows, copies } = layout;
  const out = runKernel({
    name: 'mp_pair_histogram_8x8',
    source,
    inputs: [x, lab],
    variableNames: ['X', 'L'],
    variableComponents: [4, 1],
    outputShape: [copies * rows, bins],
    dtype: 'int32',
    workgroupSize: WORKGROUP,
    dispatch: [groups(groups(t.wb, REG_B), WORKGROUP[0]), groups(groups(t.wa, REG_A), WORKGROUP[1]), 1],
    flat: false,
    atomic: true,
    output: counters,
    uniforms: 'a0 : i32, aEnd : i32, b0 : i32, bEnd : i32, bins : i32, classes : i32, half : f32, mode : i32, rows : i32, copies : i32,',
    uniformData: [
      { type: 'int32', data: [t.a0] },
      { type: 'int32', data: [t.a0 + t.wa] },
      { type: 'int32', data: [t.b0] },
      { type: 'int32', data: [t.b0 + t.wb] },
      { type: 'int32', data: [bins] },
      { type: 'int32', data: [C] },
      { type: 'float32', data: [bins / 2] },
      { type: 'int32', data: [pairKey ? 0 : 1] },
      { type: 'int32', data: [rows] },
      { type: 'int32', data: [copies] },
    ],
  });
  out.dispose(); // the counters keep their own reference (see runKernel's `output`)
}

/** The tiles of the upper triangle (a-block I ≤ b-block J), in dispatch order, with the pairs each counts. */
function* upperTiles(n: number, tile: number): Generator<Tile & { pairs: number }> {
  const blocks = Math.ceil(n / tile);
  for (let I = 0; I < blocks; I++) {
    const a0 = I * tile;
    const wa = Math.min(n, a0 + tile) - a0;
    for (let J = I; J < blocks; J++) {
      const b0 = J * tile;
      const wb = Math.min(n, b0 + tile) - b0;
      yield { a0, wa, b0, wb, pairs: I === J ? (wa * (wa - 1)) / 2 : wa * wb };
    }
  }
}

/**
 * Every pair's count on the GPU, summed over the counters' copies into float64 (`rows × bins`). The
 * counters are read back at the end, and before a counter could pass 2³¹ − 1 (then zeroed), so any
 * n is counted; one tile is in the GPU queue at a time, and `between` / `onProgress` run every ≈ `yieldMs`.
 */
async function countPairs(xf: Float32Array, K: number, labels: Int32Array, n: number, C: number, bins: number, layout: CounterLayout, opts?: WgslAccumulateOptions): Promise<Float64Array> {
  const { rows, copies } = layout;
  const tile = Math.max(32, Math.ceil((opts?.tile ?? TILE) / 32) * 32);
  const yieldMs = opts?.yieldMs ?? YIELD_MS;
  const total = (n * (n - 1)) / 2;
  const flushPairs = opts?.flushPairs ?? 2 ** 31 - 1;
  const counts = new Float64Array(rows * bins);
  const owned: tf.Tensor[] = [];
  let counters: tf.Tensor | null = null;
  /** The counters' copies added into `counts`; then fresh zeroed counters. */
  const flush = async (again: boolean) => {
    const all = (await counters!.data()) as Int32Array;
    for (let c = 0; c < copies; c++) {
      const o = c * rows * bins;
      for (let i = 0; i < rows * bins; i++) counts[i] += all[o + i];
    }
    counters!.dispose();
    counters = again ? tf.zeros([copies * rows, bins], 'int32') : null;
  };
  try {
    const x = tf.tensor2d(xf, [n, K]);
    owned.push(x);
    const lab = tf.tensor1d(labels.subarray(0, n), 'int32');
    owned.push(lab);
    counters = tf.zeros([copies * rows, bins], 'int32');

    let done = 0;
    let pending = 0; // pairs counted since the counters were zeroed
    let last = now();
    for (const t of upperTiles(n, tile)) {
      if (pending > 0 && pending + t.pairs > flushPairs) {
        await flush(true);
        pending = 0;
      }
      pending += t.pairs;
      dispatchTile(x, lab, counters!, t, layout, C, bins);
      await flushAndWait();
      done += t.pairs;
      if ((opts?.between || opts?.onProgress) && now() - last >= yieldMs) {
        opts.onProgress?.(done / total);
        if (opts.between) await opts.between();
        last = now();
      }
    }
    await flush(false);
  } finally {
    for (const t of owned) t.dispose();
    (counters as tf.Tensor | null)?.dispose();
  }
  return counts;
}

/** The summed counters into `h`'s pos and neg rows: per class pair (pos on the diagonal, neg to both classes) or per class. */
function countersToHistograms(counts: Float64Array, h: PairHistograms, C: number, bins: number, pairKey: boolean): void {
  const { pos, neg } = h;
  if (pairKey) {
    for (let p = 0; p < C; p++) {
      for (let q = p; q < C; q++) {
        const src = (p * C + q) * bins;
        if (p === q) {
          const dst = p * bins;
          for (let k = 0; k < bins; k++) pos[dst + k] = counts[src + k];
        } else {
          const dp = p * bins;
          const dq = q * bins;
          for (let k = 0; k < bins; k++) {
            const v = counts[src + k];
            neg[dp + k] += v;
            neg[dq + k] += v;
          }
        }
      }
    }
  } else {
    for (let t = 0; t < C; t++) {
      const sp = 2 * t * bins;
      const sn = sp + bins;
      for (let k = 0; k < bins; k++) {
        pos[t * bins + k] = counts[sp + k];
        neg[t * bins + k] = counts[sn + k];
      }
    }
  }
}

/**
 * All-pairs cosine histograms with WGSL on tfjs's webgpu backend. `emb` is n×d row-major (l2-
 * normalised here), `labels` in 0 … numClasses − 1, `bins` cosine bins over [−1, 1].
 */
export async function accumulateWgsl(
  emb: Float32Array,
  labels: Int32Array,
  n: number,
  d: number,
  numClasses: number,
  bins = DEFAULT_BINS,
  opts?: WgslAccumulateOptions,
): Promise<PairHistograms> {
  webgpuBackend(); // throws unless the webgpu backend is active
  const h = checkedHistograms(emb, labels, n, d, numClasses, bins);
  if (n < 2) {
    opts?.onProgress?.(1);
    return h;
  }
  const layout = counterLayout(numClasses, bins, opts);
  const { xf, K } = paddedRows(emb, n, d, opts?.unit);
  const counts = await countPairs(xf, K, labels, n, numClasses, bins, layout, opts);
  countersToHistograms(counts, h, numClasses, bins, layout.pairKey);
  opts?.onProgress?.(1);
  return h;
}
