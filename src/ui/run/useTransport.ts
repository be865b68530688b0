import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { transportState, type TransportState } from '../runGuard';
import type { Controller } from './controller';

/**
 * The transport's state over every run the page's controller drives (A, B, each seed's replica),
 * re-rendering when any of them changes or the comparison gains or loses runs.
 */
export function useTransportState(c: Controller): TransportState {
  const subscribe = useCallback(
    (changed: () => void) => {
      let key = '';
      let unsubscribes: (() => void)[] = [];
      const watch = () => {
        const runs = c.runs();
        const now = runs.map((r) => r.id).join(',');
        if (now === key) return;
        unsubscribes.forEach((u) => u());
        key = now;
        unsubscribes = runs.map((r) => r.store.subscribe(onChange));
      };
      const onChange = () => {
        watch();
        changed();
      };
      watch();
      return () => unsubscribes.forEach((u) => u());
    },
    [c],
  );
  const text = useSyncExternalStore(subscribe, () => JSON.stringify(transportState(c.runStates())));
  return useMemo(() => JSON.parse(text) as TransportState, [text]);
}
