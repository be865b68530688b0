/**
 * The comparison and its seeds: B beside A on its own worker, and each side again on further seeds
 * (replicas on s + 1, s + 2, …), all driven by A's transport. Every run of a comparison starts
 * together, so the table compares like with like. The link is written by the callers (pageLink.ts).
 */
import { addNotice } from '../../state/store';
import { PARAM_BY_KEY, type Config } from '../../state/params';
import type { Controller } from './controller';

/**
 * Starts comparing A with configuration `b` (default: a copy of A) on `seeds` seeds: a second run
 * beside A, on its own worker, and each run again on the further seeds; B and the new replicas
 * train when A does. Null stops comparing (A trains one seed again). A keeps its run: only what is
 * new starts.
 */
export function setComparison(a: Controller, b: Config | null = { ...a.store.getState().config }, seeds = a.seeds): void {
  a.compare?.dispose();
  a.compare = null;
  a.seeds = b ? seeds : 1;
  resizeReplicas(a, a.seeds - 1);
  if (b) {
    const c = a.sibling(b);
    forwardNotices(a, c, 'B');
    resizeReplicas(c, a.seeds - 1, false);
    a.compare = c;
    c.start();
    if (a.store.getState().running) c.play();
  }
  a.store.setState((s) => ({ compareVersion: s.compareVersion + 1 }));
}

/**
 * Trains the comparison on `seeds` seeds from now: every run starts again, A and B each with their
 * replicas (a comparison across seeds is like with like only when every run starts together).
 */
export function setComparisonSeeds(a: Controller, seeds: number): void {
  if (!a.compare || seeds === a.seeds) return;
  const b = a.compare.store.getState().config;
  setComparison(a, null);
  a.start();
  setComparison(a, b, seeds);
}

/** Keeps `n` replicas of run `c` (further seeds), starting the new ones beside it unless `start` is false (the caller starts the run with them). */
function resizeReplicas(c: Controller, n: number, start = true): void {
  while (c.replicas.length > n) c.replicas.pop()!.dispose();
  const side = c === c.top ? 'A' : 'B';
  const running = c.top.store.getState().running;
  while (c.replicas.length < n) {
    const i = c.replicas.length + 1;
    const r = c.sibling(onSeed(c.store.getState().config, i));
    forwardNotices(c, r, `${side}, seed ${i + 1} of ${n + 1}`);
    c.replicas.push(r);
    if (!start) continue;
    r.start();
    if (running) r.play();
  }
}

/** Shows `from`'s notices with `to`'s, marked with `tag` (B's, a replica's). */
function forwardNotices(to: Controller, from: Controller, tag: string): void {
  from.store.subscribe((s) => {
    if (s.notices.length === 0) return;
    const moved = s.notices;
    from.store.setState({ notices: [] });
    for (const n of moved) addNotice(to.store, n.level, `${tag}: ${n.text}`);
  });
}

/** `config` on the comparison's `i`-th further seed: the init and the data seed moved on by `i` (as `presets check` seeds both). */
export function onSeed(config: Config, i: number): Config {
  const wrap = (key: 'seed' | 'dataSeed') => (config[key] + i) % ((PARAM_BY_KEY[key].max ?? 0) + 1);
  return { ...config, seed: wrap('seed'), dataSeed: wrap('dataSeed') };
}
