import { createContext, useContext } from 'react';
import type { Controller } from './run/controller';
import { usePlayground, type PlaygroundState } from '../state/store';

/** The page's controller (and through it the store), for every component below App. */
export const ControllerContext = createContext<Controller | null>(null);

/** The page's controller: what the controls, the transport and the run's buttons act on. */
export function useController(): Controller {
  const c = useContext(ControllerContext);
  if (!c) throw new Error('useController outside ControllerContext');
  return c;
}

/** Selects from the page's store. */
export function useAppState<T>(selector: (s: PlaygroundState) => T): T {
  return usePlayground(useController().store, selector);
}
