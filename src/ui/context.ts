import { createContext, useContext } from 'react';
import type { Controller } from './run/controller';
import type { PlotContext } from './help/plotHelp';
import { usePlayground, type PlaygroundState } from '../state/store';

/** The page's controller (and through it the store), for every component below App. */
export const ControllerContext = createContext<Controller | null>(null);

export function useController(): Controller {
  const c = useContext(ControllerContext);
  if (!c) throw new Error('useController outside ControllerContext');
  return c;
}

/**
 * What the views' captions and help say of the data they show, when it is not a training run's
 * (a set of one's own: no loss, so no class weights; its own dimension). Null: a run's, from its
 * configuration (help/plotHelp.ts `plotContext`).
 */
export const ViewDataContext = createContext<PlotContext | null>(null);

/** Selects from the page's store. */
export function useAppState<T>(selector: (s: PlaygroundState) => T): T {
  return usePlayground(useController().store, selector);
}
