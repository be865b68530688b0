import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../state/params';
import { clearRun, createPlaygroundStore, type PlaygroundState } from '../../state/store';
import type { EmbeddingSnapshot } from '../../state/run/reports';
import type { WorkerReport } from '../../worker/protocol';
import { ingest } from './ingest';

const snapshot = (step: number, accuracy: number): EmbeddingSnapshot => ({
  step,
  dim: 2,
  projection: 'circle',
  explained: 1,
  points: new Float32Array(0),
  labels: new Int32Array(0),
  weights: new Float32Array(0),
  accuracy,
  compactness: 1 - accuracy,
  classifierAccuracy: null,
  gradient: null,
  gradientNote: '',
  plane: null,
});

const report = (ap: number) =>
  ({ ap, opis: 1e-3, epsOpis: 0.02, nmi: 0.5, recall: { k: [1, 2], value: [0.8, 0.9], items: 10 } }) as unknown as NonNullable<PlaygroundState['evaluation']>;

/** A store on a fresh run, and a function that feeds it reports of that run (or of run `of`). */
function fresh() {
  const store = createPlaygroundStore(defaultConfig());
  const run = clearRun(store);
  const feed = (msg: WorkerReport, of = run) => ingest(store, { ...msg, run: of });
  return { store, run, feed };
}

describe('ingest', () => {
  it('drops reports of an older run, but not the worker-wide backend and fatal reports', () => {
    const { store, run, feed } = fresh();
    feed({ type: 'state', running: true, step: 7, finished: false, diverged: false, numTensors: 3 }, run - 1);
    expect(store.getState().step).toBe(0);
    feed({ type: 'backend', info: { requested: 'wasm', active: 'wasm', adapter: null, note: 'no GPU' } }, run - 1);
    expect(store.getState().backend?.active).toBe('wasm');
    feed({ type: 'fatal', message: 'device lost' }, run - 1);
    expect(store.getState().fatal).toBe('device lost');
    expect(store.getState().notices.at(-1)).toMatchObject({ level: 'error', text: 'device lost' });
  });

  it('appends steps, replaces a snapshot of the same step, and truncates on resume', () => {
    const { store, feed } = fresh();
    feed({ type: 'steps', points: [1, 2, 3, 4].map((step) => ({ step, loss: 1 / step, alpha: 16, lr: 0.01 })) });
    feed({ type: 'snapshot', snapshot: snapshot(2, 0.5) });
    feed({ type: 'snapshot', snapshot: snapshot(4, 0.6) });
    feed({ type: 'snapshot', snapshot: snapshot(4, 0.7) });
    let { history, timeline } = store.getState();
    expect(history.step).toEqual([1, 2, 3, 4]);
    expect(history.evalStep).toEqual([2, 4]);
    expect(history.accuracy).toEqual([0.5, 0.7]);
    expect(timeline.map((s) => s.accuracy)).toEqual([0.5, 0.7]);
    const version = store.getState().historyVersion;
    feed({ type: 'resumed', step: 2 });
    ({ history } = store.getState());
    expect(history.step).toEqual([1, 2]);
    expect(history.evalStep).toEqual([2]);
    expect(store.getState().step).toBe(2);
    expect(store.getState().historyVersion).toBeGreaterThan(version);
  });

  it('puts periodic evaluations on the series over steps, and a full one only as the latest', () => {
    const { store, feed } = fresh();
    feed({ type: 'evalProgress', fraction: 0.5 });
    expect(store.getState().evalProgress).toBe(0.5);
    feed({ type: 'evaluation', step: 10, full: false, report: report(0.6) });
    feed({ type: 'evaluation', step: 10, full: true, report: report(0.7) });
    const { evalSeries, evaluation, evalProgress } = store.getState();
    expect(evalSeries.step).toEqual([10]);
    expect(evalSeries.ap).toEqual([0.6]);
    expect(evalSeries.recallAt1).toEqual([0.8]);
    expect(evaluation).toMatchObject({ ap: 0.7, step: 10, full: true });
    expect(evalProgress).toBeNull();
  });

  it('shows progress until it completes, and a failed data load ends it', () => {
    const { store, feed } = fresh();
    feed({ type: 'progress', label: 'Loading MNIST', fraction: 0.25 });
    expect(store.getState().progress).toEqual({ label: 'Loading MNIST', fraction: 0.25 });
    feed({ type: 'progress', label: 'Ready', fraction: 1 });
    expect(store.getState().progress).toBeNull();
    feed({ type: 'progress', label: 'Loading MNIST', fraction: 0.5 });
    feed({ type: 'dataFailed', message: 'offline' });
    expect(store.getState()).toMatchObject({ progress: null, dataError: 'offline' });
  });
});
