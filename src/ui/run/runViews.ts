/** A training run as the views' source: its store, its link, its label. */
import { runLabel } from '../../state/run/summary';
import type { ViewSource } from '../viewSource';
import type { Controller } from './controller';
import { shareUrl } from './pageLink';

/** One source per run, so that the context's value keeps its identity across renders. */
const sources = new WeakMap<Controller, ViewSource>();

/** The views' source of run `c`: its state, its configuration for the help, its link and label for saved figures. */
export function runViews(c: Controller): ViewSource {
  let v = sources.get(c);
  if (!v) {
    v = {
      store: c.store,
      page: c.store,
      about: null,
      link: () => shareUrl(c),
      name: (step) => runLabel(c.store.getState().config, step),
      detail: () => c.store.getState().dataset?.description ?? '',
    };
    sources.set(c, v);
  }
  return v;
}
