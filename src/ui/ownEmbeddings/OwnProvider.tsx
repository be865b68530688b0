import { useEffect, type ReactNode } from 'react';
import type { Controller } from '../run/controller';
import { OwnContext, ownSessionFor } from './ownContext';

/**
 * Gives the page's "your own embeddings" session to the panel and the views below, and brings back
 * the sets of the last visit when `restore` (the full page: not an embedded or lecture view).
 */
export function OwnProvider({ controller, restore, children }: { controller: Controller; restore: boolean; children: ReactNode }) {
  const own = ownSessionFor(controller);
  useEffect(() => {
    if (restore) void own.restore();
  }, [own, restore]);
  return <OwnContext.Provider value={own}>{children}</OwnContext.Provider>;
}
