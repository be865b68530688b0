import { test, expect } from '@playwright/test';
import { openApp, readRun, stepTimes } from './helpers';

test('a copied link opens the same configuration and reproduces the loss curve', async ({ page, context }) => {
  const hash = '#backend=wasm&data=blobs&classes=4&noise=0.3&dim=3&head=bn&alpha=8&lr=0.002&batch=32&seed=7&dataSeed=11';
  await openApp(page, hash, 'wasm');
  const a = await stepTimes(page, 12);
  await page.getByTestId('share').click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('#v=1&');
  await expect(page.getByTestId('share-url')).toHaveValue(link);

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  const b0 = await readRun(other);
  expect(b0.config).toEqual(a.config);
  expect(b0.config).toMatchObject({ data: 'blobs', classes: 4, noise: 0.3, dim: 3, head: 'bn', alpha: 8, lr: 0.002, seed: 7, dataSeed: 11 });
  await expect(other.getByTestId('notice')).toHaveCount(0);
  const b = await stepTimes(other, 12);
  expect(b.loss).toEqual(a.loss);
});

test('reset brings the same run back', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=mnist&batch=32', 'wasm');
  const first = await stepTimes(page, 8);
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('step')).toHaveText('0');
  await expect(page.getByTestId('play')).toBeEnabled();
  const second = await stepTimes(page, 8);
  expect(second.loss).toEqual(first.loss);
  // A different init seed gives a different run.
  await page.getByTestId('param-seed').fill('2');
  await page.getByTestId('param-seed').press('Enter');
  await expect(page).toHaveURL(/seed=2&/);
  await expect(page.getByTestId('play')).toBeEnabled();
  const third = await stepTimes(page, 8);
  expect(third.loss).not.toEqual(first.loss);
});

test('a garbage link still gives a working page with notices', async ({ page }) => {
  await page.goto('/#lr=banana&dim=999&backend=quantum&bogus=1&%E0%A4%A=x&&v=99');
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  const notices = page.getByTestId('notice');
  await expect(notices.filter({ hasText: 'lr' })).toHaveCount(1);
  await expect(notices.filter({ hasText: 'dim=999' })).toHaveCount(1);
  await expect(notices.filter({ hasText: 'bogus' })).toHaveCount(1);
  const run = await readRun(page);
  expect(run.config).toMatchObject({ lr: 0.003, dim: 128, backend: 'auto' });
  // auto on this fallback adapter picks wasm, and says why.
  await expect(page.getByTestId('backend')).toHaveText(/wasm|webgpu/);
  await expect(page).toHaveURL(/#v=1&backend=auto&/);
  const after = await stepTimes(page, 2);
  expect(after.loss.every(Number.isFinite)).toBe(true);
});

test('changing a control updates the link and starts a new run', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=rings&classes=3', 'wasm');
  await page.getByTestId('param-dim').fill('5');
  await page.getByTestId('param-dim').press('Enter');
  await expect(page).toHaveURL(/dim=5&/);
  await page.getByTestId('param-lr').fill('0.02');
  await page.getByTestId('param-lr').press('Enter');
  await expect(page).toHaveURL(/lr=0\.02&/);
  await page.getByTestId('param-data').selectOption('spirals');
  await expect(page).toHaveURL(/data=spirals&/);
  await expect(page.getByTestId('play')).toBeEnabled();
  expect((await readRun(page)).config).toMatchObject({ dim: 5, lr: 0.02, data: 'spirals' });
});
