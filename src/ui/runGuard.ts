/**
 * What one key must never do, and what it must not silently drop (shared by the transport and the
 * keyboard shortcuts):
 * - Reset on a finished or diverged run asks first (the transport shows the question): such a run
 *   cannot train on, so one stray key press would only ever lose it.
 * - Play (Space) pressed while the run is being built (after a setting change, before the worker
 *   reports it ready) is kept: the run starts as soon as it is ready, and the transport says so.
 * - Space pressed twice in quick succession plays then pauses (or pauses then plays): the second
 *   press comes before the worker has answered the first, and acts on what the first asked for.
 * The state is page-wide (one transport), outside the store; React reads it with {@link useRunGuard}.
 */
import { useSyncExternalStore } from 'react';
import type { PlaygroundState, PlaygroundStore } from '../state/store';

/** The part of a controller the guard drives (a Controller; tests pass their own). */
export interface GuardedRun {
  readonly store: PlaygroundStore;
  readonly compare: { readonly store: PlaygroundStore } | null;
  /** The state of every run the transport drives (A's first: A, its further seeds, B, B's). */
  runStates(): PlaygroundState[];
  play(): void;
  pause(): void;
  reset(): void;
}

export interface GuardState {
  /** Space was pressed while the run was being built: it starts when ready. */
  playWhenReady: boolean;
  /** Reset was asked for on a finished or diverged run: the transport asks to confirm. */
  confirmReset: boolean;
}

/** The run can be played: its data and model are ready. */
export const isReady = (s: PlaygroundState): boolean => s.dataset !== null && s.progress === null;
/** The run cannot train on (step limit reached, or diverged). */
export const isHalted = (s: PlaygroundState): boolean => s.finished || s.diverged;
/** What the transport shows for the runs it drives (A's first): a comparison plays while any of its runs does. */
export interface TransportState {
  /** A's run can be played: its data and model are ready. */
  ready: boolean;
  /** Some run trains (Pause stops them all). */
  running: boolean;
  /** Some ready run could train and does not (Play starts it). */
  idle: boolean;
  /** No run can train on (each reached its step limit or diverged). */
  halted: boolean;
}

/** The transport's state over the states of the runs it drives, A's first. */
export function transportState(runs: readonly PlaygroundState[]): TransportState {
  return {
    ready: runs.length > 0 && isReady(runs[0]),
    running: runs.some((s) => s.running),
    idle: runs.some((s) => !s.running && isReady(s) && !isHalted(s)),
    halted: runs.every(isHalted),
  };
}

/** The run is being built (it will be ready unless loading fails). */
const isBuilding = (s: PlaygroundState): boolean => !isReady(s) && s.dataError === null && s.fatal === null;

let state: GuardState = { playWhenReady: false, confirmReset: false };
const listeners = new Set<() => void>();
let stopPlayWatch: (() => void) | null = null;
let stopResetWatch: (() => void) | null = null;
/**
 * What Space last asked a run for (play: running true; pause: false), until its worker's state
 * says so or the run stops being playable: a press before that answer acts on what was asked.
 */
let sent: { store: PlaygroundStore; running: boolean; stop: () => void } | null = null;

/** Plays or pauses `c`, and remembers it until the worker's state answers. */
function send(c: GuardedRun, running: boolean): void {
  forgetSent();
  if (running) c.play();
  else c.pause();
  // A's worker answers for the comparison; a halted A answers nothing (B's runs do): nothing to remember.
  if (isHalted(c.store.getState())) return;
  const stop = c.store.subscribe((now) => {
    if (now.running === running || !isReady(now) || isHalted(now)) forgetSent();
  });
  sent = { store: c.store, running, stop };
}

function forgetSent(): void {
  sent?.stop();
  sent = null;
}

function set(next: Partial<GuardState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

/** The guard's state now (tests; components use {@link useRunGuard}). */
export function guardState(): GuardState {
  return state;
}

/** The guard's state, re-rendering on change. */
export function useRunGuard(): GuardState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
}

/** Forgets a play waiting for the run to be ready. */
export function cancelPlayWhenReady(): void {
  forgetSent();
  stopPlayWatch?.();
  stopPlayWatch = null;
  if (state.playWhenReady) set({ playWhenReady: false });
}

/**
 * Space: pauses a running run, plays a ready one, and while the run is being built, starts it once
 * it is ready (pressed again meanwhile: it will not). False when there is nothing to do (a finished
 * or diverged run, a failed one).
 */
export function togglePlay(c: GuardedRun): boolean {
  const s = c.store.getState();
  const t = transportState(c.runStates());
  if (state.playWhenReady) {
    cancelPlayWhenReady();
    return true;
  }
  if (sent?.store === c.store ? sent.running : t.running) {
    send(c, false);
    return true;
  }
  if (t.halted) return false;
  if (t.ready) {
    send(c, true);
    return true;
  }
  if (!isBuilding(s)) return false;
  set({ playWhenReady: true });
  const check = (now: PlaygroundState) => {
    if (now.running) cancelPlayWhenReady();
    else if (isReady(now)) {
      cancelPlayWhenReady();
      if (!isHalted(now)) send(c, true);
    } else if (!isBuilding(now)) cancelPlayWhenReady();
  };
  stopPlayWatch?.();
  stopPlayWatch = c.store.subscribe(check);
  return true;
}

/** Whether a reset now would throw away a finished or diverged run (A's or B's). */
export function resetLosesRun(c: GuardedRun): boolean {
  const lost = (s: PlaygroundState) => isHalted(s) && s.step > 0;
  return lost(c.store.getState()) || (c.compare !== null && lost(c.compare.store.getState()));
}

/** Forgets a pending question about resetting. */
export function cancelReset(): void {
  stopResetWatch?.();
  stopResetWatch = null;
  if (state.confirmReset) set({ confirmReset: false });
}

/**
 * Reset (the button, `r`): at once on a run that can go on; on a finished or diverged one, asks
 * first ('asked'; the transport shows the question). The question goes away by itself when the run
 * it was about is replaced (a setting changed, a preset opened).
 */
export function requestReset(c: GuardedRun): 'reset' | 'asked' {
  cancelPlayWhenReady();
  if (!resetLosesRun(c)) {
    cancelReset();
    c.reset();
    return 'reset';
  }
  if (!state.confirmReset) {
    const run = c.store.getState().run;
    set({ confirmReset: true });
    stopResetWatch = c.store.subscribe((now) => {
      if (now.run !== run || !resetLosesRun(c)) cancelReset();
    });
  }
  return 'asked';
}

/** The question was answered yes: the run is reset from the same seeds. */
export function confirmReset(c: GuardedRun): void {
  cancelReset();
  c.reset();
}
