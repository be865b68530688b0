/**
 * The training benchmark, bench-page side: for each backend, the roofline of a training
 * step (the backend's measured matMul GFLOP/s ÷ the step's FLOPs) and the steps/s of the app's own
 * `Trainer` with nothing around it — no worker, no messages, no evaluations. bench/run.mjs
 * sets these beside the app's steps/s (the same links trained in the real page).
 */
import * as tf from '@tensorflow/tfjs';
import { fetchMnist, splitMnist } from '../../src/data/mnist';
import type { Dataset } from '../../src/data/dataset';
import { makeToySplit } from '../../src/data/toy';
import { Trainer } from '../../src/ml/trainer';
import { tfjsPairOps } from '../../src/ml/ops/tfjsPairOps';
import { webgpuPairOps } from '../../src/ml/kernels/webgpuPairOps';
import { parseHash } from '../../src/state/link/urlSchema';
import { timeMedian } from './timing';

/** One configuration to time, named by its link. */
export interface TrainingCase {
  id: string;
  label: string;
  hash: string;
}

/** One configuration on one backend. */
export interface TrainerBenchRow {
  config: string;
  backend: string;
  /** Multiply-add FLOPs of one step's products (matMul and convolutions, ×2 per multiply-add). */
  flopsPerStep: number;
  /** The backend's matMul rate on the step's largest product shape, same run. */
  matMulGflops: number;
  /** matMulGflops ÷ flopsPerStep: what the arithmetic alone allows. */
  rooflineStepsPerS: number;
  /**
   * The same product's rate when its right operand is a new tensor each time, as every product of a
   * training step is (the weights change each step; the gradients are new): tfjs-wasm caches
   * XNNPACK's packed copy of that operand per tensor, so there each call packs it anew.
   */
  freshMatMulGflops: number;
  /** Steps/s of `Trainer.trainStep` in a loop (loss read back each step, as the app does). */
  trainerStepsPerS: number;
}

/** FLOPs of a kernel that tf.profile saw, from its shapes: products and convolutions only. */
export function kernelFlops(k: { name: string; inputShapes: number[][]; outputShapes: number[][] }): number {
  const size = (s: number[]) => s.reduce((a, b) => a * b, 1);
  const out = k.outputShapes[0] ?? [];
  if (k.name === 'BatchMatMul' || k.name === '_FusedMatMul') return 2 * size(k.inputShapes[0]) * out[out.length - 1];
  // Filter [kh, kw, Cin, F]: each output value is kh·kw·Cin multiply-adds.
  if (k.name === 'Conv2D' || k.name === 'FusedConv2D') return 2 * size(out) * size(k.inputShapes[1].slice(0, 3));
  // dy [B, H, W, F] through filter [kh, kw, Cin, F]: each dy value meets kh·kw·Cin weights.
  if (k.name === 'Conv2DBackpropInput') return 2 * size(k.inputShapes[0]) * size(k.inputShapes[1].slice(0, 3));
  if (k.name === 'Conv2DBackpropFilter') return 2 * size(k.inputShapes[1]) * size(out.slice(0, 3));
  return 0;
}

let mnist: Promise<Dataset> | null = null;

async function use(backend: string): Promise<void> {
  if (!(await tf.setBackend(backend)) || tf.getBackend() !== backend) throw new Error(`backend ${backend} unavailable`);
  await tf.ready();
}

/**
 * GFLOP/s of an m×k by k×n product on the active backend (result read back each time); with
 * `fresh`, the right operand is a different tensor at each call (made before the clock starts).
 */
async function matMulRate(m: number, k: number, n: number, fresh = false): Promise<number> {
  const REPS = 15;
  const a = tf.randomNormal([m, k]);
  const bs = Array.from({ length: fresh ? REPS + 2 : 1 }, () => tf.randomNormal([k, n]));
  let call = 0;
  const t = await timeMedian(
    async () => {
      const c = tf.matMul(a, bs[call++ % bs.length]);
      await c.data();
      c.dispose();
    },
    { warmup: 2, reps: REPS, budgetMs: 3000 },
  );
  tf.dispose([a, ...bs]);
  return (2 * m * k * n) / (t.ms * 1e6);
}

/**
 * Times every case on every backend (`dataUrl`: MNIST's folder, as the app's). Per case: 3 warm-up
 * steps (shader compilation), one profiled step for the FLOPs, then steps for ~`seconds`.
 */
export async function benchTraining(cases: TrainingCase[], backends: string[], dataUrl: string, seconds: number, log: (s: string) => void): Promise<TrainerBenchRow[]> {
  const rows: TrainerBenchRow[] = [];
  for (const backend of backends) {
    await use(backend);
    // The default MLP's first layer, the step's largest product.
    const matMulGflops = await matMulRate(128, 784, 256);
    const freshMatMulGflops = await matMulRate(128, 784, 256, true);
    log(`training: ${backend} matMul 128×784×256 ${matMulGflops.toFixed(1)} GFLOP/s, ${freshMatMulGflops.toFixed(1)} with a new operand each call`);
    for (const c of cases) {
      const { config } = parseHash(c.hash);
      const split =
        config.data === 'mnist'
          ? splitMnist(await (mnist ??= fetchMnist(dataUrl)), config.split)
          : makeToySplit(config.data, { classes: config.classes, noise: config.noise, seed: config.dataSeed });
      const trainer = new Trainer(config, split, backend === 'webgpu' ? webgpuPairOps : tfjsPairOps);
      for (let i = 0; i < 3; i++) await trainer.trainStep();
      const profile = await tf.profile(async () => {
        await trainer.trainStep();
        return [];
      });
      const flopsPerStep = profile.kernels.reduce((s, k) => s + kernelFlops(k), 0);
      let steps = 0;
      const t0 = performance.now();
      while (steps < 3 || performance.now() - t0 < seconds * 1000) {
        await trainer.trainStep();
        steps++;
      }
      const trainerStepsPerS = steps / ((performance.now() - t0) / 1000);
      trainer.dispose();
      const row = { config: c.id, backend, flopsPerStep, matMulGflops, rooflineStepsPerS: (matMulGflops * 1e9) / flopsPerStep, freshMatMulGflops, trainerStepsPerS };
      rows.push(row);
      log(`training: ${c.id} on ${backend}: ${(flopsPerStep / 1e6).toFixed(0)} MFLOP/step, ${trainerStepsPerS.toFixed(1)} steps/s of ${row.rooflineStepsPerS.toFixed(0)}`);
    }
  }
  return rows;
}
