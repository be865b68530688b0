/** A set of one's own as the views' source: its store, what its captions say, its name. */
import type { PlaygroundStore } from '../../state/store';
import type { OwnSetInfo } from '../../worker/own/ownProtocol';
import type { ViewSource } from '../viewSource';
import { barePageUrl } from '../run/pageLink';
import { describeSet } from './session';

/**
 * The views' source of the set `info` shown from `store`: no loss, so no class weights; its own
 * dimension; not a toy set. A link cannot carry the data, so a figure saved from it names the page.
 */
export function setViews(store: PlaygroundStore, info: OwnSetInfo, page: PlaygroundStore): ViewSource {
  const name = `your embeddings: ${describeSet(info)}`;
  return {
    store,
    page,
    about: { hasClassWeights: false, dim: info.d, toy: false },
    link: barePageUrl,
    name: () => name,
    detail: () => '',
  };
}
