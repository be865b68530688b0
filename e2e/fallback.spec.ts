import { test, expect } from '@playwright/test';
import { CHROMIUM_ARGS, executablePath } from '../playwright.config';
import { openApp, stepTimes } from './helpers';

// A browser with WebGPU switched off: asking for webgpu must fall back visibly, not silently.
test.use({
  launchOptions: {
    executablePath,
    args: [...CHROMIUM_ARGS.filter((a) => a !== '--enable-unsafe-webgpu'), '--disable-features=WebGPU'],
  },
});

test('without WebGPU, a webgpu link falls back to wasm with a notice and still trains', async ({ page }) => {
  await openApp(page, '#backend=webgpu&data=blobs', 'wasm');
  await expect(page.getByTestId('notice').filter({ hasText: 'WebGPU unavailable' })).toBeVisible();
  const run = await stepTimes(page, 3);
  expect(run.loss.every(Number.isFinite)).toBe(true);
});

test('without WebGPU, auto names why webgpu was not measured and keeps the wasm it measured', async ({ page }) => {
  await openApp(page, '#data=blobs', 'wasm');
  // The note is final once the run is ready: no need to wait for it.
  const note = page.getByTestId('backend-note');
  await expect(note).toContainText(/^auto measured wasm \d+(\.\d)? ms\/step \(.*webgpu skipped: (no WebGPU adapter is available|this browser exposes no WebGPU).*\) → wasm$/, { timeout: 1000 });
});
