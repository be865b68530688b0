/**
 * What the views read. A view draws one store's state: a training run's, or a set of one's own as
 * evaluated (the same state shape, so every view reads either). The training page gives its runs'
 * sources (run/runViews.ts), the own-embeddings views their sets' (ownEmbeddings/setViews.ts).
 */
import { createContext, useContext } from 'react';
import { usePlayground, type PlaygroundState, type PlaygroundStore } from '../state/store';
import type { PlotContext } from './help/plotHelp';

/** The data the views show, and what they say of it. */
export interface ViewSource {
  /** The state the views draw. */
  readonly store: PlaygroundStore;
  /**
   * Where the views' notices and glossary requests go: a run's own store (a comparison's other runs
   * forward their notices to the page's), the page's for a set.
   */
  readonly page: PlaygroundStore;
  /** What captions and help say of the data; null: a training run's configuration says it (help/plotHelp.ts `plotContext`). */
  readonly about: PlotContext | null;
  /** The link a saved figure carries: the one that reproduces the run, or the bare page's (no link carries a set's data). */
  link(): string;
  /** What a saved figure calls the data at `step`: the run's label, or the set's description. */
  name(step: number): string;
  /** What a saved figure says after the name: the run's data set; '' where the name says it all. */
  detail(): string;
}

/** The views' source, for every view below it. */
export const ViewSourceContext = createContext<ViewSource | null>(null);

/** The source the views below read. */
export function useViewSource(): ViewSource {
  const v = useContext(ViewSourceContext);
  if (!v) throw new Error('useViewSource outside ViewSourceContext');
  return v;
}

/** Selects from the views' source's state. */
export function useViewState<T>(selector: (s: PlaygroundState) => T): T {
  return usePlayground(useViewSource().store, selector);
}
