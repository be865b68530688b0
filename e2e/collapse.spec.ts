import { test, expect } from '@playwright/test';
import { openApp, readRun, withFaults } from './helpers';

// A run whose embedding collapses onto one point is caught, paused and explained, as a diverging
// one is. Spirals + Cross-Example Softmax at the defaults (d = 2, α = 16) really collapses.

test('a collapsing run pauses with a plain explanation of what to change', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=spirals&loss=ces&evalEvery=10&metricsEvery=0', 'wasm');
  await page.getByTestId('play').click();
  const notice = page.getByTestId('notice').filter({ hasText: 'collapse' });
  await expect(notice).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  const run = await readRun(page);
  expect(run.loss.every(Number.isFinite)).toBe(true);
  console.log(`collapse caught at step ${run.step}: ${await notice.textContent()}`);
  // A healthy run of the same data is not flagged.
  await page.getByTestId('param-dim').fill('8');
  await page.getByTestId('param-loss').selectOption('softmax');
  await expect(page.getByTestId('play')).toBeEnabled();
  await page.getByTestId('param-alpha').fill('4');
  await page.getByTestId('param-alpha').press('Enter');
  await page.getByTestId('param-lr').fill('0.03');
  await page.getByTestId('param-lr').press('Enter');
  await expect(page.getByTestId('play')).toBeEnabled();
  const before = await page.getByTestId('notice').filter({ hasText: 'collapse' }).count();
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 120_000 }).toBeGreaterThanOrEqual(200);
  await page.getByTestId('pause').click();
  expect(await page.getByTestId('notice').filter({ hasText: 'collapse' }).count()).toBe(before);
});

test('on MNIST, whose refreshes are embedded on the metrics worker, a collapse pauses the run too', async ({ page }) => {
  // No MNIST setting collapses on demand: the test-only fault kills every hidden unit (weights 0,
  // output bias 1), so every digit embeds to one point from step 40 on, for good.
  await withFaults(page, { collapseAtStep: 40 });
  await openApp(page, '#backend=wasm&data=mnist&evalEvery=10&metricsEvery=0', 'wasm');
  await page.getByTestId('play').click();
  const notice = page.getByTestId('notice').filter({ hasText: 'collapse' });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  // The verdict comes back from the metrics worker while training goes on: the pause lands a few steps after the refresh that showed it.
  const at = Number(/Paused at step (\d+)/.exec((await notice.textContent()) ?? '')?.[1]);
  const run = await readRun(page);
  expect(at).toBeGreaterThanOrEqual(40);
  expect(run.step).toBeGreaterThanOrEqual(at);
  expect(run.step).toBeLessThan(at + 10);
  expect(run.loss.every(Number.isFinite)).toBe(true);
});
