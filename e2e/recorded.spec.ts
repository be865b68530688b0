import { test, expect, type Page } from '@playwright/test';
import { openApp, stepTimes } from './helpers';

// Pinned PR curves and recorded runs: several of them, each labelled so runs tell apart, kept across
// a reload, and forgotten on "clear".

async function evaluateNow(page: Page): Promise<void> {
  await stepTimes(page, 2);
  await expect(page.getByTestId('metric-pr-auc')).not.toHaveText('—', { timeout: 60_000 });
}

test('several PR curves pin, runs are recorded with telling labels, both survive a reload until cleared', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&loss=ssm&alpha=8&evalEvery=1&metricsEvery=1', 'wasm');
  await page.getByTestId('intro-close').click();
  await evaluateNow(page);
  await page.getByTestId('pin-curve').click();
  await page.getByTestId('record-run').click();
  // A second configuration: another loss, with TCM.
  await page.getByTestId('param-loss').selectOption('ces');
  await page.getByTestId('param-tcm').selectOption('on');
  await expect(page.getByTestId('play')).toBeEnabled();
  await evaluateNow(page);
  await page.getByTestId('pin-curve').click();
  await page.getByTestId('record-run').click();

  await expect(page.getByTestId('pr-curve')).toHaveAttribute('data-pinned', '2');
  await expect(page.getByTestId('opis-scatter')).toHaveAttribute('data-points', '2');
  const labels = page.getByTestId('opis-scatter').getByTestId('run-label');
  await expect(labels).toHaveCount(2);
  await expect(labels.nth(0)).toContainText('SSM α=8 · blobs');
  await expect(labels.nth(1)).toContainText('CES α=8 · blobs · TCM');

  await page.reload();
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId('pr-curve')).toHaveAttribute('data-pinned', '2');
  await expect(page.getByTestId('opis-scatter')).toHaveAttribute('data-points', '2');
  await page.getByTestId('clear-recorded').click();
  await expect(page.getByTestId('pr-curve')).toHaveAttribute('data-pinned', '0');
  await expect(page.getByTestId('opis-scatter')).toHaveAttribute('data-points', '0');
  await page.reload();
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId('opis-scatter')).toHaveAttribute('data-points', '0');
});
