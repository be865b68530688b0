import { test, expect } from '@playwright/test';
import { openApp, readRun, stepTimes } from './helpers';

// On webgpu, Play queues step t+1 before reading step t's loss back (src/worker/training/trainingLoop.ts
// `step`), except where a snapshot or evaluation follows. The curve and the counter must stay
// exact: the same losses as stepping one at a time, every step once, none lost at a pause.
const LINK = '#backend=webgpu&data=blobs&evalEvery=8&metricsEvery=0&steps=20';

const history = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const s = window.playground.store.getState();
    return { step: s.step, steps: [...s.history.step], loss: [...s.history.loss] };
  });

test('on webgpu, Play (steps queued ahead) gives exactly the losses of stepping one at a time', async ({ page }) => {
  await openApp(page, LINK, 'webgpu');
  const stepped = await stepTimes(page, 12);
  const one = await history(page);
  expect(one.loss.length).toBe(12);

  await page.reload();
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  await expect(page.getByTestId('backend')).toHaveText('webgpu');
  // A pause in the middle: the step queued ahead is trained and joins the curve.
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 120_000, intervals: [100] }).toBeGreaterThanOrEqual(5);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await expect.poll(async () => (await history(page)).loss.length).toBe((await readRun(page)).step);
  // On to the limit of 20.
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 180_000, intervals: [250] }).toBe(20);
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  const played = await history(page);
  expect(played.steps).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  expect(played.loss.slice(0, 12)).toEqual(one.loss);
  expect(stepped.backend).toBe('webgpu');
});
