/**
 * What the page keeps between visits: the pinned PR curves and the recorded runs, in localStorage.
 * Storage may be full, unavailable or hold anything an older version wrote: nothing here throws,
 * and what cannot be read is left out.
 */
import type { PinnedCurve, PlaygroundStore, RunPoint } from './store';

/** Pinned curves kept at most (the oldest goes first). */
export const MAX_PINNED = 6;

/** Where pinned curves and recorded runs are kept between visits. */
export const RECORDED_KEY = 'metric-playground:recorded';

/** Writes the pinned curves and recorded runs of `store` to storage. */
export function saveRecorded(store: PlaygroundStore): void {
  const { pinned, runPoints } = store.getState();
  try {
    localStorage.setItem(RECORDED_KEY, JSON.stringify({ pinned, runPoints }));
  } catch {
    // Storage full or unavailable: they stay for this visit only.
  }
}

/** Brings back the pinned curves and recorded runs of earlier visits (ignoring anything malformed). */
export function loadRecorded(store: PlaygroundStore): void {
  try {
    const saved = JSON.parse(localStorage.getItem(RECORDED_KEY) ?? 'null') as { pinned?: unknown; runPoints?: unknown } | null;
    const isNums = (a: unknown): a is number[] => Array.isArray(a) && a.every((v) => typeof v === 'number');
    const pinned = (Array.isArray(saved?.pinned) ? saved.pinned : []).filter(
      (p: PinnedCurve) => typeof p?.label === 'string' && typeof p.ap === 'number' && isNums(p.precision) && isNums(p.recall),
    );
    const runPoints = (Array.isArray(saved?.runPoints) ? saved.runPoints : []).filter(
      (p: RunPoint) => typeof p?.label === 'string' && typeof p.error === 'number' && typeof p.opis === 'number',
    );
    store.setState({ pinned: pinned.slice(-MAX_PINNED), runPoints });
  } catch {
    // Nothing readable: start empty.
  }
}

/** Forgets every pinned curve and recorded run, here and in storage. */
export function clearRecorded(store: PlaygroundStore): void {
  store.setState({ pinned: [], runPoints: [] });
  saveRecorded(store);
}
