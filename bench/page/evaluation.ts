/**
 * The evaluation benchmark: the all-pairs evaluation of n embeddings (d = 64) through each producer of
 * the pair histograms, and the whole evaluation through the path the app uses on this machine.
 */
import * as tf from '@tensorflow/tfjs';
import { Rng } from '../../src/data/rng';
import { accumulateJs, accumulateTf } from '../../src/eval/pairs/accumulate';
import { accumulateWgsl } from '../../src/eval/kernels/pairHistogram';
import { evaluateEmbeddings } from '../../src/eval/evaluate';
import { timeMedian } from './timing';

const CLASSES = 10;

/** Seeded clustered embeddings: 10 class centres plus noise, so the metrics are not degenerate. */
export function clusteredEmbeddings(n: number, d: number, seed = 3): { emb: Float32Array; labels: Int32Array } {
  const rng = new Rng(seed);
  const centres = Array.from({ length: CLASSES }, () => Float32Array.from({ length: d }, () => rng.normal()));
  const labels = Int32Array.from({ length: n }, () => rng.int(CLASSES));
  const emb = new Float32Array(n * d);
  for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) emb[i * d + t] = centres[labels[i]][t] + 1.2 * rng.normal();
  return { emb, labels };
}

export interface EvalBenchRow {
  n: number;
  path: 'wgsl' | 'wasm' | 'js' | 'auto-full';
  label: string;
  ms: number;
  runs: number;
  /** 2·d flops per pair (the dot products). */
  gflops: number;
}

async function use(backend: string): Promise<void> {
  if (!(await tf.setBackend(backend)) || tf.getBackend() !== backend) throw new Error(`backend ${backend} unavailable`);
  await tf.ready();
}

/**
 * Times every producer at every size, in one run. `log` reports progress. `realGpu`: the adapter
 * is not a CPU fallback, so the app's `auto` evaluates with the WGSL kernel on webgpu (else on wasm).
 */
export async function benchEvaluation(sizes: number[], d: number, log: (s: string) => void, realGpu = false): Promise<EvalBenchRow[]> {
  const rows: EvalBenchRow[] = [];
  const add = (n: number, path: EvalBenchRow['path'], label: string, t: { ms: number; runs: number }) => {
    const pairs = (n * (n - 1)) / 2;
    rows.push({ n, path, label, ms: t.ms, runs: t.runs, gflops: (2 * d * pairs) / (t.ms * 1e6) });
    log(`evaluation ${label} n=${n}: ${t.ms.toFixed(0)} ms`);
  };
  for (const n of sizes) {
    const { emb, labels } = clusteredEmbeddings(n, d);
    const opts = { warmup: 1, reps: 3, budgetMs: 20_000 };
    await use('webgpu');
    add(n, 'wgsl', 'all-pairs histograms, WGSL kernel on webgpu', await timeMedian(() => accumulateWgsl(emb, labels, n, d, CLASSES).then(() => undefined), opts));
    await use('wasm');
    add(n, 'wasm', 'all-pairs histograms, tfjs tiles on wasm', await timeMedian(() => accumulateTf(emb, labels, n, d, CLASSES).then(() => undefined), opts));
    add(n, 'js', 'all-pairs histograms, plain JS', await timeMedian(() => accumulateJs(emb, labels, n, d, CLASSES).then(() => undefined), { ...opts, warmup: 0 }));
    // The whole evaluation (every metric) as the app's auto runs it (src/eval/evaluateSubset.ts): on a
    // real GPU the WGSL kernel on webgpu, on a fallback adapter tfjs tiles on wasm.
    if (realGpu) await use('webgpu');
    const label = `whole evaluation, path auto picks (${realGpu ? 'WGSL on webgpu' : 'wasm'}, binned)`;
    add(n, 'auto-full', label, await timeMedian(() => evaluateEmbeddings(emb, labels, n, d, CLASSES, { path: realGpu ? 'wgsl' : 'tf' }).then(() => undefined), { ...opts, warmup: realGpu ? 1 : 0 }));
  }
  return rows;
}
