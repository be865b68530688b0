/**
 * The two sides of a comparison as the views read them: each side is its run (seed s, whose
 * embedding is shown) and that run's replicas on the further seeds (see Controller.replicas).
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { PlaygroundState, PlaygroundStore } from '../../state/store';
import type { Controller } from '../run/controller';

/** A side's runs, seed s first. */
export const sideOf = (c: Controller): Controller[] => [c, ...c.replicas];

/** A side's run states, seed s first. */
export const sideStates = (c: Controller): PlaygroundState[] => sideOf(c).map((r) => r.store.getState());

/** The stores of both sides' runs (A's first) and a key that changes when the set of runs does. */
export function sideStores(a: Controller, b: Controller): { stores: PlaygroundStore[]; key: string } {
  const runs = [...sideOf(a), ...sideOf(b)];
  return { stores: runs.map((c) => c.store), key: runs.map((c) => c.id).join(',') };
}

/** Each side's run states (seed s first); re-renders when `watched` of any run changes. */
export function useSides(a: Controller, b: Controller, watched: (s: PlaygroundState) => string): [PlaygroundState[], PlaygroundState[]] {
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
  return [sideStates(a), sideStates(b)];
}
