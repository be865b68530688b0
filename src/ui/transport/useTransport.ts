import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { transportState, type TransportState } from './runGuard';
import type { Controller } from '../run/controller';

/**
 * Calls `changed` on every change of any run the page's controller drives (A, B, each seed's
 * replica), following the comparison as it gains or loses runs; returns the unsubscribe.
 */
export function subscribeToRuns(c: Controller, changed: () => void): () => void {
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
}

/** The transport's state over every run the page's controller drives, re-rendering when any of them changes. */
export function useTransportState(c: Controller): TransportState {
  const subscribe = useCallback((changed: () => void) => subscribeToRuns(c, changed), [c]);
  const text = useSyncExternalStore(subscribe, () => JSON.stringify(transportState(c.runStates())));
  return useMemo(() => JSON.parse(text) as TransportState, [text]);
}
