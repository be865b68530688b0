/**
 * The training worker: owns tfjs, the data and the run, so the page's main thread only draws.
 * Commands are serialised on one promise chain; `pause` alone acts at once, by ending the loop
 * after the step in flight.
 */
import * as tf from '@tensorflow/tfjs';
import { Trainer, type Checkpoint, type EvalEmbeddings, type StepPoint } from '../ml/trainer';
import { tfjsPairOps } from '../ml/ops/tfjsPairOps';
import { webgpuPairOps } from '../ml/kernels/webgpuPairOps';
import type { Config } from '../state/params';
import { selectBackend, wasmThreads, webgpuDeviceLost } from './backends';
import { measureAuto } from './autoBackend';
import { loadSplit } from './dataCache';
import { Refreshes } from './refreshes';
import { CollapseWatch } from './collapseWatch';
import type { BackendInfo, RunFileCommand, ToWorker, WorkerReport } from './protocol';
import { embeddingsFile, failureMessage, modelFile, openModel, readyReport } from './runFiles';
import type { Faults } from './faults';
import { injectFaults } from './injectFaults';

/** Number of the run being built or trained; stamped on every report. */
let runId = 0;
const post = (msg: WorkerReport, transfer: Transferable[] = []) =>
  (self as unknown as Worker).postMessage({ ...msg, run: runId }, transfer);

let config: Config | null = null;
let dataUrl = '';
let backendReady: Promise<void> | null = null;
let backendUp = false;
/** auto's pick at start, until it has measured the candidates on the loaded data (once per worker). */
let autoPending: BackendInfo | null = null;
/** True when WebGPU runs on a real GPU adapter (not a CPU fallback such as SwiftShader). */
let realGpu = false;
let run: Trainer | null = null;
let collapse: CollapseWatch | null = null;
let running = false;
/** Bumped by every command but play: a loop ends when it changes, so a later play cannot revive it. */
let generation = 0;
/** Bumped by every init and reset: commands that arrived before the latest one belong to an old run. */
let epoch = 0;
let dead = false;
/** The loss became non-finite: play and step do nothing until the run is rebuilt. */
let diverged = false;
let faults: Faults = {};
/** "Evaluate all" asked for while training: served between two steps, without pausing. */
let fullEvalWanted = false;
let chain: Promise<void> = Promise.resolve();
/** The run's state at its latest snapshot, kept on webgpu only: a lost device continues from it. */
let checkpoint: Checkpoint | null = null;
/** Bumped when the GPU device is lost: commands queued before that are abandoned, errors included. */
let deviceLosses = 0;

/** Step points are batched into one message at most this often. */
const POST_EVERY_MS = 50;

const channel = new MessageChannel();
let wake: (() => void) | null = null;
channel.port1.onmessage = () => wake?.();
/** Lets queued messages (pause, …) in between steps; a resolved promise alone would not. */
const yieldToEvents = () =>
  new Promise<void>((resolve) => {
    wake = resolve;
    channel.port2.postMessage(0);
  });

function postState(): void {
  const limit = config?.steps ?? 0;
  const step = run?.step ?? 0;
  // Before the backend is up, tfjs must not be touched: tf.memory() would try to start it.
  const finished = limit > 0 && step >= limit;
  post({ type: 'state', running, step, finished, diverged, numTensors: backendUp ? tf.memory().numTensors : 0 });
}

function onDeviceLost(why: string): void {
  // A step in flight on the dead device may never settle: start a new chain rather than wait.
  deviceLosses++;
  chain = continueOnWasm(why).catch((err: unknown) => {
    dead = true;
    running = false;
    post({ type: 'fatal', message: `The GPU device was lost (${why}) and the run could not continue on wasm: ${String(err)}` });
  });
}

function announceBackend(info: BackendInfo): void {
  realGpu = info.active === 'webgpu' && info.adapter !== null && !info.adapter.fallback;
  post({ type: 'backend', info: { ...info, threads: wasmThreads() } });
}

async function ensureBackend(c: Config): Promise<void> {
  backendReady ??= selectBackend(c.backend, onDeviceLost).then((info) => {
    backendUp = true;
    // auto says which backend it keeps once it has measured them (in build, after the data load).
    if (c.backend === 'auto') autoPending = info;
    else announceBackend(info);
  });
  await backendReady;
}

async function build(): Promise<void> {
  if (!config) return;
  const c = config;
  await ensureBackend(c);
  run?.dispose();
  run = null;
  checkpoint = null;
  diverged = false;
  const label = c.data === 'mnist' ? 'Loading MNIST' : 'Generating data';
  post({ type: 'progress', label, fraction: 0 });
  let split: Awaited<ReturnType<typeof loadSplit>>;
  try {
    split = await loadSplit(c, dataUrl, (fraction, note) => post({ type: 'progress', label: note ? `${label} (${note})` : label, fraction }), faults.dataTimeoutMs);
  } catch (err) {
    // The bar must not stay beside the error: end it, tell the page to offer the toy sets, and let
    // the chain's handler post the reason as an error notice.
    post({ type: 'progress', label, fraction: 1 });
    if (autoPending) announceBackend(autoPending);
    post({ type: 'dataFailed', message: err instanceof Error ? err.message : String(err) });
    throw err;
  }
  if (autoPending) {
    post({ type: 'progress', label: 'Measuring the backends', fraction: 0.5 });
    announceBackend(await measureAuto(c, split, autoPending, onDeviceLost));
    autoPending = null;
  }
  // Our WGSL kernels on webgpu; composite tfjs ops (same results) on every other backend.
  refreshes.newRun();
  run = new Trainer(c, split, tf.getBackend() === 'webgpu' ? webgpuPairOps : tfjsPairOps);
  collapse = new CollapseWatch(c, split.train.y);
  post({ type: 'progress', label: 'Ready', fraction: 1 });
  post(readyReport(run));
  await sendSnapshot();
  postState();
}

/**
 * After a lost GPU device: switch to wasm, rebuild the run and put back its last checkpoint (or
 * start it over from its seeds), tell the page from which step the curve goes on, and keep
 * training if it was.
 */
async function continueOnWasm(why: string): Promise<void> {
  const wasRunning = running;
  running = false;
  generation++;
  const lost = run;
  run = null;
  const from = checkpoint;
  try {
    lost?.dispose();
  } catch {
    // Its buffers went with the device.
  }
  if (!config) return;
  const info = await selectBackend('wasm', () => {});
  backendReady = Promise.resolve();
  // Lost while the run was being built: build it again, now on wasm.
  if (!lost) {
    announceBackend({ ...info, requested: config.backend, note: `the GPU device was lost (${why}); continued on ${info.active}` });
    return build();
  }
  const note = `the GPU device was lost (${why}); continued on ${info.active} from step ${from?.step ?? 0}`;
  announceBackend({ ...info, requested: config.backend, note });
  post({ type: 'notice', level: 'warn', message: `The GPU device was lost (${why}). Training goes on on ${info.active} from step ${from?.step ?? 0}, its last checkpoint; the curve after that step is redrawn.` });
  run = new Trainer(config, lost.split, tfjsPairOps);
  if (from) await run.restore(from);
  collapse = new CollapseWatch(config, lost.split.train.y);
  post({ type: 'resumed', step: run.step });
  // The view of the restored run (its metrics at this step are already on the page).
  await refreshes.viewInPlace(run, await run.evaluate(yieldToEvents));
  await keepCheckpoint();
  postState();
  if (wasRunning) {
    running = true;
    await loop();
  }
}

const refreshes = new Refreshes({
  post,
  between: () => yieldToEvents(),
  realGpu: () => realGpu,
  faults: () => faults,
  // Embedded on the metrics worker: a collapse found now pauses the run as a pause command would.
  embedded: (ev) => {
    if (running && collapsed(ev)) {
      running = false;
      generation++;
    }
  },
});

/**
 * Embeds the evaluation set, posts the 2-D view, and the all-pairs metrics when they are due.
 * False when the embedding has collapsed (the run pauses with an explanation).
 */
async function sendSnapshot(): Promise<boolean> {
  if (!run || !config) return true;
  const ev = await refreshes.refresh(run, config);
  await keepCheckpoint();
  return !ev || !collapsed(ev);
}

/** True, with the explanation posted, when `ev` shows the run's embedding collapsed (once per run). */
function collapsed(ev: EvalEmbeddings): boolean {
  const verdict = collapse?.check(ev);
  if (!verdict) return false;
  post({ type: 'notice', level: 'warn', message: `Paused at step ${ev.step}: ${verdict.message}` });
  return true;
}

/** All-pairs metrics of the run now, on the periodic subsample or every item (`full`). */
async function sendEvaluation(full: boolean): Promise<void> {
  if (run && config) await refreshes.metricsInPlace(run, config, await run.evaluate(yieldToEvents), full);
}

/** On webgpu, the run's state at this refresh: a lost device continues from it. */
async function keepCheckpoint(): Promise<void> {
  // Only a GPU device can be lost; elsewhere the readback would be wasted.
  if (run && tf.getBackend() === 'webgpu') checkpoint = await run.checkpoint();
}

/** On webgpu, the next step queued while this one's loss is read back (see {@link step}). */
let ahead: { run: Trainer; point: Promise<StepPoint> } | null = null;

/** A step after which the run pauses for a snapshot or an evaluation, or stops. */
const isBoundary = (c: Config, t: number) => t % c.evalEvery === 0 || t % c.metricsEvery === 0 || t === c.steps;

/**
 * One step; false when the run must stop (limit reached, divergence). With `pipeline` (Play on
 * webgpu) the next step is queued before this one's loss is awaited — unless this one ends at a
 * boundary, where the snapshot must see exactly this step's weights.
 */
async function step(pending: StepPoint[], pipeline = false): Promise<boolean> {
  if (!run || !config || dead || diverged) return false;
  const current = run;
  let point: Promise<StepPoint>;
  if (ahead?.run === current) point = ahead.point;
  else {
    if (config.steps > 0 && current.step >= config.steps) return false;
    injectFaults(faults, current.step + 1, current.encoder.variables);
    point = current.queueStep();
  }
  ahead = null;
  const t = current.step;
  if (pipeline && running && !isBoundary(config, t) && !(config.steps > 0 && t >= config.steps)) {
    injectFaults(faults, t + 1, current.encoder.variables);
    const next = current.queueStep();
    // Dropped unread if the device dies meanwhile: its rejection is expected, not an error.
    next.catch(() => {});
    ahead = { run: current, point: next };
  }
  const p = await settled(point);
  // The device was lost while this step ran: the run it belonged to is gone.
  if (current !== run) return false;
  pending.push(p);
  collapse?.record(p.loss);
  if (!Number.isFinite(p.loss)) {
    diverged = true;
    post({
      type: 'notice',
      level: 'error',
      message: `Training diverged at step ${p.step} (loss is ${p.loss}). Paused: lower the learning rate or α, then reset. The curve so far is kept.`,
    });
    return false;
  }
  if (isBoundary(config, p.step)) {
    post({ type: 'steps', points: pending.splice(0) });
    return sendSnapshot();
  }
  return true;
}

/**
 * A step's point; if its readback failed because the GPU device died, never: the lost-device
 * recovery (onDeviceLost) takes the run over, as for a step that never settles.
 */
async function settled(point: Promise<StepPoint>): Promise<StepPoint> {
  try {
    return await point;
  } catch (err) {
    if (await webgpuDeviceLost()) return new Promise<StepPoint>(() => {});
    throw err;
  }
}

/** A step queued ahead when the loop stopped is trained: its point joins the curve. */
async function drainAhead(pending: StepPoint[]): Promise<void> {
  const a = ahead;
  ahead = null;
  if (!a || a.run !== run) return;
  const p = await settled(a.point);
  if (a.run !== run) return;
  pending.push(p);
  collapse?.record(p.loss);
  if (!Number.isFinite(p.loss)) diverged = true;
}

async function loop(): Promise<void> {
  const pending: StepPoint[] = [];
  const mine = generation;
  const device = deviceLosses;
  let lastPost = performance.now();
  postState();
  while (running && mine === generation) {
    if (!(await step(pending, tf.getBackend() === 'webgpu')) && mine === generation) running = false;
    // The device was lost meanwhile: this loop's run is gone, and so are its unposted points.
    if (device !== deviceLosses) return;
    if (fullEvalWanted && run) {
      fullEvalWanted = false;
      await sendEvaluation(true);
    }
    if (pending.length && (!running || performance.now() - lastPost > POST_EVERY_MS)) {
      post({ type: 'steps', points: pending.splice(0) });
      lastPost = performance.now();
    }
    postState();
    await yieldToEvents();
  }
  // A pause (or any other command) that lands during the yield ends the loop: post what is left,
  // or those steps would be trained but missing from the curve.
  if (device === deviceLosses) await drainAhead(pending);
  if (pending.length) post({ type: 'steps', points: pending.splice(0) });
  postState();
}

/**
 * Runs one command. `receivedAt` is the epoch when it arrived: a play, step or evaluation
 * overtaken by a later init or reset (e.g. Play pressed while a run was still building, then
 * another preset opened) belongs to a run that no longer exists, and is dropped.
 */
async function handle(msg: ToWorker, receivedAt: number, wasRunning = false): Promise<void> {
  const stale = receivedAt !== epoch;
  switch (msg.type) {
    case 'init':
      config = msg.config;
      dataUrl = msg.dataUrl;
      faults = msg.faults ?? {};
      runId = msg.run;
      return build();
    case 'reset':
      runId = msg.run;
      return build();
    case 'step': {
      if (stale) return;
      const pending: StepPoint[] = [];
      await step(pending);
      if (pending.length) post({ type: 'steps', points: pending });
      return postState();
    }
    case 'play':
      return stale ? undefined : loop();
    case 'evaluate':
      if (!stale) await sendEvaluation(msg.full);
      return;
    case 'pause':
      return;
    case 'exportModel':
    case 'exportEmbeddings':
    case 'loadModel':
      return stale ? undefined : fileCommand(msg, wasRunning);
    case 'adoptModel':
      return stale ? undefined : adoptModel(msg.run);
  }
}

/**
 * Saves or opens the run's files (src/worker/runFiles.ts) between two steps: training that the
 * command interrupted goes on after it, unless another command came or a model replaced the run.
 * A file that cannot be opened changes nothing: its reason is posted as an error notice.
 */
async function fileCommand(msg: RunFileCommand, wasRunning: boolean): Promise<void> {
  const [mine, before, device] = [generation, run, deviceLosses];
  try {
    if (msg.type === 'exportModel' && run && config) post(...(await modelFile(run, config)));
    if (msg.type === 'exportEmbeddings' && run) post(await embeddingsFile(run, yieldToEvents));
    if (msg.type === 'loadModel' && config) {
      const label = 'Opening the model';
      const opsNow = tf.getBackend() === 'webgpu' ? webgpuPairOps : tfjsPairOps;
      const opened = await openModel(msg, config.backend, dataUrl, opsNow, (fraction) => post({ type: 'progress', label, fraction }), faults.dataTimeoutMs);
      run?.dispose();
      // Answers still due for the replaced run are dropped.
      refreshes.newRun();
      [run, config, checkpoint, diverged] = [opened.trainer, opened.config, null, false];
      collapse = new CollapseWatch(opened.config, opened.trainer.split.train.y);
      // Commands sent to the replaced run (a Play pressed meanwhile) are dropped; the page adopts this one.
      epoch++;
      post({ type: 'modelOpened', config: opened.config, step: opened.trainer.step });
    }
  } catch (err) {
    if (device === deviceLosses) post({ type: 'notice', level: 'error', message: failureMessage(msg, err) });
  }
  if (wasRunning && run === before && mine === generation && !running && !dead && !diverged) {
    running = true;
    await loop();
  }
}

/** The page took the opened model as run number `n`: report it as a new run (ready, its view, its state). */
async function adoptModel(n: number): Promise<void> {
  if (!run) return;
  runId = n;
  // Its step first, so the page never shows the opened run ready at step 0.
  postState();
  post(readyReport(run));
  await sendSnapshot();
  postState();
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const msg = e.data;
  const wasRunning = running;
  // Pause must not wait behind the loop it stops; anything else (but an evaluation asked for while
  // training) stops the loop first. The running flag is set here, not in the queue, so a second
  // play cannot start a loop that outlives a pause.
  if (msg.type === 'evaluate' && running) {
    fullEvalWanted = true;
    return;
  }
  if (msg.type === 'play') {
    if (running || dead || diverged) return;
    running = true;
  } else {
    running = false;
    generation++;
  }
  // Acknowledge play at once (the loop may start only after work already queued). Pause is not
  // acknowledged here: the loop reports it when it has stopped, after the step in flight.
  if (msg.type === 'play') postState();
  if (msg.type === 'pause') return;
  if (msg.type === 'init' || msg.type === 'reset') {
    epoch++;
    fullEvalWanted = false;
  }
  const receivedAt = epoch;
  const device = deviceLosses;
  chain = chain
    .then(() => handle(msg, receivedAt, wasRunning))
    .catch((err: unknown) => {
      // A command that failed because the GPU device went away: the recovery speaks for it.
      if (device !== deviceLosses) return;
      running = false;
      post({ type: 'notice', level: 'error', message: err instanceof Error ? err.message : String(err) });
      postState();
    });
};
