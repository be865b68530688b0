/**
 * Producers of {@link PairHistograms} (SPEC "Evaluation"): the cosine of every unordered pair
 * (a < b) binned per class, without the n × n matrix, from rows l2-normalised in float64
 * ({@link normaliseRows}, SPEC "Notation"). {@link accumulateJs}: float64 dot products in
 * coordinate order (exact.ts's order: the same cosines bit for bit). {@link accumulateTf}: the
 * same blocks through `tf.matMul` in float32 (kernels/cosineBlocks.ts; BENCHMARKS.md
 * "Evaluation"). Both bin with {@link cosineBin}'s arithmetic, so they differ only where a pair's
 * float32 and float64 cosines straddle a bin edge (|Δc| ≲ 1e-6: a handful of pairs, same totals).
 */
import { forEachCosineBlock } from '../kernels/cosineBlocks';
import { DEFAULT_BINS, emptyHistograms, type PairHistograms } from './pairHistograms';

/** How a long accumulation lets its caller breathe and see progress. */
export interface AccumulateOptions {
  /** Awaited every few tiles (≈ every 50 ms of work) so a worker can process messages. */
  between?: () => Promise<void>;
  /** Fraction of pairs done, in [0, 1]; called at every yield and once at the end with 1. */
  onProgress?: (fraction: number) => void;
  /** Minimum work between two yields, in milliseconds (default 50; 0 = after every tile). */
  yieldMs?: number;
  /**
   * The rows already l2-normalised by {@link normaliseRows}, when the caller has them (an
   * evaluation normalises once for every metric); else they are normalised here.
   */
  unit?: Float64Array;
}

/** Rows of a tile in the JS path (two 128 × 64 float64 tiles = 128 KiB, inside L2). */
const JS_TILE = 128;
/** Rows of a block in the tfjs path. */
const TF_BLOCK = 1024;
/** Work between two calls of `between`, in milliseconds. */
const YIELD_MS = 50;

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Row-wise l2 normalisation in float64: x / sqrt(Σx² + 1e-12) (SPEC "Notation"). */
export function normaliseRows(emb: ArrayLike<number>, n: number, d: number): Float64Array {
  const out = new Float64Array(n * d);
  for (let r = 0; r < n; r++) {
    let s = 0;
    for (let t = 0; t < d; t++) s += emb[r * d + t] * emb[r * d + t];
    const inv = 1 / Math.sqrt(s + 1e-12);
    for (let t = 0; t < d; t++) out[r * d + t] = emb[r * d + t] * inv;
  }
  return out;
}

/** Validates the labels (a RangeError names the first outside 0 … numClasses − 1) and fills classCount. */
export function countClasses(h: PairHistograms, labels: ArrayLike<number>, n: number): void {
  for (let i = 0; i < n; i++) {
    const y = labels[i];
    if (!(Number.isInteger(y) && y >= 0 && y < h.numClasses)) {
      throw new RangeError(`label ${y} of item ${i} is outside 0 … ${h.numClasses - 1}`);
    }
    h.classCount[y]++;
  }
}

/** Ticks `between` / `onProgress` when enough time has passed. */
function makePacer(total: number, opts: AccumulateOptions | undefined) {
  let last = now();
  return async (done: number): Promise<void> => {
    if (!opts?.between && !opts?.onProgress) return;
    if (now() - last < (opts.yieldMs ?? YIELD_MS)) return;
    opts.onProgress?.(total > 0 ? done / total : 1);
    if (opts.between) await opts.between();
    last = now();
  };
}

/**
 * All-pairs cosine histograms in plain JS. `emb` is n×d row-major (normalised here unless
 * `opts.unit` holds it normalised, see the module comment), `labels` in 0 … numClasses − 1.
 */
export async function accumulateJs(
  emb: Float32Array,
  labels: ArrayLike<number>,
  n: number,
  d: number,
  numClasses: number,
  bins = DEFAULT_BINS,
  opts?: AccumulateOptions,
): Promise<PairHistograms> {
  const h = emptyHistograms(numClasses, bins);
  countClasses(h, labels, n);
  const x = opts?.unit ?? normaliseRows(emb, n, d);
  const lab = Int32Array.from({ length: n }, (_, i) => labels[i]);
  const total = (n * (n - 1)) / 2;
  const pace = makePacer(total, opts);
  let done = 0;

  for (let a0 = 0; a0 < n; a0 += JS_TILE) {
    const a1 = Math.min(n, a0 + JS_TILE);
    for (let b0 = a0; b0 < n; b0 += JS_TILE) {
      const b1 = Math.min(n, b0 + JS_TILE);
      binJsTile(x, d, a0, a1, b0, b1, lab, h.pos, h.neg, bins);
      done += b0 === a0 ? ((a1 - a0) * (a1 - a0 - 1)) / 2 : (a1 - a0) * (b1 - b0);
      await pace(done);
    }
  }
  opts?.onProgress?.(1);
  return h;
}

/**
 * Bins the pairs of one JS tile, rows a0 … a1 − 1 against rows b0 … b1 − 1 of the unit rows `x`
 * (diagonal tile, b0 = a0: b > a only), each cosine a float64 dot summed t = 0 … d − 1.
 */
function binJsTile(
  x: Float64Array,
  d: number,
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  lab: Int32Array,
  pos: Float64Array,
  neg: Float64Array,
  bins: number,
): void {
  const half = bins / 2;
  const last = bins - 1;
  for (let a = a0; a < a1; a++) {
    const la = lab[a];
    const baseA = la * bins;
    const oa = a * d;
    let b = b0 === a0 ? a + 1 : b0;
    // Four b rows at a time share the loads of row a; each dot is still summed t = 0 … d−1.
    for (; b + 3 < b1; b += 4) {
      const o0 = b * d;
      const o1 = o0 + d;
      const o2 = o1 + d;
      const o3 = o2 + d;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let t = 0; t < d; t++) {
        const v = x[oa + t];
        s0 += v * x[o0 + t];
        s1 += v * x[o1 + t];
        s2 += v * x[o2 + t];
        s3 += v * x[o3 + t];
      }
      for (let q = 0; q < 4; q++) {
        const c = q === 0 ? s0 : q === 1 ? s1 : q === 2 ? s2 : s3;
        let k = Math.floor((c + 1) * half);
        if (k > last) k = last;
        else if (!(k >= 0)) k = 0;
        const lb = lab[b + q];
        if (lb === la) pos[baseA + k]++;
        else {
          neg[baseA + k]++;
          neg[lb * bins + k]++;
        }
      }
    }
    for (; b < b1; b++) {
      const ob = b * d;
      let s = 0;
      for (let t = 0; t < d; t++) s += x[oa + t] * x[ob + t];
      let k = Math.floor((s + 1) * half);
      if (k > last) k = last;
      else if (!(k >= 0)) k = 0;
      const lb = lab[b];
      if (lb === la) pos[baseA + k]++;
      else {
        neg[baseA + k]++;
        neg[lb * bins + k]++;
      }
    }
  }
}

/**
 * All-pairs cosine histograms with tfjs on the active backend: the normalised rows (rounded to
 * float32) uploaded in blocks of {@link TF_BLOCK} rows (`opts.block` overrides), each block both
 * as rows A [w, d] and transposed Bᵀ [d, w]; for every block pair I ≤ J, `tf.matMul(A_I, Bᵀ_J)`
 * is read back with `await t.data()` (never dataSync) and binned in JS (diagonal blocks: b > a
 * only) — the tfjs part in {@link forEachCosineBlock}. Every tensor it creates is disposed
 * before it returns or throws.
 */
export async function accumulateTf(
  emb: Float32Array,
  labels: ArrayLike<number>,
  n: number,
  d: number,
  numClasses: number,
  bins = DEFAULT_BINS,
  opts?: AccumulateOptions & { block?: number },
): Promise<PairHistograms> {
  const h = emptyHistograms(numClasses, bins);
  countClasses(h, labels, n);
  if (n < 2) {
    opts?.onProgress?.(1);
    return h;
  }
  const lab = Int32Array.from({ length: n }, (_, i) => labels[i]);
  const pos = h.pos;
  const neg = h.neg;
  const total = (n * (n - 1)) / 2;
  const pace = makePacer(total, opts);
  const block = Math.max(1, Math.floor(opts?.block ?? TF_BLOCK));
  let done = 0;

  const xn = opts?.unit ?? normaliseRows(emb, n, d);
  await forEachCosineBlock(xn, n, d, block, async (s, I, J) => {
    const a0 = I * block;
    const a1 = Math.min(n, a0 + block);
    const b0 = J * block;
    const b1 = Math.min(n, b0 + block);
    const w = b1 - b0;
    binBlock(s, w, a0, a1, b0, b1, I === J, lab, pos, neg, bins);
    done += I === J ? ((a1 - a0) * (a1 - a0 - 1)) / 2 : (a1 - a0) * w;
    await pace(done);
  });
  opts?.onProgress?.(1);
  return h;
}

/** Bins a (a1 − a0) × w block of cosines s (row-major) of rows a0… against b0…; diagonal: b > a only. */
function binBlock(
  s: Float32Array,
  w: number,
  a0: number,
  a1: number,
  b0: number,
  b1: number,
  diagonal: boolean,
  lab: Int32Array,
  pos: Float64Array,
  neg: Float64Array,
  bins: number,
): void {
  const half = bins / 2;
  const last = bins - 1;
  for (let a = a0; a < a1; a++) {
    const la = lab[a];
    const baseA = la * bins;
    const row = (a - a0) * w - b0;
    for (let b = diagonal ? a + 1 : b0; b < b1; b++) {
      const c = s[row + b];
      let k = Math.floor((c + 1) * half);
      if (k > last) k = last;
      else if (!(k >= 0)) k = 0;
      const lb = lab[b];
      if (lb === la) pos[baseA + k]++;
      else {
        neg[baseA + k]++;
        neg[lb * bins + k]++;
      }
    }
  }
}
