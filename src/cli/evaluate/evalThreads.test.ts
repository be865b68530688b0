/**
 * The retrieval pass and k-means's restarts split between worker threads (evalThreads.ts) against
 * the same work in one thread, on the command's real thread entry (bin/metric-playground.mjs loads the sources in
 * each thread): the same verdicts for every query, ties, one-item classes and tiny memory bounds
 * included; a thread that cannot start fails the pass with its reason.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { retrievalPass } from '../../eval/retrieval/retrieval';
import { Rng } from '../../data/rng';
import { EvalThreadPool, threadedClustering, threadedRetrieval } from './evalThreads';
import { bestOf, localClustering, restartSeeds } from '../../eval/clustering/restarts';
import { tfCentreProducts } from '../../eval/kernels/centreProducts';
import { tryWasmBackend } from '../../ml/ml.testkit';

const BIN = join(__dirname, '../../../bin/metric-playground.mjs');
const dir = mkdtempSync(join(tmpdir(), 'mp-threads-'));
const pools: EvalThreadPool[] = [];
/** A pool of threads on `entry`, ended after the tests. */
const poolOf = (entry: string) => (pools.push(new EvalThreadPool(entry)), pools.at(-1)!);
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  rmSync(dir, { recursive: true, force: true });
});

/** n unit rows in d dimensions: Zipf-sized classes, one class of one item, and exact duplicates (ties). */
function set(n: number, d: number, seed: number) {
  const rng = new Rng(seed);
  const labels = new Int32Array(n);
  for (let i = 0; i < n; i++) labels[i] = Math.min(11, Math.floor(-Math.log(1 - rng.next() * 0.999) * 3));
  labels[n - 1] = 99;
  const x = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    const from = i % 7 === 3 ? i - 1 : -1; // every 7th item a duplicate of the one before it
    let norm = 0;
    for (let t = 0; t < d; t++) {
      x[i * d + t] = from >= 0 ? x[from * d + t] : (labels[i] % d === t ? 1.5 : 0) + rng.normal();
      norm += x[i * d + t] ** 2;
    }
    for (let t = 0; t < d; t++) x[i * d + t] /= Math.sqrt(norm);
  }
  return { x, labels };
}

describe('the retrieval pass on worker threads', () => {
  it('gives every query the verdicts one thread gives', async () => {
    const n = 1300, d = 6;
    const { x, labels } = set(n, d, 5);
    const opts = { ks: [1, 2, 4, 8], rCap: 40 };
    let split = 0;
    const threaded = threadedRetrieval(3, poolOf(BIN), { minItems: 0, onSplit: (t) => (split = t) });
    // Also with selections bounded to a few queries per block, in every thread.
    const [one, many, blocks] = await Promise.all([
      retrievalPass(x, labels, n, d, opts),
      threaded(x, labels, n, d, opts),
      threaded(x, labels, n, d, { ...opts, maxEntries: 3 * 2 * 40 }),
    ]);
    expect(split).toBe(3);
    expect(many).toEqual(one);
    expect(blocks).toEqual(one);
    // A sample of queries (each still against every item) splits the same way.
    const queries = Int32Array.from({ length: 600 }, (_, i) => 2 * i + 1);
    expect(await threaded(x, labels, n, d, { ...opts, queries })).toEqual(await retrievalPass(x, labels, n, d, { ...opts, queries }));
  }, 120_000);

  it('stays in this thread below its size, and fails with the reason when a thread cannot start', async () => {
    const n = 600, d = 4;
    const { x, labels } = set(n, d, 9);
    let split = 0;
    const small = threadedRetrieval(2, poolOf(BIN), { onSplit: (t) => (split = t) });
    expect(await small(x, labels, n, d, { ks: [1] })).toEqual(await retrievalPass(x, labels, n, d, { ks: [1] }));
    expect(split).toBe(0);
    const broken = join(dir, 'broken.mjs');
    writeFileSync(broken, 'throw new Error("no such thread");\n');
    await expect(threadedRetrieval(2, poolOf(broken), { minItems: 0 })(x, labels, n, d, { ks: [1] })).rejects.toThrow(/a retrieval thread failed: no such thread/);
  }, 60_000);
});

describe('k-means’s restarts on worker threads', () => {
  it('give the clustering one thread gives with the same float32 products, restart for restart', async () => {
    const n = 1800, d = 6, k = 600;
    const { x } = set(n, d, 3);
    expect(await tryWasmBackend()).toBe(true);
    const here = localClustering((p, m, e) => tfCentreProducts(p, m, e)!);
    let split = 0;
    const pool = poolOf(BIN);
    const threaded = threadedClustering(2, pool, here, { onSplit: (t) => (split = t) });
    const seeds = restartSeeds(4);
    const progress: number[] = [];
    const many = await threaded(x, n, d, k, { seeds, onProgress: (f) => progress.push(f) });
    expect(split).toBe(2);
    expect(bestOf(many)).toEqual(bestOf(await here(x, n, d, k, { seeds })));
    expect(progress.at(-1)).toBe(1);
    // The same threads take the next pass: a retrieval pass after the restarts starts none.
    expect(pool.started).toBe(2);
    const { labels } = set(n, d, 3);
    expect(await threadedRetrieval(2, pool, { minItems: 0 })(x, labels, n, d, { ks: [1, 2] })).toEqual(await retrievalPass(x, labels, n, d, { ks: [1, 2] }));
    expect(pool.started).toBe(2);
    const broken = join(dir, 'broken-kmeans.mjs');
    writeFileSync(broken, 'throw new Error("no such thread");\n');
    await expect(threadedClustering(2, poolOf(broken), here)(x, n, d, k, { seeds })).rejects.toThrow(/a k-means thread failed: no such thread/);
  }, 120_000);
});
