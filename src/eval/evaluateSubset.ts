/**
 * The training run's evaluation (the page's worker and the command line's `train`): which items,
 * which path, and progress reports.
 * The periodic evaluation uses a fixed seeded subsample (the same items at every step, so the
 * curves over steps compare like with like); "Evaluate all" uses every item.
 */
import { Rng } from '../data/rng';
import { evaluateEmbeddings } from './evaluate';
import type { EvalReport } from './report';
import { EXACT_MAX_ITEMS } from './pairs/exact';
import type { EvalEmbeddings } from '../ml/trainer';

/** Seed of the evaluation subsample: fixed, so every run of a link evaluates the same items. */
const SUBSAMPLE_SEED = 0x6576616c; // "eval"
/** Sets up to this size are evaluated exactly (sorted pairs); larger ones from 4096-bin histograms. */
export const EXACT_UP_TO = Math.min(2000, EXACT_MAX_ITEMS);

/** On webgpu, whether its adapter is a real GPU or a CPU fallback; null on the other backends. */
export type WebgpuAdapter = 'gpu' | 'fallback' | null;

/** The first m items of a fixed permutation of n. */
function subsample(n: number, m: number): Int32Array {
  if (m >= n) return Int32Array.from({ length: n }, (_, i) => i);
  const perm = new Rng(SUBSAMPLE_SEED).shuffle(Int32Array.from({ length: n }, (_, i) => i));
  return perm.slice(0, m).sort();
}

/**
 * Evaluates `ev` (all items when `items` ≥ n). The periodic subsample goes exact when small; "Evaluate
 * all" (`full`) and larger sets go binned (4096 cosine bins, several times faster: BENCHMARKS.md) —
 * through tfjs tiles on wasm, cpu and webgl (fast there); on webgpu through our WGSL kernel on a
 * real GPU, or plain JS on a CPU fallback adapter, where both WGSL and tfjs's webgpu matMul are slower.
 */
export async function evaluateSubset(
  ev: EvalEmbeddings,
  items: number,
  full: boolean,
  numClasses: number,
  webgpu: WebgpuAdapter,
  between: () => Promise<void>,
  onProgress: (fraction: number) => void,
  /** Runs the exact path elsewhere (the metrics worker), given the subsample. */
  exact?: (emb: Float32Array, labels: Int32Array, n: number, d: number, numClasses: number) => Promise<EvalReport>,
): Promise<EvalReport> {
  const idx = subsample(ev.n, items);
  const m = idx.length;
  const d = ev.dim;
  const emb = new Float32Array(m * d);
  const labels = new Int32Array(m);
  idx.forEach((src, r) => {
    emb.set(ev.embeddings.subarray(src * d, (src + 1) * d), r * d);
    labels[r] = ev.labels[src];
  });
  const path = m <= EXACT_UP_TO && !full ? 'exact' : webgpu === null ? 'tf' : webgpu === 'gpu' ? 'wgsl' : 'js';
  if (path === 'exact' && exact) return exact(emb, labels, m, d, numClasses);
  return evaluateEmbeddings(emb, labels, m, d, numClasses, { path, between, onProgress });
}
