import { useEffect } from 'react';
import type { PlaygroundState, PlaygroundStore } from '../../state/store';
import { darkScheme } from './palette';

/**
 * Redraws at most once per animation frame, and only when `select(state)` changed: training
 * messages can arrive many times per frame and must not each cost a redraw (nor a React render).
 */
export function useFrameRedraw(store: PlaygroundStore, select: (s: PlaygroundState) => unknown, draw: () => void): void {
  useEffect(() => {
    let frame = 0;
    let last: unknown = Symbol('none');
    const schedule = () => {
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          draw();
        });
    };
    const check = (s: PlaygroundState) => {
      const v = select(s);
      if (v !== last) {
        last = v;
        schedule();
      }
    };
    check(store.getState());
    const unsubscribe = store.subscribe(check);
    // Class colours and canvas inks follow the colour scheme: repaint when it flips.
    darkScheme?.addEventListener('change', schedule);
    return () => {
      unsubscribe();
      darkScheme?.removeEventListener('change', schedule);
      cancelAnimationFrame(frame);
    };
    // draw/select are read through closures over refs the plots keep stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
}
