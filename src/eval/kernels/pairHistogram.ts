/**
 * All-pairs cosine histograms on WebGPU (the WGSL producer of {@link PairHistograms}, SPEC
 * "Evaluation"): the same output as `accumulateJs` / `accumulateTf` (src/eval/pairs/accumulate.ts),
 * computed by `pairHistogram.wgsl` inside tfjs's webgpu backend (src/ml/kernels/program.ts).
 *
 * Steps:
 * 1. l2-normalise the rows in float64 with `normaliseRows` (as accumulate.ts does), round to
 *    float32, zero-pad to K = 4·⌈d/4⌉ columns and upload once as X [n, K]; labels as L [n].
 * 2. One zero-filled int32 counter tensor, passed as the atomic program's `output` to every
 *    dispatch (tfjs pools buffers, ENVIRONMENT.md pitfall 5), accumulates all tiles.
 * 3. The upper triangle in TILE × TILE pair tiles (a-block I ≤ b-block J), one dispatch per tile;
 *    after each tile `flushAndWait()` (so the GPU queue never holds more than one tile) and, every
 *    ≈ `yieldMs`, `onProgress` / `between` so a worker stays responsive.
 * 4. The counters are read back at the end (`await data()`, never dataSync), added into float64
 *    totals and converted to Float64Array pos/neg; also before a counter could pass 2³¹ − 1 (after
 *    ~2·10⁹ pairs), when they are added in and zeroed, so any n is counted.
 *
 * Counter layout: when classes² · bins ≤ {@link PAIR_KEY_MAX_COUNTERS}, one counter row per
 * unordered class pair (p ≤ q) — a single atomic per pair, pos/neg derived on the host;
 * otherwise one pos and one neg row per class (two atomics per negative pair). The counters are
 * replicated up to {@link MAX_COPIES} times (within the same cap) so the CPU adapter's threads
 * do not contend for cache lines; the copies are summed on readback. See the WGSL.
 *
 * The cosines are float32 dot products, so against accumulateJs (float64) only pairs within
 * float rounding of a bin edge can land in the adjacent bin; every total is identical.
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
  if (n < 2) {
    opts?.onProgress?.(1);
    return h;
  }

  const C = numClasses;
  const pairKey = opts?.layout ? opts.layout === 'pair' : C * C * bins <= PAIR_KEY_MAX_COUNTERS;
  const rows = pairKey ? C * C : 2 * C;
  const copies = opts?.copies ?? Math.max(1, Math.min(MAX_COPIES, Math.floor(PAIR_KEY_MAX_COUNTERS / (rows * bins))));
  const tile = Math.max(32, Math.ceil((opts?.tile ?? TILE) / 32) * 32);
  const yieldMs = opts?.yieldMs ?? YIELD_MS;

  // Normalised rows (float64 → float32), zero-padded to K columns.
  const K = Math.ceil(d / 4) * 4;
  const xn = opts?.unit ?? normaliseRows(emb, n, d);
  const xf = new Float32Array(n * K);
  for (let r = 0; r < n; r++) for (let t = 0; t < d; t++) xf[r * K + t] = xn[r * d + t];

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
    const blocks = Math.ceil(n / tile);
    for (let I = 0; I < blocks; I++) {
      const a0 = I * tile;
      const wa = Math.min(n, a0 + tile) - a0;
      for (let J = I; J < blocks; J++) {
        const b0 = J * tile;
        const wb = Math.min(n, b0 + tile) - b0;
        const pairs = I === J ? (wa * (wa - 1)) / 2 : wa * wb;
        if (pending > 0 && pending + pairs > flushPairs) {
          await flush(true);
          pending = 0;
        }
        pending += pairs;
        const out = runKernel({
          name: 'mp_pair_histogram_8x8',
          source,
          inputs: [x, lab],
          variableNames: ['X', 'L'],
          variableComponents: [4, 1],
          outputShape: [copies * rows, bins],
          dtype: 'int32',
          workgroupSize: WORKGROUP,
          dispatch: [groups(groups(wb, REG_B), WORKGROUP[0]), groups(groups(wa, REG_A), WORKGROUP[1]), 1],
          flat: false,
          atomic: true,
          output: counters!,
          uniforms: 'a0 : i32, aEnd : i32, b0 : i32, bEnd : i32, bins : i32, classes : i32, half : f32, mode : i32, rows : i32, copies : i32,',
          uniformData: [
            { type: 'int32', data: [a0] },
            { type: 'int32', data: [a0 + wa] },
            { type: 'int32', data: [b0] },
            { type: 'int32', data: [b0 + wb] },
            { type: 'int32', data: [bins] },
            { type: 'int32', data: [C] },
            { type: 'float32', data: [bins / 2] },
            { type: 'int32', data: [pairKey ? 0 : 1] },
            { type: 'int32', data: [rows] },
            { type: 'int32', data: [copies] },
          ],
        });
        out.dispose(); // the counters keep their own reference (see runKernel's `output`)
        await flushAndWait();
        done += pairs;
        if ((opts?.between || opts?.onProgress) && now() - last >= yieldMs) {
          opts.onProgress?.(done / total);
          if (opts.between) await opts.between();
          last = now();
        }
      }
    }
    await flush(false);
  } finally {
    for (const t of owned) t.dispose();
    (counters as tf.Tensor | null)?.dispose();
  }

  // Counters → PairHistograms.
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
  opts?.onProgress?.(1);
  return h;
}
