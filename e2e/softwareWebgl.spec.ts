import { test, expect } from '@playwright/test';
import { CHROMIUM_ARGS, executablePath } from '../playwright.config';
import { openApp, stepTimes } from './helpers';

// With the GPU turned off, Chromium still offers WebGL on a software rasteriser: the page must say so.
test.use({ launchOptions: { executablePath, args: [...CHROMIUM_ARGS, '--disable-gpu'] } });

test('with --disable-gpu, webgl trains on a software renderer and the page says so', async ({ page }) => {
  await openApp(page, '#backend=webgl&data=blobs&evalEvery=5', 'webgl');
  // Said in the header's line ("training on WebGL emulated on the CPU"), the renderer in its details.
  await expect(page.getByTestId('backend-words')).toHaveText('training on WebGL emulated on the CPU (webgl)');
  await expect(page.getByTestId('backend-note')).toContainText('webgl runs on a software renderer (SwiftShader)');
  const run = await stepTimes(page, 3);
  expect(run.backend).toBe('webgl');
  expect(run.loss.every(Number.isFinite)).toBe(true);
});
