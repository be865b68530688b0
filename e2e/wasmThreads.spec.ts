import { test, expect } from '@playwright/test';
import { openApp, readRun, trainFor } from './helpers';

// tfjs-wasm's threaded build in the built app (vite-plugins/wasmThreads.ts): the preview server
// sends COOP/COEP, so the page is cross-origin isolated and tfjs takes its threaded build, with
// half the logical cores (at most 8). Where it is not isolated (e2e/subpath.spec.ts) the status bar
// says 1 thread and why.
test('on an isolated page wasm trains on tfjs threaded build, and the status bar says with how many threads', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await openApp(page, '#backend=wasm&data=blobs', 'wasm');
  const cores = await page.evaluate(() => (crossOriginIsolated ? navigator.hardwareConcurrency : 0));
  expect(cores, 'the preview server must make the page cross-origin isolated').toBeGreaterThanOrEqual(1);
  const state = await page.evaluate(() => window.playground.store.getState().backend?.threads);
  expect(state?.threaded).toBe(true);
  const expected = Math.min(8, Math.max(1, Math.floor(cores / 2)));
  const threads = page.getByTestId('threads');
  await expect(threads).toHaveText(String(expected));
  // Its tip (keyboard-reachable) says which build and why not more threads.
  const stat = page.locator('.stat', { has: threads });
  await stat.focus();
  await expect(stat.locator('.tip')).toBeVisible();
  await expect(stat.locator('.tip')).toContainText('threaded build');
  // tfjs starts its pool of pthread workers (from blob: URLs) when the backend starts.
  expect(workers.filter((u) => u.startsWith('blob:')).length).toBeGreaterThanOrEqual(expected);
  // They load Emscripten's script: a broken bundle throws "… is not defined" there, and no step lands.
  const run = await trainFor(page, 30);
  expect(run.loss.every(Number.isFinite)).toBe(true);
  expect((await readRun(page)).backend).toBe('wasm');
  expect(errors).toEqual([]);
});
