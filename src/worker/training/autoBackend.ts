/**
 * `auto` measures instead of guessing: once per worker, after the data are loaded, it times a few
 * training steps of the actual configuration (same model, batch, loss) on each candidate backend
 * and keeps the fastest, and says what it measured in the backend note, e.g.
 * "auto measured wasm 9.8 ms/step, webgl 41 ms/step (webgpu skipped: CPU fallback adapter) → wasm".
 *
 * Shortcuts, each said in the note: a CPU-fallback WebGPU adapter (SwiftShader) is skipped, and so
 * is WebGL on a software renderer — both emulate the GPU on the CPU, where wasm is faster, and
 * their shader compilation alone would take seconds. wasm is always measured.
 *
 * Every measuring run is a separate seeded Trainer that is disposed before the next backend, so the
 * real run (built afterwards by the worker) starts from the same weights and batches as a run on a
 * forced backend: measuring consumes none of its random numbers.
 */
import * as tf from '@tensorflow/tfjs';
import type { DataSplit } from '../../data/dataset';
import { Trainer } from '../../ml/trainer';
import { tfjsPairOps } from '../../ml/ops/tfjsPairOps';
import { webgpuPairOps } from '../../ml/kernels/webgpuPairOps';
import type { Config } from '../../state/params';
import type { BackendInfo } from '../protocol';
import { probeAdapter, softwareWebglNote, trySet, watchDeviceLoss } from './backends';

/** Untimed steps first: they compile the shaders (seconds on a GPU) and warm the caches. */
const WARMUP_STEPS = 2;
/** At most this many timed steps per backend… */
const MAX_TIMED_STEPS = 8;
/** …and no more once this much time was spent timing one backend (warm-up not counted). */
const BUDGET_MS = 500;

/** One candidate's outcome: its median step time, or why it was not measured. */
type Outcome = { name: string; ms: number } | { name: string; skipped: string };

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));

/** Median time of a few steps of `config` on the active backend; disposes all it made. */
async function timeSteps(config: Config, split: DataSplit): Promise<number> {
  const before = tf.memory().numTensors;
  const trainer = new Trainer(config, split, tf.getBackend() === 'webgpu' ? webgpuPairOps : tfjsPairOps);
  const times: number[] = [];
  try {
    for (let i = 0; i < WARMUP_STEPS; i++) await trainer.trainStep();
    const start = performance.now();
    while (times.length < MAX_TIMED_STEPS && performance.now() - start < BUDGET_MS) {
      const t0 = performance.now();
      await trainer.trainStep();
      times.push(performance.now() - t0);
    }
  } finally {
    trainer.dispose();
  }
  const leaked = tf.memory().numTensors - before;
  // A leak would also leave variables registered under the real run's names: fail loudly.
  if (leaked !== 0) throw new Error(`measuring left ${leaked} tensors behind`);
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Why `name` is not worth measuring here (a CPU-emulated GPU), or null to measure it. */
async function skipReason(name: 'webgpu' | 'webgl'): Promise<string | null> {
  if (name === 'webgpu') {
    const { adapter, why } = await probeAdapter();
    if (!adapter) return why ?? 'no WebGPU adapter';
    if (adapter.fallback) return `CPU fallback adapter (${adapter.architecture || adapter.vendor})`;
    return (await trySet('webgpu')) ? null : 'the backend failed to start';
  }
  if (!(await trySet('webgl'))) return 'the backend failed to start';
  const soft = softwareWebglNote();
  return soft ? `software renderer (${/\(([^)]*)\)/.exec(soft)?.[1] ?? 'CPU'})` : null;
}

/**
 * Measures the candidates for `config` on `split`, activates the fastest and returns the backend
 * info to show (its note says what was measured). `chosen` is the rule-based pick made at start
 * (kept if nothing could be measured); `onDeviceLost` is watched if webgpu wins.
 */
export async function measureAuto(config: Config, split: DataSplit, chosen: BackendInfo, onDeviceLost: (why: string) => void): Promise<BackendInfo> {
  const outcomes: Outcome[] = [];
  for (const name of ['webgpu', 'webgl', 'wasm'] as const) {
    try {
      const skipped = name === 'wasm' ? ((await trySet('wasm')) ? null : 'the backend failed to start') : await skipReason(name);
      outcomes.push(skipped ? { name, skipped } : { name, ms: await timeSteps(config, split) });
    } catch (e) {
      outcomes.push({ name, skipped: `failed (${e instanceof Error ? e.message : String(e)})` });
    }
  }
  const measured = outcomes.flatMap((o) => ('ms' in o ? [o] : [])).sort((a, b) => a.ms - b.ms);
  const skipped = outcomes.flatMap((o) => ('skipped' in o ? [`${o.name} skipped: ${o.skipped}`] : []));
  let best: { name: string; ms: number } | undefined;
  for (const m of measured) {
    if (await trySet(m.name)) {
      best = m;
      break;
    }
  }
  if (!best) {
    await trySet(chosen.active);
    return { ...chosen, note: `auto could measure no backend (${skipped.join('; ')}); using ${chosen.active}` };
  }
  if (best.name === 'webgpu' && chosen.active !== 'webgpu') watchDeviceLoss(onDeviceLost);
  const list = measured.map((m) => `${m.name} ${fmt(m.ms)} ms/step`).join(', ');
  const why = skipped.length ? ` (${skipped.join('; ')})` : '';
  return { ...chosen, active: tf.getBackend(), note: `auto measured ${list}${why} → ${best.name}` };
}
