/**
 * The training worker's handler of the page's commands, on its one {@link TrainingSession}.
 * Commands are serialised on the session's promise chain; `pause` alone acts at once, by ending
 * the loop after the step in flight. Three counters order them: `generation` (a loop ends when it
 * changes), `epoch` (commands from before the latest init or reset are dropped) and `deviceLosses`
 * (commands queued on a lost GPU device are abandoned, errors included).
 */
import * as tf from '@tensorflow/tfjs';
import type { StepPoint } from '../../ml/trainer';
import { tfjsPairOps } from '../../ml/ops/tfjsPairOps';
import { webgpuPairOps } from '../../ml/kernels/webgpuPairOps';
import type { RunFileCommand, ToWorker } from '../protocol';
import { embeddingsFile, failureMessage, modelFile, openModel, readyReport } from './runFiles';
import { CollapseWatch } from './collapseWatch';
import type { TrainingSession } from './session';
import { build } from './lifecycle';
import { loop, step } from './trainingLoop';

/**
 * Runs one command. `receivedAt` is the epoch when it arrived: a play, step or evaluation
 * overtaken by a later init or reset (e.g. Play pressed while a run was still building, then
 * another preset opened) belongs to a run that no longer exists, and is dropped.
 */
async function handle(s: TrainingSession, msg: ToWorker, receivedAt: number, wasRunning = false): Promise<void> {
  const stale = receivedAt !== s.epoch;
  switch (msg.type) {
    case 'init':
      s.config = msg.config;
      s.dataUrl = msg.dataUrl;
      s.faults = msg.faults ?? {};
      s.autoFrom = msg.autoFrom ?? null;
      s.runId = msg.run;
      s.useTurns(msg.turns ?? null);
      return build(s);
    case 'reset':
      s.runId = msg.run;
      return build(s);
    case 'step': {
      if (stale) return;
      const pending: StepPoint[] = [];
      await step(s, pending);
      if (pending.length) s.post({ type: 'steps', points: pending });
      return s.postState();
    }
    case 'play':
      return stale ? undefined : loop(s);
    case 'evaluate':
      if (!stale) await s.sendEvaluation(msg.full);
      return;
    case 'pause':
      return;
    case 'exportModel':
    case 'exportEmbeddings':
    case 'loadModel':
      return stale ? undefined : fileCommand(s, msg, wasRunning);
    case 'adoptModel':
      return stale ? undefined : adoptModel(s, msg.run);
  }
}

/**
 * Saves or opens the run's files (src/worker/training/runFiles.ts) between two steps: training that the
 * command interrupted goes on after it, unless another command came or a model replaced the run.
 * A file that cannot be opened changes nothing: its reason is posted as an error notice.
 */
async function fileCommand(s: TrainingSession, msg: RunFileCommand, wasRunning: boolean): Promise<void> {
  const [mine, before, device] = [s.generation, s.run, s.deviceLosses];
  try {
    if (msg.type === 'exportModel' && s.run && s.config) s.post(...(await modelFile(s.run, s.config)));
    if (msg.type === 'exportEmbeddings' && s.run) s.post(await embeddingsFile(s.run, s.yieldToEvents));
    if (msg.type === 'loadModel' && s.config) {
      const label = 'Opening the model';
      const opsNow = tf.getBackend() === 'webgpu' ? webgpuPairOps : tfjsPairOps;
      const opened = await openModel(msg, s.config.backend, s.dataUrl, opsNow, (fraction) => s.post({ type: 'progress', label, fraction }), s.faults.dataTimeoutMs);
      s.run?.dispose();
      // Answers still due for the replaced run are dropped.
      s.refreshes.newRun();
      [s.run, s.config, s.checkpoint, s.diverged] = [opened.trainer, opened.config, null, false];
      s.collapse = new CollapseWatch(opened.config, opened.trainer.split.train.y);
      // Commands sent to the replaced run (a Play pressed meanwhile) are dropped; the page adopts this one.
      s.epoch++;
      s.post({ type: 'modelOpened', config: opened.config, step: opened.trainer.step });
    }
  } catch (err) {
    if (device === s.deviceLosses) s.post({ type: 'notice', level: 'error', message: failureMessage(msg, err) });
  }
  if (wasRunning && s.run === before && mine === s.generation && !s.running && !s.dead && !s.diverged) {
    s.running = true;
    await loop(s);
  }
}

/** The page took the opened model as run number `n`: report it as a new run (ready, its view, its state). */
async function adoptModel(s: TrainingSession, n: number): Promise<void> {
  if (!s.run) return;
  s.runId = n;
  // Its step first, so the page never shows the opened run ready at step 0.
  s.postState();
  s.post(readyReport(s.run));
  await s.sendSnapshot();
  s.postState();
}

/**
 * Takes one command from the page. Pause must not wait behind the loop it stops; anything else
 * (but an evaluation asked for while training) stops the loop first, and waits its turn on the
 * session's chain.
 */
export function receive(s: TrainingSession, msg: ToWorker): void {
  const wasRunning = s.running;
  // The running flag is set here, not in the queue, so a second play cannot start a loop that
  // outlives a pause.
  if (msg.type === 'evaluate' && s.running) {
    s.fullEvalWanted = true;
    return;
  }
  if (msg.type === 'play') {
    if (s.running || s.dead || s.diverged) return;
    s.running = true;
  } else s.halt();
  // Acknowledge play at once (the loop may start only after work already queued). Pause is not
  // acknowledged here: the loop reports it when it has stopped, after the step in flight.
  if (msg.type === 'play') s.postState();
  if (msg.type === 'pause') return;
  if (msg.type === 'init' || msg.type === 'reset') {
    s.epoch++;
    s.fullEvalWanted = false;
  }
  const receivedAt = s.epoch;
  const device = s.deviceLosses;
  s.chain = s.chain
    .then(() => handle(s, msg, receivedAt, wasRunning))
    .catch((err: unknown) => {
      // A command that failed because the GPU device went away: the recovery speaks for it.
      if (device !== s.deviceLosses) return;
      s.running = false;
      s.post({ type: 'notice', level: 'error', message: err instanceof Error ? err.message : String(err) });
      s.postState();
    });
}
