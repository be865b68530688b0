import { useEffect } from 'react';
import type { PlaygroundState, PlaygroundStore } from '../../state/store';
import { darkScheme } from './palette';

/**
 * Milliseconds of redrawing one animation frame may take before the remaining plots wait for the
 * next frame. An evaluation changes six plots at once: drawn in one frame (plus the style, layout
 * and paint they cause) that was one main-thread task of 50–130 ms; spread over frames, each task
 * stays short and the page keeps answering (issue 10 §4, e2e/longtasks.spec.ts).
 */
export const FRAME_BUDGET_MS = 8;

/** Redraws waiting for a frame, oldest first (each plot is queued at most once). */
const queue: (() => void)[] = [];
let frame = 0;

function runFrame(): void {
  frame = 0;
  const start = performance.now();
  // At least one redraw per frame, so a plot slower than the budget still gets drawn.
  while (queue.length > 0) {
    const job = queue.shift()!;
    try {
      job();
    } catch (err) {
      // One plot's failure must not stall the others: report it as uncaught, go on.
      reportError(err);
    }
    if (performance.now() - start >= FRAME_BUDGET_MS) break;
  }
  if (queue.length > 0) frame = requestAnimationFrame(runFrame);
}

function enqueue(job: () => void): void {
  if (!queue.includes(job)) queue.push(job);
  if (!frame) frame = requestAnimationFrame(runFrame);
}

function dequeue(job: () => void): void {
  const i = queue.indexOf(job);
  if (i >= 0) queue.splice(i, 1);
}

/**
 * Redraws at most once per animation frame, and only when `select(state)` changed: training
 * messages can arrive many times per frame and must not each cost a redraw (nor a React render).
 * Every plot shares one queue with a time budget per frame ({@link FRAME_BUDGET_MS}): when many
 * plots change together they are drawn over the next few frames, in the order they changed.
 */
export function useFrameRedraw(store: PlaygroundStore, select: (s: PlaygroundState) => unknown, draw: () => void): void {
  // draw/select are read through closures over refs the plots keep stable.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => watch([store], select, draw), [store]);
}

/**
 * {@link useFrameRedraw} over several stores (a comparison's runs on every seed): one redraw per
 * frame when `select` changed in any of them. `key` names the set of stores (it changes when they do).
 */
export function useFrameRedrawAll(stores: readonly PlaygroundStore[], key: string, select: (s: PlaygroundState) => unknown, draw: () => void): void {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => watch(stores, select, draw), [key]);
}

/** Queues `draw` whenever `select` of one of `stores` changes (and when the colour scheme flips); returns the cleanup. */
function watch(stores: readonly PlaygroundStore[], select: (s: PlaygroundState) => unknown, draw: () => void): () => void {
  const job = () => draw();
  const unsubscribes = stores.map((store) => {
    let last: unknown = Symbol('none');
    const check = (s: PlaygroundState) => {
      const v = select(s);
      if (v !== last) {
        last = v;
        enqueue(job);
      }
    };
    check(store.getState());
    return store.subscribe(check);
  });
  // Class colours and canvas inks follow the colour scheme: repaint when it flips.
  const repaint = () => enqueue(job);
  darkScheme?.addEventListener('change', repaint);
  return () => {
    for (const u of unsubscribes) u();
    darkScheme?.removeEventListener('change', repaint);
    dequeue(job);
  };
}
