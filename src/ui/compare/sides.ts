/**
 * The two sides of a comparison as the views read them: each side is its runs' stores, seed s first
 * (the run whose embedding is shown, then its replicas on the further seeds, see
 * Controller.replicas), or the one store of a set of one's own.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { PlaygroundState, PlaygroundStore } from '../../state/store';
import type { Controller } from '../run/controller';

/** One side's stores as they are now, seed s first (a comparison's seeds change while it is shown). */
export type Side = () => readonly PlaygroundStore[];

/** A run's side: the run, then its replicas. */
export const sideOf =
  (c: Controller): Side =>
  () => [c.store, ...c.replicas.map((r) => r.store)];

/** A side's states, seed s first. */
export const statesOf = (side: Side): PlaygroundState[] => side().map((s) => s.getState());

/** A run's side's states, seed s first. */
export const sideStates = (c: Controller): PlaygroundState[] => statesOf(sideOf(c));

/** Numbers the stores apart, for the key of a set of them. */
const numbers = new WeakMap<PlaygroundStore, number>();
let numbered = 0;

/** The stores of both sides (A's first) and a key that changes when the set of them does. */
export function sideStores(a: Side, b: Side): { stores: PlaygroundStore[]; key: string } {
  const stores = [...a(), ...b()];
  const number = (s: PlaygroundStore) => numbers.get(s) ?? (numbers.set(s, ++numbered), numbered);
  return { stores, key: stores.map(number).join(',') };
}

/** Each side's states (seed s first); re-renders when `watched` of any of their stores changes. */
export function useSides(a: Side, b: Side, watched: (s: PlaygroundState) => string): [PlaygroundState[], PlaygroundState[]] {
  const { stores, key } = sideStores(a, b);
  const subscribe = useCallback(
    (changed: () => void) => {
      const unsubscribes = stores.map((s) => s.subscribe(changed));
      return () => unsubscribes.forEach((u) => u());
    },
    // The stores are named by `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  useSyncExternalStore(subscribe, () => stores.map((s) => watched(s.getState())).join('#'));
  return [statesOf(a), statesOf(b)];
}
