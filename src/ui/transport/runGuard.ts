/**
 * What one key must never do, and what it must not silently drop (shared by the transport and the
 * keyboard shortcuts):
 * - Reset on a finished or diverged run asks first (the transport shows the question): such a run
 *   cannot train on, so one stray key press would only ever lose it.
 * - Play (Space) pressed while the run is being built (after a setting change, before the worker
 *   reports it ready) is kept: the run starts as soon as it is ready, and the transport says so.
 * - Space pressed twice in quick succession plays then pauses (or pauses then plays): the second
 *   press comes before the worker has answered the first, and acts on what the first asked for.
 * The state is page-wide (one transport): its flags live in the page's flag store (pageFlags.ts);
 * React reads them with {@link useRunGuard}.
 */
import type { PlaygroundState, PlaygroundStore } from '../../state/store';
import { pageFlags, usePageFlag, type PageFlags } from './pageFlags';

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

/** The guard's page-wide flags: a play waiting for the run to be ready, a reset waiting for its confirmation. */
export type GuardState = Pick<PageFlags, 'playWhenReady' | 'confirmReset'>;

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

/**
 * The store subscriptions the guard holds while it waits for a run's answer (no view draws them, so
 * they are kept here rather than in the flag store). `sent`: what Space last asked a run for (play:
 * running true; pause: false), until its worker's state says so or the run stops being playable —
 * a press before that answer acts on what was asked.
 */
const watching: {
  play: (() => void) | null;
  reset: (() => void) | null;
  sent: { store: PlaygroundStore; running: boolean; stop: () => void } | null;
} = { play: null, reset: null, sent: null };

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
  watching.sent = { store: c.store, running, stop };
}

function forgetSent(): void {
  watching.sent?.stop();
  watching.sent = null;
}

const set = (next: Partial<GuardState>): void => pageFlags.setState(next);

/** The guard's state now (tests; components use {@link useRunGuard}). */
export function guardState(): GuardState {
  const { playWhenReady, confirmReset } = pageFlags.getState();
  return { playWhenReady, confirmReset };
}

/** The guard's state, re-rendering on change. */
export function useRunGuard(): GuardState {
  return { playWhenReady: usePageFlag('playWhenReady'), confirmReset: usePageFlag('confirmReset') };
}

/** Forgets a play waiting for the run to be ready. */
export function cancelPlayWhenReady(): void {
  forgetSent();
  watching.play?.();
  watching.play = null;
  if (guardState().playWhenReady) set({ playWhenReady: false });
}

/**
 * Space: pauses a running run, plays a ready one, and while the run is being built, starts it once
 * it is ready (pressed again meanwhile: it will not). False when there is nothing to do (a finished
 * or diverged run, a failed one).
 */
export function togglePlay(c: GuardedRun): boolean {
  const s = c.store.getState();
  const t = transportState(c.runStates());
  if (guardState().playWhenReady) {
    cancelPlayWhenReady();
    return true;
  }
  const { sent } = watching;
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
  watching.play?.();
  watching.play = c.store.subscribe(check);
  return true;
}

/** Whether a reset now would throw away a finished or diverged run (A's or B's). */
export function resetLosesRun(c: GuardedRun): boolean {
  const lost = (s: PlaygroundState) => isHalted(s) && s.step > 0;
  return lost(c.store.getState()) || (c.compare !== null && lost(c.compare.store.getState()));
}

/** Forgets a pending question about resetting. */
export function cancelReset(): void {
  watching.reset?.();
  watching.reset = null;
  if (guardState().confirmReset) set({ confirmReset: false });
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
  if (!guardState().confirmReset) {
    const run = c.store.getState().run;
    set({ confirmReset: true });
    watching.reset = c.store.subscribe((now) => {
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
