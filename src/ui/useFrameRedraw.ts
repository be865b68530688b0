import { useEffect } from 'react';
import type { PlaygroundState, PlaygroundStore } from '../state/store';
import { darkScheme } from '../charts/kit/palette';

/**
 * Milliseconds of redrawing one animation frame may take before the remaining plots wait for the
 * next frame. An evaluation changes six plots at once: drawn in one frame (plus the style, layout
 * and paint they cause) that was one main-thread task of 50–130 ms; spread over frames, each task
 * stays short and the page keeps answering (e2e/longtasks.spec.ts).
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
 * Views off screen are redrawn at most once every {@link OFF_SCREEN_MS}: their redraws wait (at
 * most one per view) and run then, or on the frame after the view comes within
 * {@link ON_SCREEN_MARGIN} of the viewport. While a comparison trains on two cores, every drawn
 * frame costs the page ~10 ms of style, layout and paint stretched several times over by the busy
 * workers; redrawing at full rate only what a person can see keeps those frames few, while what
 * the page holds off screen (read by a screen reader, a search, a test) is never more than a
 * second old. An export draws a view's waiting redraw first ({@link drawWaiting}).
 */
const ON_SCREEN_MARGIN = '200px';
/** Most time a view off screen waits for its redraw. */
export const OFF_SCREEN_MS = 1000;

interface Watched {
  onScreen: boolean;
  /** The redraws kept waiting while it is off screen. */
  waiting: Set<() => void>;
  /** Every redraw that draws into it. */
  jobs: Set<() => void>;
}

const watched = new Map<Element, Watched>();
let observer: IntersectionObserver | null = null;
let offScreenTimer: ReturnType<typeof setTimeout> | null = null;

/** Keeps `job` of off-screen view `w` waiting, and makes sure the waiting redraws run within OFF_SCREEN_MS. */
function wait(w: Watched, job: () => void): void {
  w.waiting.add(job);
  offScreenTimer ??= setTimeout(() => {
    offScreenTimer = null;
    for (const v of watched.values()) {
      for (const j of v.waiting) enqueue(j);
      v.waiting.clear();
    }
  }, OFF_SCREEN_MS);
}

function onEntries(entries: IntersectionObserverEntry[]): void {
  for (const e of entries) {
    const w = watched.get(e.target);
    if (!w) continue;
    w.onScreen = e.isIntersecting;
    // Said on the element too (the tests wait for it; nothing styles it).
    if (e.target instanceof HTMLElement || e.target instanceof SVGElement) e.target.dataset.onScreen = String(w.onScreen);
    if (w.onScreen) for (const job of w.waiting) enqueue(job);
    if (w.onScreen) w.waiting.clear();
  }
}

/** Starts watching whether `el`, which `job` draws, is on screen (null where the browser cannot tell: always drawn). */
function track(el: Element, job: () => void): Watched | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver(onEntries, { rootMargin: ON_SCREEN_MARGIN });
  let w = watched.get(el);
  if (!w) {
    // On screen until the observer's first report says otherwise (a view is never left blank).
    w = { onScreen: true, waiting: new Set(), jobs: new Set() };
    watched.set(el, w);
    observer.observe(el);
  }
  w.jobs.add(job);
  return w;
}

function untrack(el: Element, w: Watched, job: () => void): void {
  w.waiting.delete(job);
  w.jobs.delete(job);
  if (w.jobs.size > 0) return;
  watched.delete(el);
  observer?.unobserve(el);
}

/**
 * Redraws at once the views inside `root`, or around it (a view watched by its container), with
 * whatever redraw was waiting for the screen or for the next frame: what is saved from a view is
 * what the state says now, seen or not.
 */
export function drawWaiting(root: Element): void {
  for (const [el, w] of watched) {
    if (!(root.contains(el) || el.contains(root))) continue;
    w.waiting.clear();
    for (const job of [...w.jobs]) {
      dequeue(job);
      job();
    }
  }
}

/**
 * Redraws at most once per animation frame, and only when `select(state)` changed: training
 * messages can arrive many times per frame and must not each cost a redraw (nor a React render).
 * Every plot shares one queue with a time budget per frame ({@link FRAME_BUDGET_MS}): when many
 * plots change together they are drawn over the next few frames, in the order they changed.
 * `host` gives the element the view draws into: while it is off screen its redraws wait (at most
 * {@link OFF_SCREEN_MS}); without it the view is always redrawn at once.
 */
export function useFrameRedraw(store: PlaygroundStore, select: (s: PlaygroundState) => unknown, draw: () => void, host?: () => Element | null): void {
  // draw/select are read through closures over refs the plots keep stable.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => watch([store], select, draw, host?.() ?? null), [store]);
}

/**
 * {@link useFrameRedraw} over several stores (a comparison's runs on every seed): one redraw per
 * frame when `select` changed in any of them. `key` names the set of stores (it changes when they do).
 */
export function useFrameRedrawAll(stores: readonly PlaygroundStore[], key: string, select: (s: PlaygroundState) => unknown, draw: () => void, host?: () => Element | null): void {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => watch(stores, select, draw, host?.() ?? null), [key]);
}

/**
 * Queues `draw` whenever `select` of one of `stores` changes (and when the colour scheme flips),
 * or keeps it waiting up to {@link OFF_SCREEN_MS} while `host` (the view) is off screen; returns
 * the cleanup.
 */
function watch(stores: readonly PlaygroundStore[], select: (s: PlaygroundState) => unknown, draw: () => void, host: Element | null): () => void {
  const job = () => draw();
  const seen = host ? track(host, job) : null;
  const request = () => (seen && !seen.onScreen ? wait(seen, job) : enqueue(job));
  const unsubscribes = stores.map((store) => {
    let last: unknown = Symbol('none');
    const check = (s: PlaygroundState) => {
      const v = select(s);
      if (v !== last) {
        last = v;
        request();
      }
    };
    check(store.getState());
    return store.subscribe(check);
  });
  // Class colours and canvas inks follow the colour scheme: repaint when it flips.
  darkScheme?.addEventListener('change', request);
  return () => {
    for (const u of unsubscribes) u();
    darkScheme?.removeEventListener('change', request);
    dequeue(job);
    if (host && seen) untrack(host, seen, job);
  };
}
