import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { usePlayground, type PlaygroundStore } from '../../state/store';
import { PRESET_BY_ID, type KeyView } from '../../state/presets/presets';

/**
 * "One screen per lesson": an opened preset names its key views; the page shows them
 * first and sized to fit the viewport (keyViews.css), and in lecture mode alone, the others one click
 * away. This module says which views are key and how much height is left for them.
 */

/** Where each key view is: its selector from the views element (`:scope`: not one's own embeddings' views). */
export const KEY_VIEW_SELECTOR: Record<KeyView, string> = {
  'compare-embedding-a': ":scope > .compare > .compare-grid > [data-testid='compare-embedding-a']",
  'compare-embedding-b': ":scope > .compare > .compare-grid > [data-testid='compare-embedding-b']",
  'compare-table': ":scope > .compare > .compare-grid > [data-testid='compare-table']",
  'compare-loss': ":scope > .compare > .compare-grid > [data-testid='compare-loss']",
  'compare-metrics': ":scope > .compare > .compare-grid > [data-testid='compare-metrics']",
  'compare-pr': ":scope > .compare > .compare-grid > [data-testid='compare-pr']",
  'embedding-plot': ":scope > .plots > [data-testid='embedding-plot']",
  'input-plane': ":scope > .plots > [data-testid='input-plane']",
  'gradient-vs-alpha': ":scope > .plots > [data-testid='gradient-vs-alpha']",
};

/** The opened preset's key views, or none (no preset, or one that names none). */
export function useKeyViews(store: PlaygroundStore): readonly KeyView[] {
  const id = usePlayground(store, (s) => s.preset?.id ?? null);
  return (id && PRESET_BY_ID.get(id)?.keyViews) || [];
}

/**
 * Keeps `--fit-h` on the views element: the viewport height left below the top of the key views'
 * container (the comparison's grid, or the single run's plots), which keyViews.css sizes them to.
 * Measured at scroll 0 (document coordinates), again on every resize of the page above them.
 */
export function useLessonFit(views: RefObject<HTMLElement | null>, keys: readonly KeyView[]): void {
  const compare = keys.some((k) => k.startsWith('compare-'));
  useLayoutEffect(() => {
    const el = views.current;
    if (!el || keys.length === 0) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const box = el.querySelector<HTMLElement>(compare ? ':scope > .compare > .compare-grid' : ':scope > .plots');
      if (!box) return;
      const top = box.getBoundingClientRect().top + window.scrollY;
      // What lies below their top inside the viewport, less the frames' and the page's bottom edges.
      const fit = Math.max(240, Math.floor(window.innerHeight - top - 36));
      el.style.setProperty('--fit-h', `${fit}px`);
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    // The size of what is above the key views (guide, header, comparison's title) changes their top.
    const observer = new ResizeObserver(later);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    window.addEventListener('resize', later);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', later);
      if (frame) cancelAnimationFrame(frame);
      el.style.removeProperty('--fit-h');
    };
  }, [views, keys, compare]);
}

/** Lecture mode's "Show all views": off again whenever another preset (or none) opens. */
export function useShowAll(keys: readonly KeyView[]): [boolean, (v: boolean) => void] {
  const [showAll, setShowAll] = useState(false);
  useEffect(() => setShowAll(false), [keys]);
  return [showAll, setShowAll];
}
