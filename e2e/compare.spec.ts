import { test, expect, type Page } from '@playwright/test';
import { openApp } from './helpers';

// Two runs side by side: started from the UI or from a link, driven by one transport, overlaid in
// two colours, with a table A | B | Δ.

const stepsOf = (page: Page) =>
  page.evaluate(() => {
    const c = window.playground.controller;
    return [c.store.getState().step, c.compare?.store.getState().step ?? -1];
  });

test('Compare with… starts B as a copy of A; both train, pause and reset together; the table fills', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&classes=4&loss=ssm&alpha=8&evalEvery=10&metricsEvery=20', 'wasm');
  await page.getByTestId('intro-close').click();
  await expect(page.getByTestId('compare')).toHaveCount(0);
  // One seed here (e2e/seeds.spec.ts compares on several).
  await page.getByTestId('compare-seeds').selectOption('1');
  await page.getByTestId('compare-start').click();
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page).toHaveURL(/&b=1$/);
  // The panel now edits B: A keeps its loss, the link carries B's difference only.
  await expect(page.getByTestId('edit-b')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('param-loss').selectOption('ces');
  await expect(page).toHaveURL(/&b=1&b\.loss=ces$/);
  await expect(page).toHaveURL(/[#&]loss=ssm&/);
  await expect(page.getByTestId('compare-diff')).toContainText('Cross-Example Softmax (CES)');
  await page.getByTestId('edit-a').click();
  await expect(page.getByTestId('param-loss')).toHaveValue('ssm');

  // One transport drives both runs.
  await expect(page.getByTestId('play')).toBeEnabled();
  await page.getByTestId('play').click();
  await expect.poll(async () => Math.min(...(await stepsOf(page))), { timeout: 120_000 }).toBeGreaterThanOrEqual(40);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await expect.poll(() => page.evaluate(() => window.playground.controller.compare!.store.getState().running)).toBe(false);
  const paused = await stepsOf(page);
  await page.waitForTimeout(1000);
  expect(await stepsOf(page)).toEqual(paused);

  await expect(page.getByTestId('compare-table')).toHaveAttribute('data-filled', 'true');
  for (const side of ['a', 'b', 'delta']) await expect(page.getByTestId(`compare-ap-${side}`)).toHaveText(/^[+-]?\d/);
  await expect(page.getByTestId('compare-loss').locator('path.compare-line')).toHaveCount(2);
  await expect(page.getByTestId('compare-pr').locator('path.compare-line')).toHaveCount(2);
  await expect(page.getByTestId('compare-embedding-b').getByTestId('embedding-plot')).not.toHaveAttribute('data-points', '0');

  await page.getByTestId('reset').click();
  await expect.poll(() => stepsOf(page)).toEqual([0, 0]);
  await page.getByTestId('compare-stop').click();
  await expect(page.getByTestId('compare')).toHaveCount(0);
  await expect(page).not.toHaveURL(/b=1/);
});

test('a link with b.<key>=value opens the comparison, and a reload keeps it', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&loss=ssm&alpha=8&b.loss=ces&b.alpha=20', 'wasm');
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page.getByTestId('compare-diff')).toContainText('Scale α = 20');
  await expect(page.getByTestId('compare-diff')).toContainText('Cross-Example Softmax (CES)');
  await expect(page).toHaveURL(/&b=1&b\.loss=ces&b\.alpha=20$/);
  const b = await page.evaluate(() => window.playground.controller.compare!.store.getState().config);
  expect(b).toMatchObject({ loss: 'ces', alpha: 20, data: 'blobs' });
  await page.reload();
  await expect(page.getByTestId('compare')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('step-once').click();
  await expect.poll(() => stepsOf(page), { timeout: 60_000 }).toEqual([1, 1]);
});
