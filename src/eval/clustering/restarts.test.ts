import { describe, expect, it } from 'vitest';
import { blobSet, rowsOf } from './clustering.testkit';
import { Rng } from '../../data/rng';
import * as ref from '../reference/clustering';
import { nmi } from './nmi';
import { bestOf, kmeansBest, KMEANS_RESTARTS, localClustering, reportedWork, restartSeeds } from './restarts';
import { runKmeansJob, splitClustering, type StartKmeansThread } from './split';


/**
 * SPEC NMI: 10 seeded restarts, the clustering of lowest inertia kept (scikit-learn's n_init=10).
 * Reference: the reference k-means run with each restart's seed (the first 10 nextU32() of
 * Rng(seed)), the first of lowest inertia kept.
 */
describe('kmeansBest: 10 restarts, lowest inertia (SPEC NMI)', () => {
  it('the seeds of the restarts: the first 10 nextU32() of Rng(seed)', () => {
    expect(KMEANS_RESTARTS).toBe(10);
    const rng = new Rng(42);
    expect(restartSeeds(42)).toEqual(Array.from({ length: 10 }, () => rng.nextU32()));
    expect(() => restartSeeds(1, 0)).toThrow();
  });

  for (const [seed, n, C, d, noise] of [
    [1, 200, 6, 4, 1.4],
    [2, 300, 10, 8, 1.2],
    [3, 120, 3, 2, 0.9],
  ] as const) {
    it(`equals the reference's lowest-inertia restart (n=${n}, k=${C}, d=${d}) and its NMI`, async () => {
      const s = blobSet(seed, n, C, d, noise);
      const pts = rowsOf(s.x, n, d);
      for (const kSeed of [1, 5]) {
        const runs = restartSeeds(kSeed).map((r) => ref.kmeans(pts, C, r));
        let want = 0;
        runs.forEach((r, i) => {
          if (r.inertia < runs[want].inertia) want = i;
        });
        const got = await kmeansBest(s.x, n, d, C, kSeed);
        expect(Array.from(got.assign)).toEqual(runs[want].assign);
        expect(got.restart).toBe(want);
        got.inertias.forEach((v, i) => expect(v).toBeCloseTo(runs[i].inertia, 9));
        expect(got.iterations).toEqual(runs.map((r) => r.iterations));
        expect(nmi(s.labels, got.assign)).toBeCloseTo(ref.nmi(s.labels, runs[want].assign), 14);
      }
    });
  }

  it('restarts matter: on a set where k-means++ often merges two classes, the worst of 10 is > 10 % above the best kept', async () => {
    const s = blobSet(1, 200, 6, 2, 0.5);
    for (const seed of [1, 2, 3]) {
      const best = await kmeansBest(s.x, s.n, s.d, s.C, seed);
      expect(Math.max(...best.inertias)).toBeGreaterThan(best.inertia * 1.1);
      expect(best.inertia).toBe(Math.min(...best.inertias));
    }
  });

  it('the first of equal inertias is kept, whatever order the restarts come back in', () => {
    const a = { assign: Int32Array.of(0), inertia: 2, iterations: 3, restart: 2 };
    const b = { assign: Int32Array.of(1), inertia: 1, iterations: 4, restart: 1 };
    const c = { assign: Int32Array.of(2), inertia: 1, iterations: 5, restart: 0 };
    expect(bestOf([a, b, c])).toEqual({ assign: c.assign, inertia: 1, restart: 0, inertias: [1, 1, 2], iterations: [5, 4, 3] });
  });

  it('reports its progress by work, rising to 1, and moving while a restart runs over its estimate; a stop ends it', async () => {
    const s = blobSet(2, 300, 10, 8, 1.2);
    const seen: number[] = [];
    await localClustering()(s.x, s.n, s.d, s.C, { seeds: restartSeeds(3), onProgress: (f) => seen.push(f) });
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect(seen.at(-1)).toBe(1);
    expect(seen.length).toBeGreaterThan(30);
    // Past 90 % of the estimate the reported work still rises, and never reaches the estimate.
    const r = [0.5, 0.9, 1, 1.2, 1.5].map((f) => reportedWork(f * 100, 100));
    expect(r[0]).toBe(50);
    expect(r[1]).toBe(90);
    for (let i = 2; i < r.length; i++) {
      expect(r[i]).toBeGreaterThan(r[i - 1]);
      expect(r[i]).toBeLessThan(100);
    }
    const stop = new AbortController();
    stop.abort();
    await expect(localClustering()(s.x, s.n, s.d, s.C, { seeds: restartSeeds(3), signal: stop.signal })).rejects.toThrow('k-means: stopped');
  });
});

describe('splitClustering: restarts dealt to threads', () => {
  /** "Threads" that run their job in this thread, as a worker would, counting jobs and stops. */
  function inProcess() {
    const seen = { jobs: [] as number[][], stopped: 0 };
    const start: StartKmeansThread = (job, onMessage) => {
      seen.jobs.push(job.restarts);
      void runKmeansJob(job, onMessage);
      return { stop: () => seen.stopped++ };
    };
    return { start, seen };
  }

  it('deals restart r to thread r mod threads; the restarts come back as one thread makes them', async () => {
    const s = blobSet(4, 1700, 600, 4, 1);
    const { start, seen } = inProcess();
    const seeds = restartSeeds(7);
    const progress: number[] = [];
    let split = 0;
    const pass = splitClustering(3, start, localClustering(), { onSplit: (t) => (split = t) });
    const got = await pass(s.x, s.n, s.d, 600, { seeds, onProgress: (f) => progress.push(f) });
    expect(split).toBe(3);
    expect(seen.jobs).toEqual([[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]]);
    expect(seen.stopped).toBe(3);
    expect(bestOf(got)).toEqual(bestOf(await localClustering()(s.x, s.n, s.d, 600, { seeds })));
    expect(progress.at(-1)).toBe(1);
  });

  it('stays in this thread below a million products or with one restart; a failing thread fails the pass and every thread is stopped', async () => {
    const s = blobSet(5, 300, 5, 3, 1);
    const { start, seen } = inProcess();
    await splitClustering(4, start, localClustering())(s.x, s.n, s.d, 5, { seeds: restartSeeds(1) });
    const big = blobSet(6, 2000, 600, 4, 1);
    await splitClustering(4, start, localClustering())(big.x, big.n, big.d, 600, { seeds: [1] });
    expect(seen.jobs).toEqual([]);
    let stopped = 0;
    const failing: StartKmeansThread = (job, onMessage, onFailure) => {
      if (job.restarts[0] === 1) queueMicrotask(() => onFailure('it could not start'));
      else void runKmeansJob(job, onMessage);
      return { stop: () => stopped++ };
    };
    await expect(splitClustering(2, failing, localClustering())(big.x, big.n, big.d, 600, { seeds: restartSeeds(1) })).rejects.toThrow('a k-means thread failed: it could not start');
    expect(stopped).toBe(2);
  });
});
