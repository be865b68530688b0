/**
 * The adapter's measured arithmetic peak, the yardstick for our kernels' GFLOP/s (the benchmark
 * reports kernel GFLOP/s as a fraction of it). `peak.wgsl` is an ALU-bound loop: per invocation
 * 4 independent vec4 FMA chains unrolled 16-fold, no memory traffic in the loop.
 * FLOPs = invocations × iterations × 512 (one FMA = 2 FLOPs). Webgpu backend only.
 */
import type * as tf from '@tensorflow/tfjs';
import { flushAndWait, runKernel, webgpuBackend } from '../program';
import peakSource from './peak.wgsl?raw';

const WORKGROUP = 64;
/** The first launch: 256 workgroups, more than a CPU adapter's threads. */
const FIRST_GROUPS = 256;
/** FLOPs per loop iteration of one invocation: 4 chains × vec4 × 16 steps × 2. */
const FLOPS_PER_ITER = 4 * 4 * 16 * 2;
/** A larger launch must beat the best rate so far by this factor to count as filling more of the adapter. */
const GAIN = 1.15;

function launch(groups: number, iters: number): tf.Tensor {
  const invocations = groups * WORKGROUP;
  return runKernel({
    name: 'mp_peak_fma_4x16',
    source: peakSource,
    inputs: [],
    variableNames: [],
    outputShape: [invocations],
    workgroupSize: [WORKGROUP, 1, 1],
    dispatch: [groups, 1, 1],
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

async function timeOnce(groups: number, iters: number): Promise<number> {
  await flushAndWait();
  const t0 = performance.now();
  const out = launch(groups, iters);
  await flushAndWait();
  const ms = performance.now() - t0;
  out.dispose();
  return ms;
}

/** Loop count for which one launch of `groups` lasts about `targetMs`, searched upwards from `iters`. */
async function calibrate(groups: number, iters: number, targetMs: number): Promise<number> {
  for (;;) {
    const ms = await timeOnce(groups, iters);
    // Clamped: `iters` is an i32 uniform.
    if (ms >= targetMs / 4 || iters >= 1 << 20) return Math.min(2 ** 30, Math.max(1, Math.round((iters * targetMs) / Math.max(ms, 1e-3))));
    iters *= 4;
  }
}

async function medianMs(groups: number, iters: number, runs: number): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) times.push(await timeOnce(groups, iters));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The largest workgroup count one 1-D launch may have on this device (see the module comment). */
function maxGroups(): number {
  const limits = webgpuBackend().device.limits;
  const byBuffer = Math.floor(limits.maxStorageBufferBindingSize / (4 * WORKGROUP));
  return Math.max(FIRST_GROUPS, Math.min(limits.maxComputeWorkgroupsPerDimension, byBuffer));
}

/**
 * Measures the adapter's arithmetic peak in GFLOP/s (median of `runs` at the chosen launch size),
 * with that median run time and the launch's invocation count. Webgpu backend only; takes a few
 * `targetMs` per launch size tried, plus a compile.
 *
 * Launch size: WebGPU does not say how many invocations an adapter keeps in flight (a CPU adapter a
 * few dozen, an H100 ~270,000), so the probe finds it: it starts at 16,384 invocations (256
 * workgroups of 64) and quadruples the launch while that raises the rate by ≥ 15%, up to what the
 * device's limits allow in one 1-D dispatch (maxComputeWorkgroupsPerDimension workgroups, and an
 * output within maxStorageBufferBindingSize). The peak is measured at the smallest launch past
 * which the rate stopped growing: a CPU adapter stops at the first steps, a large GPU is filled.
 *
 * Timing: on tfjs's own device, wall clock from submit to `queue.onSubmittedWorkDone()`
 * (program.ts `flushAndWait`), after a warm-up that compiles the pipeline; at each launch size the
 * loop count is calibrated so one run lasts ≈ `targetMs`.
 */
export async function measurePeakGflops(runs = 5, targetMs = 150): Promise<{ gflops: number; ms: number; invocations: number }> {
  const warm = launch(FIRST_GROUPS, 1);
  await warm.data(); // compiles the pipeline; data() reads back asynchronously (never dataSync here)
  warm.dispose();
  const max = maxGroups();
  const rate = (groups: number, iters: number, ms: number) => (groups * WORKGROUP * iters * FLOPS_PER_ITER) / (ms * 1e6);
  let best = { groups: FIRST_GROUPS, iters: 0, gflops: 0 };
  let iters = 16;
  for (let groups = FIRST_GROUPS; ; groups = Math.min(max, groups * 4)) {
    iters = await calibrate(groups, iters, targetMs);
    const gflops = rate(groups, iters, await medianMs(groups, iters, Math.min(runs, 3)));
    if (gflops < best.gflops * GAIN) break; // the adapter was already full
    best = { groups, iters, gflops };
    if (groups >= max) break;
    iters = Math.max(1, Math.round(iters / 4)); // the next launch is 4× wider
  }
  const ms = await medianMs(best.groups, best.iters, runs);
  return { gflops: rate(best.groups, best.iters, ms), ms, invocations: best.groups * WORKGROUP };
}
