import { describe, expect, it } from 'vitest';
import { Rng } from '../../data/rng';
import { retrievalPass } from './retrieval';
import { runRetrievalJob, splitRetrieval, type StartThread } from './retrievalSplit';
import { float32CosineBound, type CoarseCosines } from './retrievalScreened';

/** n unit rows in d dimensions, `classes` classes, with every 5th row a copy of the one before (ties). */
function set(n: number, d: number, classes: number) {
  const rng = new Rng(11);
  const labels = Int32Array.from({ length: n }, () => rng.int(classes));
  const x = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let t = 0; t < d; t++) {
      x[i * d + t] = i % 5 === 4 ? x[(i - 1) * d + t] : (labels[i] % d === t ? 1 : 0) + rng.normal();
      norm += x[i * d + t] ** 2;
    }
    for (let t = 0; t < d; t++) x[i * d + t] /= Math.sqrt(norm);
  }
  return { x, labels };
}

/** "Threads" that run their job in this thread, as a worker would, counting the jobs and stops. */
function inProcess() {
  const seen = { jobs: [] as number[], first: [] as number[][], stopped: 0 };
  const start: StartThread = (job, onMessage) => {
    seen.jobs.push(job.queries.length);
    seen.first.push(Array.from(job.queries.subarray(0, 3)));
    void runRetrievalJob(job, onMessage);
    return { stop: () => seen.stopped++ };
  };
  return { start, seen };
}

describe('splitRetrieval', () => {
  it('deals the queries to the threads in turn and puts the verdicts back in order, with the progress of all', async () => {
    const n = 1100, d = 5;
    const { x, labels } = set(n, d, 7);
    const { start, seen } = inProcess();
    const progress: number[] = [];
    const opts = { ks: [1, 3], rCap: 50, onProgress: (f: number) => progress.push(f) };
    const split = await splitRetrieval(4, start, { minItems: 0 })(x, labels, n, d, opts);
    expect(seen.jobs).toEqual([275, 275, 275, 275]);
    expect(seen.first).toEqual([[0, 4, 8], [1, 5, 9], [2, 6, 10], [3, 7, 11]]); // each thread's binning the same (a query bins the items after it)
    expect(seen.stopped).toBe(4);
    expect(split).toEqual(await retrievalPass(x, labels, n, d, { ks: [1, 3], rCap: 50 }));
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
  });

  it('stays in this thread for few queries or few items; a thread that fails fails the pass and every thread is stopped', async () => {
    const n = 600, d = 4;
    const { x, labels } = set(n, d, 3);
    const { start, seen } = inProcess();
    await splitRetrieval(4, start)(x, labels, n, d, { ks: [1] }); // below THREADS_FROM
    await splitRetrieval(4, start, { minItems: 0 })(x, labels, n, d, { ks: [1], queries: Int32Array.from({ length: 300 }, (_, i) => i) }); // one range's worth
    expect(seen.jobs).toEqual([]);
    let stopped = 0;
    const failing: StartThread = (_, __, onFailure) => {
      queueMicrotask(() => onFailure('it could not start'));
      return { stop: () => stopped++ };
    };
    await expect(splitRetrieval(2, failing, { minItems: 0 })(x, labels, n, d, { ks: [1] })).rejects.toThrow('a retrieval thread failed: it could not start');
    expect(stopped).toBe(2);
  });

  it('an aborted pass rejects and stops every thread; a screened pass asks its threads to screen, with the same verdicts', async () => {
    const n = 1000, d = 6;
    const { x, labels } = set(n, d, 5);
    let stopped = 0;
    const silent: StartThread = () => ({ stop: () => stopped++ });
    const stop = new AbortController();
    const pass = splitRetrieval(2, silent, { minItems: 0 })(x, labels, n, d, { ks: [1], signal: stop.signal });
    stop.abort();
    await expect(pass).rejects.toThrow('retrieval: stopped');
    expect(stopped).toBe(2);
    // In this thread too: the pass stops at its next step.
    await expect(retrievalPass(x, labels, n, d, { ks: [1], signal: AbortSignal.abort() })).rejects.toThrow('retrieval: stopped');

    // A pass with a screen hands `screen` to its threads, which make their own (here the exact
    // cosines in float32, as a screen may err) and rank with it.
    const screens: number[] = [];
    const exactScreen = (xs: Float64Array, items: number, dim: number): CoarseCosines => ({
      eps: float32CosineBound(dim),
      async against(q, na) {
        const out = new Float32Array(na * items);
        for (let a = 0; a < na; a++) for (let b = 0; b < items; b++) for (let t = 0; t < dim; t++) out[a * items + b] += q[a * dim + t] * xs[b * dim + t];
        return out;
      },
      dispose: () => void screens.push(items),
    });
    const screening: StartThread = (job, onMessage) => {
      expect(job.screen).toBe(true);
      void runRetrievalJob(job, onMessage, async (xs, items, dim) => exactScreen(xs, items, dim));
      return { stop: () => undefined };
    };
    const split = await splitRetrieval(2, screening, { minItems: 0 })(x, labels, n, d, { ks: [1, 4], rCap: 30, coarse: exactScreen(x, n, d) });
    expect(screens).toEqual([n, n]); // each thread made, used and freed its own
    expect(split).toEqual({ ...(await retrievalPass(x, labels, n, d, { ks: [1, 4], rCap: 30 })), screened: true });

    // Asked to bin the pairs, each thread bins its queries' rows; the sums are one pass's counts.
    const binPairs = { numClasses: 5, bins: 512 };
    const binned = await splitRetrieval(2, screening, { minItems: 0 })(x, labels, n, d, { ks: [1], coarse: exactScreen(x, n, d), binPairs });
    const one = await retrievalPass(x, labels, n, d, { ks: [1], coarse: exactScreen(x, n, d), binPairs });
    expect(binned.pairs).toEqual(one.pairs);
    expect(one.pairs!.pos.reduce((a, b) => a + b) + one.pairs!.neg.reduce((a, b) => a + b) / 2).toBe((n * (n - 1)) / 2);
    // A thread that could not make its screen ranks in float64 and bins nothing: the pass has no pairs.
    let made = 0;
    const oneFails: StartThread = (job, onMessage) => {
      void runRetrievalJob(job, onMessage, async (xs, items, dim) => (made++ === 0 ? exactScreen(xs, items, dim) : null));
      return { stop: () => undefined };
    };
    const partly = await splitRetrieval(2, oneFails, { minItems: 0 })(x, labels, n, d, { ks: [1], coarse: exactScreen(x, n, d), binPairs });
    expect(partly.pairs).toBeUndefined();
    expect(partly.screened).toBe(false);
    expect(partly.firstHit).toEqual(one.firstHit);
  });
});
