/**
 * "Evaluate your own embeddings" on sets large enough to share their work between workers on every
 * core (src/worker/own/evalWorkers.ts): from 10,000 items the retrieval pass (Recall@K, MAP@R,
 * R-precision), and from a million point-centre products k-means's 10 restarts (NMI). The page
 * says so, and shows exactly the numbers the command line computes from the same files. Each worker
 * computes with float32 products on tfjs-wasm, which leaves every number as one thread gives it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { zipfSet } from '../bench/parts/zipfSet.mjs';
import { writeNpy } from '../src/data/embeddingFiles';
import { openApp } from './helpers';
import { blobs, cliEvaluate, dir, expectTiles, idle, openPanel, pick, writeProjector } from './ownSets';

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
  // of threads), each ranking with its float32 screen (the WebAssembly SIMD kernel): the same numbers, faster.
  const time = page.getByTestId('own-embeddings-time');
  if (cores > 1) await expect(time).toContainText(`binned: 4,096 cosine bins; the retrieval pass on ${cores} threads, screened by float32 products)`);
  else await expect(time).toContainText('binned: 4,096 cosine bins; the retrieval pass screened by float32 products)');
  await expectTiles(page, await oneThread);
});

test('a set of 6,000 items in ~800 Zipf classes picked in the panel: k-means on every core, the bar moving, every tile equal to the command line’s', async ({ page }) => {
  const n = 6000;
  const dim = 32;
  const { values, labels } = zipfSet({ n, dim, classes: 1000 });
  const classes = new Set(labels).size;
  expect(classes).toBeGreaterThanOrEqual(300);
  const vectors = join(dir, 'zipf-vectors.npy');
  const metadata = join(dir, 'zipf-labels.npy');
  writeFileSync(vectors, writeNpy(Array.from(values), [n, dim], '<f4'));
  writeFileSync(metadata, writeNpy(Array.from(labels), [n], '<i4'));
  const cli = cliEvaluate(vectors, metadata, 'zipf-cli');
  await openApp(page, '#backend=wasm&data=blobs&steps=0&metricsEvery=0', 'wasm');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await openPanel(page);
  await page.getByTestId('own-embeddings-vectors').setInputFiles(vectors);
  await page.getByTestId('own-embeddings-labels').setInputFiles(metadata);
  // The bar moves while it works: several readings along the way, rising. Each reading is the
  // progress line read at once (the bar and the time left go when the evaluation ends, between
  // two separate reads: a read of a bar that is gone would wait for it until the test times out).
  const progress = page.getByTestId('own-embeddings-progress');
  const seen: number[] = [];
  const told = new Set<string>();
  for (;;) {
    const now = await progress.evaluate((line) => ({
      running: line.getAttribute('data-state') === 'running',
      value: line.querySelector('progress')?.getAttribute('value') ?? null,
      left: line.querySelector('[data-testid="own-embeddings-left"]')?.textContent ?? null,
    }));
    if (!now.running) break;
    if (now.value !== null && Number(now.value) !== seen.at(-1)) seen.push(Number(now.value));
    if (now.left) told.add(now.left);
    await page.waitForTimeout(100);
  }
  await idle(page);
  expect(new Set(seen).size, `the bar read ${seen.join(', ')}`).toBeGreaterThanOrEqual(3);
  // Beside the bar, the time left once the evaluation has moved (src/eval/timeLeft.ts).
  expect([...told].some((t) => /^ · about (\d+ min )?\d+ s left$/.test(t)), `it told ${[...told].join(' | ')}`).toBe(true);
  await expect(page.getByTestId('own-embeddings-set')).toHaveAttribute('data-items', String(n));
  const time = page.getByTestId('own-embeddings-time');
  if (cores > 1) await expect(time).toContainText(`k-means's restarts on ${cores} threads`);
  await expectTiles(page, await cli);
});
