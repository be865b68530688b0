import { afterEach, describe, expect, it } from 'vitest';
import { createPlaygroundStore, type PlaygroundStore } from '../../state/store';
import { defaultConfig } from '../../state/params';
import { cancelPlayWhenReady, cancelReset, confirmReset, guardState, requestReset, togglePlay, transportState, type GuardedRun } from './runGuard';

const DATASET = { description: 'blobs', trainSize: 10, evalSize: 10, encoder: 'mlp', kernels: 'tfjs' as const };

/** A controller that records what it was asked to do. */
function fakeRun(compare: PlaygroundStore | null = null) {
  const calls: string[] = [];
  const store = createPlaygroundStore(defaultConfig());
  const run: GuardedRun = {
    store,
    compare: compare ? { store: compare } : null,
    runStates: () => [store.getState(), ...(compare ? [compare.getState()] : [])],
    play: () => calls.push('play'),
    pause: () => calls.push('pause'),
    reset: () => calls.push('reset'),
  };
  return { run, store, calls };
}

afterEach(() => {
  cancelPlayWhenReady();
  cancelReset();
});

describe('Space (togglePlay)', () => {
  it('plays a ready run and pauses a running one', () => {
    const { run, store, calls } = fakeRun();
    store.setState({ dataset: DATASET });
    expect(togglePlay(run)).toBe(true);
    store.setState({ running: true });
    expect(togglePlay(run)).toBe(true);
    expect(calls).toEqual(['play', 'pause']);
  });

  it('pressed twice before the worker says it runs: plays, then pauses', () => {
    const { run, store, calls } = fakeRun();
    store.setState({ dataset: DATASET });
    togglePlay(run);
    togglePlay(run);
    expect(calls).toEqual(['play', 'pause']);
    // The worker's late "running" and "paused" change nothing more; the next press plays again.
    store.setState({ running: true });
    store.setState({ running: false });
    togglePlay(run);
    expect(calls).toEqual(['play', 'pause', 'play']);
    // Once it runs, a press pauses it as usual.
    store.setState({ running: true });
    store.setState({ step: 5 });
    togglePlay(run);
    expect(calls).toEqual(['play', 'pause', 'play', 'pause']);
  });

  it('pressed twice while it runs, before the worker says it paused: pauses, then plays', () => {
    const { run, store, calls } = fakeRun();
    store.setState({ dataset: DATASET, running: true });
    togglePlay(run);
    togglePlay(run);
    expect(calls).toEqual(['pause', 'play']);
  });

  it('a play the run never took (it was rebuilt meanwhile) is forgotten', () => {
    const { run, store, calls } = fakeRun();
    store.setState({ dataset: DATASET });
    togglePlay(run);
    store.setState({ progress: { label: 'Building', fraction: 0 } });
    store.setState({ progress: null });
    togglePlay(run);
    expect(calls).toEqual(['play', 'play']);
  });

  it('pressed while the run is being built, starts it once it is ready', () => {
    const { run, store, calls } = fakeRun();
    expect(togglePlay(run)).toBe(true);
    expect(guardState().playWhenReady).toBe(true);
    expect(calls).toEqual([]);
    // The data arrive, still loading: not yet.
    store.setState({ dataset: DATASET, progress: { label: 'Loading', fraction: 0.5 } });
    expect(calls).toEqual([]);
    store.setState({ progress: null });
    expect(calls).toEqual(['play']);
    expect(guardState().playWhenReady).toBe(false);
    // Once only.
    store.setState({ step: 3 });
    expect(calls).toEqual(['play']);
  });

  it('pressed again while waiting, does not start it', () => {
    const { run, store, calls } = fakeRun();
    togglePlay(run);
    expect(togglePlay(run)).toBe(true);
    expect(guardState().playWhenReady).toBe(false);
    store.setState({ dataset: DATASET });
    expect(calls).toEqual([]);
  });

  it('forgets the wish when loading fails', () => {
    const { run, store, calls } = fakeRun();
    togglePlay(run);
    store.setState({ dataError: 'offline' });
    expect(guardState().playWhenReady).toBe(false);
    store.setState({ dataError: null, dataset: DATASET });
    expect(calls).toEqual([]);
  });

  it('does nothing on a finished or diverged run', () => {
    const { run, store, calls } = fakeRun();
    store.setState({ dataset: DATASET, finished: true, step: 40 });
    expect(togglePlay(run)).toBe(false);
    store.setState({ finished: false, diverged: true });
    expect(togglePlay(run)).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('Reset (requestReset)', () => {
  it('resets a paused run that can go on at once', () => {
    const { run, store, calls } = fakeRun();
    store.setState({ dataset: DATASET, step: 12 });
    expect(requestReset(run)).toBe('reset');
    expect(calls).toEqual(['reset']);
  });

  it('asks first on a finished run; yes resets, no keeps it', () => {
    const { run, store, calls } = fakeRun();
    store.setState({ dataset: DATASET, step: 40, finished: true });
    expect(requestReset(run)).toBe('asked');
    expect(guardState().confirmReset).toBe(true);
    expect(calls).toEqual([]);
    cancelReset();
    expect(guardState().confirmReset).toBe(false);
    expect(calls).toEqual([]);
    expect(requestReset(run)).toBe('asked');
    confirmReset(run);
    expect(calls).toEqual(['reset']);
    expect(guardState().confirmReset).toBe(false);
  });

  it('asks on a diverged run, and when B (not A) finished', () => {
    const a = fakeRun();
    a.store.setState({ dataset: DATASET, step: 7, diverged: true });
    expect(requestReset(a.run)).toBe('asked');
    cancelReset();
    const bStore = createPlaygroundStore(defaultConfig());
    const withB = fakeRun(bStore);
    withB.store.setState({ dataset: DATASET, step: 30 });
    bStore.setState({ step: 30, finished: true });
    expect(requestReset(withB.run)).toBe('asked');
  });

  it('drops the question when the run it was about is replaced', () => {
    const { run, store, calls } = fakeRun();
    store.setState({ dataset: DATASET, step: 40, finished: true });
    requestReset(run);
    // A setting changed: a new run (clearRun bumps the number and clears finished).
    store.setState((s) => ({ run: s.run + 1, step: 0, finished: false }));
    expect(guardState().confirmReset).toBe(false);
    expect(calls).toEqual([]);
  });
});

describe('the transport over a comparison (transportState)', () => {
  const ready = { dataset: DATASET };
  it('plays while any run trains, and can play while any ready run is paused', () => {
    const a = createPlaygroundStore(defaultConfig());
    const b = createPlaygroundStore(defaultConfig());
    a.setState({ ...ready, running: true });
    b.setState({ ...ready, running: false });
    expect(transportState([a.getState(), b.getState()])).toEqual({ ready: true, running: true, idle: true, halted: false });
    b.setState({ running: true });
    expect(transportState([a.getState(), b.getState()])).toMatchObject({ running: true, idle: false });
  });

  it('is halted only when every run reached its limit or diverged; a run still being built is not idle', () => {
    const a = createPlaygroundStore(defaultConfig());
    const b = createPlaygroundStore(defaultConfig());
    a.setState({ ...ready, finished: true });
    expect(transportState([a.getState(), b.getState()])).toEqual({ ready: true, running: false, idle: false, halted: false });
    b.setState({ ...ready, diverged: true });
    expect(transportState([a.getState(), b.getState()]).halted).toBe(true);
  });

  it('Space pauses B while A has finished, and plays it again', () => {
    const bStore = createPlaygroundStore(defaultConfig());
    const { run, store, calls } = fakeRun(bStore);
    store.setState({ ...ready, step: 30, finished: true });
    bStore.setState({ ...ready, step: 20, running: true });
    expect(togglePlay(run)).toBe(true);
    bStore.setState({ running: false });
    expect(togglePlay(run)).toBe(true);
    expect(calls).toEqual(['pause', 'play']);
    bStore.setState({ finished: true });
    expect(togglePlay(run)).toBe(false);
  });
});
