import { test, expect } from '@playwright/test';
import { openApp, readRun, withFaults } from './helpers';

// Through the test-only fault hook (src/worker/training/faults.ts): tfjs's WebGPU device is destroyed before
// step 13, as a driver reset would. The run must go on on wasm from its last checkpoint (step 10,
// the last snapshot), with a notice, and the page must keep what it drew.
test('a lost GPU device: training goes on on wasm from the last checkpoint, the curve stays contiguous', async ({ page }) => {
  await withFaults(page, { loseDeviceAtStep: 13 });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openApp(page, '#backend=webgpu&data=blobs&steps=0&evalEvery=5&metricsEvery=10', 'webgpu');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Training goes on on wasm from step 10' })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('backend')).toHaveText('wasm');
  await expect(page.getByTestId('backend-note')).toContainText(/continued on wasm from step 10/);
  // Still training, without a press: the run was playing when the device went.
  await expect.poll(async () => (await readRun(page)).step, { timeout: 60_000 }).toBeGreaterThanOrEqual(60);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  const shape = await page.evaluate(() => {
    const s = window.playground.store.getState();
    return {
      step: s.step,
      contiguous: s.history.step.every((v, i) => v === i + 1),
      points: s.history.step.length,
      finite: s.history.loss.every(Number.isFinite),
      evalSteps: s.evalSeries.step.slice(),
      fatal: s.fatal,
    };
  });
  expect(shape).toMatchObject({ points: shape.step, contiguous: true, finite: true, fatal: null });
  // Metrics over steps: every 10 steps from the first, none twice, none lost across the switch.
  expect(shape.evalSteps.slice(0, 5)).toEqual([0, 10, 20, 30, 40]);
  expect(shape.evalSteps.every((v, i) => v === i * 10)).toBe(true);
  await expect(page.getByTestId('embedding-plot')).toHaveAttribute('data-points', /[1-9]/);
  expect(errors).toEqual([]);
  // A reset starts over on the working backend.
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('step')).toHaveText('0');
  await page.getByTestId('step-once').click();
  await expect.poll(async () => (await readRun(page)).step).toBe(1);
});
