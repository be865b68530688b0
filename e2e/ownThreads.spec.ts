/**
 * "Evaluate your own embeddings" on a set large enough to share its retrieval pass (issue 19): from
 * 10,000 items the page splits Recall@K, MAP@R and R-precision between workers on every core
 * (src/worker/retrievalWorkers.ts), says so, and shows exactly the numbers the command line
 * computes on one thread (`evaluate --threads 1`) from the same files. Each worker ranks with a
 * float32 screen on tfjs-wasm (src/eval/retrievalScreened.ts), which leaves every number as it is.
 */
import { test, expect } from '@playwright/test';
import { openApp } from './helpers';
import { blobs, cliEvaluate, expectTiles, openPanel, pick, writeProjector } from './ownSets';

test('10,000 items picked in the panel: the retrieval pass on every core, the tiles equal to one thread’s', async ({ page }) => {
  const set = writeProjector('threads', blobs(21, 10_000, 8, 1.4));
  const oneThread = cliEvaluate(set.vectors, set.metadata, 'threads-cli', ['--threads', '1']);
  await openApp(page, '#backend=wasm&data=blobs&steps=0&metricsEvery=0', 'wasm');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await openPanel(page);
  await pick(page, set.vectors, set.metadata);
  await expect(page.getByTestId('own-embeddings-set')).toHaveAttribute('data-items', '10000');
  // On every core (on a machine of one, in the own-embeddings worker alone: the line says nothing
  // of threads), each ranking with its float32 screen on tfjs-wasm: the same numbers, faster.
  const time = page.getByTestId('own-embeddings-time');
  if (cores > 1) await expect(time).toContainText(`binned: 4,096 cosine bins; the retrieval pass on ${cores} threads, screened by float32 products)`);
  else await expect(time).toContainText('binned: 4,096 cosine bins; the retrieval pass screened by float32 products)');
  await expectTiles(page, await oneThread);
});
