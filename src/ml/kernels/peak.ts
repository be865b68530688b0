/**
 * The adapter's measured arithmetic peak, the yardstick for our kernels' GFLOP/s (the benchmark
 * reports kernel GFLOP/s as a fraction of it). `peak.wgsl` is an ALU-bound loop: per invocation
 * 4 independent vec4 FMA chains unrolled 16-fold, 16,384 invocations (256 workgroups of 64, far
 * more than the CPU adapter's threads), no memory traffic in the loop.
 *
 * Timing: on tfjs's own device, wall clock from submit to `queue.onSubmittedWorkDone()`
 * (program.ts `flushAndWait`), after a warm-up that compiles the pipeline; the loop count is
 * calibrated so one run lasts ≈ `targetMs`, and the median of `runs` runs is reported.
 * FLOPs = invocations × iterations × 512 (one FMA = 2 FLOPs). Webgpu backend only.
 */
import type * as tf from '@tensorflow/tfjs';
import { flushAndWait, runKernel } from './program';
import peakSource from './peak.wgsl?raw';

const WORKGROUP = 64;
const INVOCATIONS = 256 * WORKGROUP;
/** FLOPs per loop iteration of one invocation: 4 chains × vec4 × 16 steps × 2. */
const FLOPS_PER_ITER = 4 * 4 * 16 * 2;

function launch(iters: number): tf.Tensor {
  return runKernel({
    name: 'mp_peak_fma_4x16',
    source: peakSource,
    inputs: [],
    variableNames: [],
    outputShape: [INVOCATIONS],
    workgroupSize: [WORKGROUP, 1, 1],
    dispatch: [INVOCATIONS / WORKGROUP, 1, 1],
    flat: true,
    size: true,
    uniforms: 'iters : i32, fmaMul : f32, fmaAdd : f32,',
    uniformData: [
      { type: 'int32', data: [iters] },
      { type: 'float32', data: [0.9999] },
      { type: 'float32', data: [0.0001] },
    ],
  });
}

async function timeOnce(iters: number): Promise<number> {
  await flushAndWait();
  const t0 = performance.now();
  const out = launch(iters);
  await flushAndWait();
  const ms = performance.now() - t0;
  out.dispose();
  return ms;
}

/**
 * Measures the adapter's arithmetic peak in GFLOP/s (median of `runs`) and the median run time.
 * Webgpu backend only; takes about `runs × targetMs` plus a compile.
 */
export async function measurePeakGflops(runs = 5, targetMs = 150): Promise<{ gflops: number; ms: number }> {
  const warm = launch(1);
  await warm.data(); // compiles the pipeline; data() reads back asynchronously (never dataSync here)
  warm.dispose();
  // Calibrate the loop count so that one run lasts about targetMs.
  let iters = 16;
  for (;;) {
    const ms = await timeOnce(iters);
    if (ms >= targetMs / 4 || iters >= 1 << 20) {
      iters = Math.max(1, Math.round((iters * targetMs) / Math.max(ms, 1e-3)));
      break;
    }
    iters *= 4;
  }
  const times: number[] = [];
  for (let r = 0; r < runs; r++) times.push(await timeOnce(iters));
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)];
  const flops = INVOCATIONS * iters * FLOPS_PER_ITER;
  return { gflops: flops / (ms * 1e6), ms };
}
