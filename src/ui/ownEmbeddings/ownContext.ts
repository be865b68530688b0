import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { Controller } from '../run/controller';
import { OwnEmbeddings, type OwnState } from './session';

/** One session per page controller, made on first use (and kept for the page's life). */
const sessions = new WeakMap<Controller, OwnEmbeddings>();

/** The "your own embeddings" session of the page whose controller is `c`. */
export function ownSessionFor(c: Controller): OwnEmbeddings {
  let s = sessions.get(c);
  if (!s) sessions.set(c, (s = new OwnEmbeddings(c.store)));
  return s;
}

/** The session, for the panel, the view switch and the views of the loaded sets. */
export const OwnContext = createContext<OwnEmbeddings | null>(null);

/** The session given by OwnProvider. */
export function useOwnSession(): OwnEmbeddings {
  const s = useContext(OwnContext);
  if (!s) throw new Error('useOwnSession outside OwnContext');
  return s;
}

/** Selects from the session's state. */
export function useOwnState<T>(selector: (s: OwnState) => T): T {
  return useStore(useOwnSession().state, selector);
}
