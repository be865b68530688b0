import { test, expect } from '@playwright/test';
import { openApp, readRun, stepTimes } from './helpers';

// auto times the actual configuration on each backend and keeps the fastest. Here WebGPU is a
// SwiftShader fallback adapter and WebGL a software renderer, so wasm must win, with its numbers.
test('auto measures the backends, keeps wasm here, says so with numbers, and trains as wasm does', async ({ page, context }) => {
  await openApp(page, '#backend=auto&data=blobs', 'wasm');
  const note = page.getByTestId('backend-note');
  await expect(note).toContainText(/auto measured wasm \d+(\.\d)? ms\/step/);
  await expect(note).toContainText('webgpu skipped: CPU fallback adapter');
  // WebGL is measured or skipped with its reason; either way it is named.
  await expect(note).toContainText(/webgl (\d+(\.\d)? ms\/step|skipped: \S)/);
  await expect(note).toContainText(/→ wasm$/);
  const auto = await stepTimes(page, 10);

  // The same configuration forced onto wasm: measuring must not have touched the run's weights,
  // batches or tensors.
  const forced = await context.newPage();
  await openApp(forced, '#backend=wasm&data=blobs', 'wasm');
  const wasm = await stepTimes(forced, 10);
  expect(auto.loss.slice(0, 10)).toEqual(wasm.loss.slice(0, 10));
  expect(auto.loss.every(Number.isFinite)).toBe(true);
  expect((await readRun(page)).numTensors).toBe((await readRun(forced)).numTensors);
});

// A comparison measures once: B waits for A's measurement and takes its choice, instead of timing
// the backends again beside A (which slowed both and started B ~20 s late).
test('B of a comparison on auto takes A’s measured backend and says so', async ({ page }) => {
  await openApp(page, '#backend=auto&data=blobs&b=1&b.alpha=4', 'wasm');
  await expect(page.getByTestId('backend-note')).toContainText(/auto measured wasm .*→ wasm$/);
  const b = () => page.evaluate(() => window.playground.controller.compare!.store.getState().backend);
  await expect.poll(async () => (await b())?.active, { timeout: 120_000 }).toBe('wasm');
  const info = await b();
  expect(info?.requested).toBe('auto');
  expect(info?.note).toMatch(/^auto: A's measurement, auto measured wasm .*→ wasm$/);
  // Both train on it.
  await page.getByTestId('step-once').click();
  await expect.poll(() => page.evaluate(() => window.playground.controller.compare!.store.getState().step)).toBe(1);
});
