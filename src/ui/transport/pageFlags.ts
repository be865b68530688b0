/**
 * The page-wide UI flags, in one small zustand store: they belong to the page (one transport, one
 * shortcut list), not to a run, so no run's store holds them; components outside one another's
 * tree (the header's button, the `?` key, the dialog, the transport) read and set them here.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export interface PageFlags {
  /** Space was pressed while the run was being built: it starts when ready (runGuard.ts). */
  playWhenReady: boolean;
  /** Reset was asked for on a finished or diverged run: the transport asks to confirm (runGuard.ts). */
  confirmReset: boolean;
  /** The keyboard shortcuts' list is shown (shortcuts.ts). */
  shortcutsOpen: boolean;
}

export const pageFlags = createStore<PageFlags>(() => ({ playWhenReady: false, confirmReset: false, shortcutsOpen: false }));

/** One flag, re-rendering when it changes. */
export function usePageFlag<K extends keyof PageFlags>(key: K): PageFlags[K] {
  return useStore(pageFlags, (s) => s[key]);
}
