/**
 * The training worker's command handling in Node: a {@link TrainingSession} on tfjs's cpu backend,
 * driven through `receive` with a fake `postToPage` that keeps every report. The interleavings a
 * browser only meets by chance are made to happen at a chosen point (a hook in the step's CPU turn
 * or in a refresh), so no test waits on a clock.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useCpuBackend } from '../../ml/ml.testkit';
import { defaultConfig, type Config } from '../../state/params';
import type { StepPoint } from '../../ml/trainer';
import type { ToWorker, WorkerReport } from '../protocol';
import { receive } from './commands';
import { TrainingSession } from './session';

beforeAll(useCpuBackend);

/** A small toy run: 30 steps, a refresh every 10, no periodic all-pairs metrics. */
const CONFIG: Config = { ...defaultConfig(), data: 'blobs', backend: 'cpu', model: 'mlp', dim: 2, batch: 32, steps: 30, evalEvery: 10, metricsEvery: 0, evalItems: 100 };

type Report = WorkerReport & { run: number };

/** A session whose backend is the test's cpu backend; `lose(why)` is what a lost WebGPU device would call. */
function session() {
  const reports: Report[] = [];
  const onPost: ((r: Report) => void)[] = [];
  const s = new TrainingSession((msg) => {
    reports.push(msg as Report);
    for (const f of onPost) f(msg as Report);
  });
  let lostHandler: ((why: string) => void) | null = null;
  vi.spyOn(s.backend, 'ensure').mockImplementation(async (_c, onDeviceLost) => {
    lostHandler = onDeviceLost;
    s.backend.up = true;
  });
  vi.spyOn(s.backend, 'fallBackToWasm').mockResolvedValue({ requested: 'wasm', active: 'cpu', adapter: null, note: null });
  sessions.push(s);
  const send = (...msgs: ToWorker[]) => msgs.forEach((m) => receive(s, m));
  const of = <T extends Report['type']>(type: T, run?: number) =>
    reports.filter((r): r is Extract<Report, { type: T }> => r.type === type && (run === undefined || r.run === run));
  const lose = (why: string) => lostHandler!(why);
  return { s, reports, send, of, lose, onPost };
}

/** Runs `hook` before the CPU turn of each step, with the step's number (1 for the first). */
function beforeEachStep(s: TrainingSession, hook: (next: number) => void): void {
  vi.spyOn(s, 'takeTurn').mockImplementation(async () => {
    hook((s.run?.step ?? 0) + 1);
    return () => {};
  });
}

/** Waits until the session's command chain is idle (a command may replace the chain while it runs). */
async function settle(s: TrainingSession): Promise<void> {
  for (let c = s.chain; ; c = s.chain) {
    await c;
    if (c === s.chain) return;
  }
}

/** A session with run 1 built and ready, paused at step 0. */
async function readySession() {
  const t = session();
  t.send(init(1));
  await settle(t.s);
  return t;
}

/** The step numbers from `first` to `last`. */
const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
const trained = (points: { points: StepPoint[] }[]) => points.flatMap((r) => r.points.map((p) => p.step));
const init = (run: number, config = CONFIG): ToWorker => ({ type: 'init', config, dataUrl: '', run });

const sessions: TrainingSession[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.run?.dispose();
  vi.restoreAllMocks();
});

describe('commands out of order', () => {
  it('builds the run of an init that overtook a play paused, and every later report is the new run’s', async () => {
    const { s, send, of } = session();
    send(init(1), { type: 'play' }, init(2));
    await settle(s);
    expect(s.epoch).toBe(2);
    expect(of('steps')).toEqual([]);
    expect(of('ready').map((r) => r.run)).toEqual([1, 2]);
    expect(of('state').at(-1)).toMatchObject({ run: 2, running: false, step: 0 });
    // A step given after the latest init is the new run's.
    send({ type: 'step' });
    await settle(s);
    expect(trained(of('steps', 2))).toEqual([1]);
  });

  it('drops a play given while a run was built that another init replaced: only the latest play trains, the latest run', async () => {
    const { s, send, of } = session();
    // Play pressed while run 1 was being built, then another preset opened (run 2) and Play again.
    send(init(1), { type: 'play' }, init(2), { type: 'play' });
    await settle(s);
    expect(of('steps', 1)).toEqual([]);
    expect(trained(of('steps', 2))).toEqual(range(1, 30));
  });

  it('trains a play given before the run is ready once it is, and a second play starts no second loop', async () => {
    const { s, send, of } = session();
    send(init(1), { type: 'play' }, { type: 'play' });
    await settle(s);
    expect(trained(of('steps', 1))).toEqual(range(1, 30));
    expect(of('state').at(-1)).toMatchObject({ running: false, finished: true, step: 30 });
  });

  it('serves "Evaluate all" asked for while training between two steps, and forgets it at a reset', async () => {
    const { s, send, of } = await readySession();
    beforeEachStep(s, (next) => {
      if (next === 5) send({ type: 'evaluate', full: true });
    });
    send({ type: 'play' });
    await settle(s);
    expect(of('evaluation', 1).map((r) => [r.step, r.full])).toEqual([[5, true]]);
    // Play marks the run running at once: an evaluation asked for then waits for the next step…
    send({ type: 'play' }, { type: 'evaluate', full: true });
    expect(s.fullEvalWanted).toBe(true);
    // …and a reset forgets it: it was the old run's.
    send({ type: 'reset', run: 2 });
    expect(s.fullEvalWanted).toBe(false);
    await settle(s);
    expect(of('evaluation', 2)).toEqual([]);
  });
});

describe('pause during a step', () => {
  it('ends the loop after the step in flight, with every trained step posted, and a later play goes on from there', async () => {
    const { s, send, of } = await readySession();
    const before = s.generation;
    beforeEachStep(s, (next) => {
      if (next === 14) send({ type: 'pause' });
    });
    send({ type: 'play' });
    await settle(s);
    // Pause bumped the generation: the loop it ended cannot be revived by a later play.
    expect(s.generation).toBe(before + 1);
    expect(s.running).toBe(false);
    expect(trained(of('steps'))).toEqual(range(1, 14));
    expect(of('state').at(-1)).toMatchObject({ running: false, step: 14, finished: false });
    vi.mocked(s.takeTurn).mockResolvedValue(() => {});
    send({ type: 'play' });
    await settle(s);
    expect(trained(of('steps'))).toEqual(range(1, 30));
  });
});

describe('a command during training', () => {
  it('is served between two steps, and the training it interrupted goes on after it', async () => {
    const { s, send, of } = await readySession();
    beforeEachStep(s, (next) => {
      if (next === 10) send({ type: 'exportEmbeddings' });
    });
    send({ type: 'play' });
    await settle(s);
    expect(of('embeddingsFile').map((r) => r.step)).toEqual([10]);
    expect(trained(of('steps'))).toEqual(range(1, 30));
  });

  it('ends the loop it interrupted for good: a play given at once starts a new loop after the command', async () => {
    const { s, send, of } = await readySession();
    beforeEachStep(s, (next) => {
      if (next === 10) send({ type: 'exportEmbeddings' }, { type: 'play' });
    });
    send({ type: 'play' });
    await settle(s);
    expect(of('embeddingsFile').map((r) => r.step)).toEqual([10]);
    expect(trained(of('steps'))).toEqual(range(1, 30));
  });

  it('does not resume the training it interrupted when another command came meanwhile', async () => {
    const { s, send, of, onPost } = await readySession();
    beforeEachStep(s, (next) => {
      if (next === 10) send({ type: 'exportEmbeddings' });
    });
    // A step pressed while the file is being made: the run stays paused after it, one step on.
    onPost.push((r) => r.type === 'embeddingsFile' && send({ type: 'step' }));
    send({ type: 'play' });
    await settle(s);
    expect(of('embeddingsFile').map((r) => r.step)).toEqual([10]);
    expect(of('state').at(-1)).toMatchObject({ running: false, step: 11 });
  });
});

describe('a reset while a refresh is pending', () => {
  it('lets the refresh finish as the old run, then rebuilds the run from its seeds', async () => {
    const { s, send, of } = await readySession();
    const refresh = s.refreshes.refresh.bind(s.refreshes);
    vi.spyOn(s.refreshes, 'refresh').mockImplementation(async (run, config) => {
      if (run.step === 10 && s.runId === 1) send({ type: 'reset', run: 2 });
      return refresh(run, config);
    });
    send({ type: 'play' });
    await settle(s);
    expect(s.epoch).toBe(2);
    // The refresh in flight reports as run 1 (the page drops it); the loop stopped there.
    expect(of('snapshot', 1).map((r) => r.snapshot.step)).toEqual([0, 10]);
    expect(trained(of('steps', 1))).toEqual(range(1, 10));
    // Run 2 starts over: ready, its view at step 0, paused.
    expect(of('steps', 2)).toEqual([]);
    expect(of('snapshot', 2).map((r) => r.snapshot.step)).toEqual([0]);
    expect(of('state', 2).at(-1)).toMatchObject({ running: false, step: 0 });
    // From the same seeds, the same curve.
    send({ type: 'step' }, { type: 'step' });
    await settle(s);
    const loss = (run: number) => of('steps', run).flatMap((r) => r.points.map((p) => p.loss)).slice(0, 2);
    expect(loss(2)).toEqual(loss(1));
  });
});

describe('a lost device', () => {
  it('abandons the commands queued before it, errors included, and trains on from the last checkpoint', async () => {
    const { s, reports, send, of, lose } = session();
    send(init(1), { type: 'step' }, { type: 'step' }, { type: 'step' }, { type: 'step' }, { type: 'step' });
    await settle(s);
    // The checkpoint a webgpu run keeps at its refreshes (cpu keeps none: the test takes one).
    s.checkpoint = await s.run!.checkpoint();
    let lostAt = 0;
    beforeEachStep(s, (next) => {
      if (next !== 8 || s.deviceLosses > 0) return;
      lostAt = reports.length;
      lose('test');
      // The step on the dead device fails: its error belongs to the loss, which speaks for it.
      throw new Error('the device is gone');
    });
    send({ type: 'play' });
    await settle(s);
    expect(s.deviceLosses).toBe(1);
    expect(of('notice').filter((n) => n.level === 'error')).toEqual([]);
    expect(of('backend').at(-1)?.info.note).toBe('the GPU device was lost (test); continued on cpu from step 5');
    expect(of('resumed')).toMatchObject([{ step: 5 }]);
    // The curve goes on from the checkpoint's step, and the run trains on to its end.
    const after = reports.slice(lostAt).filter((r): r is Extract<Report, { type: 'steps' }> => r.type === 'steps');
    expect(trained(after)).toEqual(range(6, 30));
    expect(of('state').at(-1)).toMatchObject({ running: false, finished: true, step: 30 });
  });

  it('with no checkpoint, the run starts over from its seeds; the lost run’s unposted steps are dropped', async () => {
    const { s, reports, send, of, lose } = await readySession();
    let lostAt = 0;
    beforeEachStep(s, (next) => {
      if (next !== 4 || s.deviceLosses > 0) return;
      lostAt = reports.length;
      lose('test');
    });
    send({ type: 'play' });
    await settle(s);
    expect(of('resumed')).toMatchObject([{ step: 0 }]);
    const after = reports.slice(lostAt).filter((r): r is Extract<Report, { type: 'steps' }> => r.type === 'steps');
    expect(trained(after)).toEqual(range(1, 30));
    expect(of('state').at(-1)).toMatchObject({ running: false, finished: true, step: 30 });
  });

  it('without a lost device, a failed step stops the run with its reason', async () => {
    const { s, send, of } = await readySession();
    beforeEachStep(s, (next) => {
      if (next === 3) throw new Error('the step failed');
    });
    send({ type: 'play' });
    await settle(s);
    expect(of('notice').map((n) => [n.level, n.message])).toEqual([['error', 'the step failed']]);
    expect(of('state').at(-1)).toMatchObject({ running: false, step: 2 });
  });

  it('lost while the run is built: it is built again, and the failed build says nothing', async () => {
    const { s, send, of } = session();
    const ensure = vi.mocked(s.backend.ensure).getMockImplementation()!;
    vi.mocked(s.backend.ensure).mockImplementationOnce(async (c, onLost, from) => {
      await ensure(c, onLost, from);
      onLost('during the build');
      throw new Error('the device is gone');
    });
    send(init(1));
    await settle(s);
    expect(s.deviceLosses).toBe(1);
    expect(of('notice').filter((n) => n.level === 'error')).toEqual([]);
    expect(of('ready', 1)).toHaveLength(1);
    expect(of('backend').at(-1)?.info.note).toBe('the GPU device was lost (during the build); continued on cpu');
  });
});
