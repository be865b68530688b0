/**
 * The training loop of the worker's session: steps, batched into `steps` reports, with a refresh
 * at each boundary. Play on webgpu pipelines the steps: the next one is queued before this one's
 * loss is read back. A pause (any command but play) ends the loop after the step in flight.
 */
import * as tf from '@tensorflow/tfjs';
import type { StepPoint, Trainer } from '../../ml/trainer';
import type { Config } from '../../state/params';
import { webgpuDeviceLost } from './backends';
import { injectFaults } from './injectFaults';
import type { TrainingSession } from './session';

/**
 * Step points (and the run's state) are posted at most this often: each message wakes the page's
 * main thread, and six runs of a comparison posting every step kept it from drawing on two cores.
 * The page folds reports in every 200 ms (src/ui/run/inbox.ts) anyway.
 */
const POST_EVERY_MS = 100;

/** A step after which the run pauses for a snapshot or an evaluation, or stops. */
const isBoundary = (c: Config, t: number) => t % c.evalEvery === 0 || t % c.metricsEvery === 0 || t === c.steps;

/**
 * One step of `s`'s run, its point pushed onto `pending`; false when the run must stop (limit
 * reached, divergence). With `pipeline` (Play on webgpu) the next step is queued before this one's
 * loss is awaited — unless this one ends at a boundary, where the snapshot must see exactly this
 * step's weights. On the CPU backends the step is computed in a turn (cpuTurns.ts).
 */
export async function step(s: TrainingSession, pending: StepPoint[], pipeline = false): Promise<boolean> {
  const { run: current, config } = s;
  if (!current || !config || s.dead || s.diverged) return false;
  if (s.ahead?.run !== current && config.steps > 0 && current.step >= config.steps) return false;
  const endTurn = await s.takeTurn();
  let p: StepPoint;
  try {
    // Rebuilt or lost while this step waited for its turn: the run it belonged to is gone.
    if (current !== s.run) return false;
    p = await settled(queue(s, current, config, pipeline));
  } finally {
    endTurn();
  }
  // The device was lost while this step ran: the run it belonged to is gone.
  if (current !== s.run) return false;
  pending.push(p);
  s.collapse?.record(p.loss);
  if (!Number.isFinite(p.loss)) {
    s.diverged = true;
    s.post({
      type: 'notice',
      level: 'error',
      message: `Training diverged at step ${p.step} (loss is ${p.loss}). Paused: lower the learning rate or α, then reset. The curve so far is kept.`,
    });
    return false;
  }
  if (isBoundary(config, p.step)) {
    s.post({ type: 'steps', points: pending.splice(0) });
    return s.sendSnapshot();
  }
  return true;
}

/** This step of `current` (queued ahead, or now), and on webgpu the next one queued behind it. */
function queue(s: TrainingSession, current: Trainer, config: Config, pipeline: boolean): Promise<StepPoint> {
  let point: Promise<StepPoint>;
  if (s.ahead?.run === current) point = s.ahead.point;
  else {
    injectFaults(s.faults, current.step + 1, current.encoder.variables);
    point = current.queueStep();
  }
  s.ahead = null;
  const t = current.step;
  if (pipeline && s.running && !isBoundary(config, t) && !(config.steps > 0 && t >= config.steps)) {
    injectFaults(s.faults, t + 1, current.encoder.variables);
    const next = current.queueStep();
    // Dropped unread if the device dies meanwhile: its rejection is expected, not an error.
    next.catch(() => {});
    s.ahead = { run: current, point: next };
  }
  return point;
}

/**
 * A step's point; if its readback failed because the GPU device died, never: the lost-device
 * recovery (lifecycle.ts) takes the run over, as for a step that never settles.
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
async function drainAhead(s: TrainingSession, pending: StepPoint[]): Promise<void> {
  const a = s.ahead;
  s.ahead = null;
  if (!a || a.run !== s.run) return;
  const p = await settled(a.point);
  if (a.run !== s.run) return;
  pending.push(p);
  s.collapse?.record(p.loss);
  if (!Number.isFinite(p.loss)) s.diverged = true;
}

/** Trains `s`'s run while it is running and no other command came; serves "Evaluate all" between steps. */
export async function loop(s: TrainingSession): Promise<void> {
  const pending: StepPoint[] = [];
  const mine = s.generation;
  const device = s.deviceLosses;
  let lastPost = performance.now();
  s.postState();
  while (s.running && mine === s.generation) {
    if (!(await step(s, pending, tf.getBackend() === 'webgpu')) && mine === s.generation) s.running = false;
    // The device was lost meanwhile: this loop's run is gone, and so are its unposted points.
    if (device !== s.deviceLosses) return;
    if (s.fullEvalWanted && s.run) {
      s.fullEvalWanted = false;
      await s.sendEvaluation(true);
    }
    // The steps not yet posted and the run's state, every POST_EVERY_MS (and when it stops). A
    // refresh boundary posts its steps itself (step()): the state still goes on the clock.
    if (!s.running || performance.now() - lastPost > POST_EVERY_MS) {
      if (pending.length) s.post({ type: 'steps', points: pending.splice(0) });
      s.postState();
      lastPost = performance.now();
    }
    await s.yieldToEvents();
  }
  // A pause (or any other command) that lands during the yield ends the loop: post what is left,
  // or those steps would be trained but missing from the curve.
  if (device === s.deviceLosses) await drainAhead(s, pending);
  if (pending.length) s.post({ type: 'steps', points: pending.splice(0) });
  s.postState();
}
