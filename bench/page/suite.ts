/**
 * The benchmark suite, free of DOM and page: every compared path runs in one process, on the same
 * adapter, in one run. Driven by the bench page (page.ts, `npm run bench` in Chromium) and by
 * `npm run bench:gpu` (bench/gpu.mjs, Node + Dawn).
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-webgpu';
import '@tensorflow/tfjs-backend-wasm';
import { installWasmMatMul } from '../../src/ml/ops/wasmMatMul';
import { tfjsPairOps } from '../../src/ml/ops/tfjsPairOps';
import { webgpuPairOps } from '../../src/ml/kernels/webgpuPairOps';
import { measurePeakGflops } from '../../src/ml/kernels/peak/peak';
import type { PairOps } from '../../src/ml/ops/pairOps';
import { cenmStep, pairInputs, productOnly } from './pairLoss';
import { timeMedian } from './timing';
import { benchEvaluation, type EvalBenchRow } from './evaluation';

// As the app: tfjs-wasm's transposed products go through the plain XNNPACK one.
installWasmMatMul();

interface PathSpec {
  id: string;
  label: string;
  backend: string;
  ops: PairOps;
}

const PATHS: PathSpec[] = [
  { id: 'a', label: 'our WGSL kernels on webgpu', backend: 'webgpu', ops: webgpuPairOps },
  { id: 'b', label: 'plain tfjs ops on webgpu', backend: 'webgpu', ops: tfjsPairOps },
  { id: 'c', label: 'tfjs on wasm', backend: 'wasm', ops: tfjsPairOps },
  { id: 'd', label: 'tfjs on cpu', backend: 'cpu', ops: tfjsPairOps },
];

/** What {@link runBenchmarks} measured; the input of bench/parts/tables.mjs. */
export interface BenchReport {
  adapter: { vendor: string; architecture: string; description: string; fallback: boolean } | null;
  userAgent: string;
  peakGflops: number;
  /** Invocations of the peak probe's launch (sized to fill the adapter, see peak.ts). */
  peakInvocations: number;
  d: number;
  /** Median ms of one CENM forward + backward, per path and N. */
  cenm: Array<{ n: number; path: string; label: string; ms: number; runs: number; checksum: number }>;
  /** The similarity product alone on webgpu (inputs normalised): our kernel vs tf.matMul, with GFLOP/s. */
  similarity: Array<{ n: number; path: string; ms: number; gflops: number; ofPeak: number }>;
  /** All-pairs evaluation of n embeddings. */
  evaluation: EvalBenchRow[];
}

async function use(backend: string): Promise<void> {
  if (!(await tf.setBackend(backend)) || tf.getBackend() !== backend) throw new Error(`backend ${backend} unavailable`);
  await tf.ready();
}

/**
 * Runs the whole benchmark (peak probe, losses on every path, evaluation) and returns the report
 * that bench/parts/tables.mjs prints. The caller sets up the wasm backend's binaries first.
 */
export async function runBenchmarks(opts: { sizes?: number[]; evalSizes?: number[]; d?: number; log?: (s: string) => void } = {}): Promise<BenchReport> {
  const sizes = opts.sizes ?? [128, 256, 512, 1024];
  const d = opts.d ?? 64;
  const log = opts.log ?? ((s: string) => console.log(s));
  await use('webgpu');
  const a = await navigator.gpu.requestAdapter();
  const info = a?.info as (GPUAdapterInfo & { isFallbackAdapter?: boolean }) | undefined;
  const peak = await measurePeakGflops();
  log(`peak ${peak.gflops.toFixed(2)} GFLOP/s (${peak.invocations} invocations per launch)`);
  const report: BenchReport = {
    adapter: info ? { vendor: info.vendor, architecture: info.architecture, description: info.description, fallback: Boolean(info.isFallbackAdapter) } : null,
    userAgent: navigator.userAgent,
    peakGflops: peak.gflops,
    peakInvocations: peak.invocations,
    d,
    cenm: [],
    similarity: [],
    evaluation: [],
  };
  for (const path of PATHS) {
    await use(path.backend);
    for (const n of sizes) {
      const inputs = pairInputs(n, d);
      let checksum = 0;
      const t = await timeMedian(async () => {
        checksum = await cenmStep(path.ops, inputs, n, d);
      }, { warmup: 1, reps: 5, budgetMs: 15_000 });
      report.cenm.push({ n, path: path.id, label: path.label, ms: t.ms, runs: t.runs, checksum });
      log(`cenm (${path.id}) ${path.label} N=${n}: ${t.ms.toFixed(1)} ms`);
      if (path.backend === 'webgpu') {
        const product = productOnly(path.ops.name, inputs, n, d);
        const s = await timeMedian(product.once, { warmup: 1, reps: 7 });
        product.dispose();
        const gflops = (2 * n * n * d) / (s.ms * 1e6);
        report.similarity.push({ n, path: path.id, ms: s.ms, gflops, ofPeak: gflops / peak.gflops });
        log(`similarity (${path.id}) N=${n}: ${s.ms.toFixed(2)} ms, ${gflops.toFixed(2)} GFLOP/s`);
      }
    }
  }
  report.evaluation = await benchEvaluation(opts.evalSizes ?? [2000, 5000, 10000], d, log, Boolean(info && !info.isFallbackAdapter));
  return report;
}
