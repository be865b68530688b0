/**
 * The life cycle of the worker session's run: built from its configuration (the backend started,
 * the data loaded, auto's measurement), and — when the GPU device is lost — rebuilt on wasm from
 * its last checkpoint, training on if it was.
 */
import * as tf from '@tensorflow/tfjs';
import { Trainer } from '../../ml/trainer';
import { tfjsPairOps } from '../../ml/ops/tfjsPairOps';
import { webgpuPairOps } from '../../ml/kernels/webgpuPairOps';
import { loadSplit } from './dataCache';
import { CollapseWatch } from './collapseWatch';
import { readyReport } from './runFiles';
import type { TrainingSession } from './session';
import { loop } from './trainingLoop';

/** (Re)builds `s`'s run from its configuration and reports it ready, with its first view. */
export async function build(s: TrainingSession): Promise<void> {
  if (!s.config) return;
  const c = s.config;
  const lost = (why: string) => onDeviceLost(s, why);
  await s.backend.ensure(c, lost, s.autoFrom);
  s.run?.dispose();
  s.run = null;
  s.checkpoint = null;
  s.diverged = false;
  const label = c.data === 'mnist' ? 'Loading MNIST' : 'Generating data';
  s.post({ type: 'progress', label, fraction: 0 });
  let split: Awaited<ReturnType<typeof loadSplit>>;
  try {
    split = await loadSplit(c, s.dataUrl, (fraction, note) => s.post({ type: 'progress', label: note ? `${label} (${note})` : label, fraction }), s.faults.dataTimeoutMs);
  } catch (err) {
    // The bar must not stay beside the error: end it, tell the page to offer the toy sets, and let
    // the chain's handler post the reason as an error notice.
    s.post({ type: 'progress', label, fraction: 1 });
    s.backend.announcePending();
    s.post({ type: 'dataFailed', message: err instanceof Error ? err.message : String(err) });
    throw err;
  }
  await s.backend.measurePending(c, split, lost);
  // Our WGSL kernels on webgpu; composite tfjs ops (same results) on every other backend.
  s.refreshes.newRun();
  s.run = new Trainer(c, split, tf.getBackend() === 'webgpu' ? webgpuPairOps : tfjsPairOps);
  s.collapse = new CollapseWatch(c, split.train.y);
  s.post({ type: 'progress', label: 'Ready', fraction: 1 });
  s.post(readyReport(s.run));
  await s.sendSnapshot();
  s.postState();
}

/** The GPU device died: the commands queued on it are abandoned, and the run goes on on wasm. */
function onDeviceLost(s: TrainingSession, why: string): void {
  // A step in flight on the dead device may never settle: start a new chain rather than wait.
  s.deviceLosses++;
  s.chain = continueOnWasm(s, why).catch((err: unknown) => {
    s.dead = true;
    s.running = false;
    s.post({ type: 'fatal', message: `The GPU device was lost (${why}) and the run could not continue on wasm: ${String(err)}` });
  });
}

/**
 * After a lost GPU device: switch to wasm, rebuild the run and put back its last checkpoint (or
 * start it over from its seeds), tell the page from which step the curve goes on, and keep
 * training if it was.
 */
async function continueOnWasm(s: TrainingSession, why: string): Promise<void> {
  const wasRunning = s.running;
  s.halt();
  const lost = s.run;
  s.run = null;
  const from = s.checkpoint;
  try {
    lost?.dispose();
  } catch {
    // Its buffers went with the device.
  }
  if (!s.config) return;
  const info = await s.backend.fallBackToWasm();
  // Lost while the run was being built: build it again, now on wasm.
  if (!lost) {
    s.backend.announce({ ...info, requested: s.config.backend, note: `the GPU device was lost (${why}); continued on ${info.active}` });
    return build(s);
  }
  const note = `the GPU device was lost (${why}); continued on ${info.active} from step ${from?.step ?? 0}`;
  s.backend.announce({ ...info, requested: s.config.backend, note });
  s.post({ type: 'notice', level: 'warn', message: `The GPU device was lost (${why}). Training goes on on ${info.active} from step ${from?.step ?? 0}, its last checkpoint; the curve after that step is redrawn.` });
  const run = new Trainer(s.config, lost.split, tfjsPairOps);
  s.run = run;
  if (from) await run.restore(from);
  s.collapse = new CollapseWatch(s.config, lost.split.train.y);
  s.post({ type: 'resumed', step: run.step });
  // The view of the restored run (its metrics at this step are already on the page).
  await s.refreshes.viewInPlace(run, await run.evaluate(s.yieldToEvents));
  await s.keepCheckpoint();
  s.postState();
  if (wasRunning) {
    s.running = true;
    await loop(s);
  }
}
