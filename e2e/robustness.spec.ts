import { test, expect, type Page } from '@playwright/test';
import { openApp, readRun } from './helpers';

/** Steps recorded in the page's loss history, and whether they run 1, 2, … without a gap. */
async function historyShape(page: Page): Promise<{ step: number; points: number; contiguous: boolean }> {
  return page.evaluate(() => {
    const s = window.playground.store.getState();
    const steps = s.history.step;
    return { step: s.step, points: steps.length, contiguous: steps.every((v, i) => v === i + 1) };
  });
}

// Defect 1: a pause that landed between two posts dropped the steps not yet sent.
test('pausing and playing again and again loses no loss point', async ({ page }) => {
  await openApp(page, '#v=1&backend=wasm&data=blobs&steps=0&metricsEvery=0&evalEvery=1000', 'wasm');
  for (let i = 0; i < 25; i++) {
    await page.getByTestId('play').click();
    await page.waitForTimeout(20 + ((i * 37) % 90));
    await page.getByTestId('pause').click();
  }
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await page.waitForTimeout(500);
  const shape = await historyShape(page);
  expect(shape.step).toBeGreaterThan(25);
  expect(shape).toEqual({ step: shape.step, points: shape.step, contiguous: true });
  expect((await readRun(page)).loss.every(Number.isFinite)).toBe(true);
});
