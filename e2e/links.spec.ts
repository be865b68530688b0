import { test, expect } from '@playwright/test';
import { expectLink, openApp, readRun, stepTimes } from './helpers';

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
  await expectLink(page, { seed: 2 });
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
  // The link is rewritten clean: the version and only what differs from the defaults.
  await expect(page).toHaveURL(/#v=1&dim=128$/);
  const after = await stepTimes(page, 2);
  expect(after.loss.every(Number.isFinite)).toBe(true);
});

test('changing a control updates the link and starts a new run', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=rings&classes=3', 'wasm');
  await page.getByTestId('param-dim').fill('5');
  await page.getByTestId('param-dim').press('Enter');
  await expectLink(page, { dim: 5 });
  await page.getByTestId('param-lr').fill('0.02');
  await page.getByTestId('param-lr').press('Enter');
  await expectLink(page, { lr: 0.02 });
  await page.getByTestId('param-data').selectOption('spirals');
  await expectLink(page, { data: 'spirals' });
  await expect(page.getByTestId('play')).toBeEnabled();
  expect((await readRun(page)).config).toMatchObject({ dim: 5, lr: 0.02, data: 'spirals' });
});

test('links are short; controls replace the history entry, presets add one, and Back returns to them; the title names the run', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&seed=3', 'wasm');
  await page.getByTestId('intro-close').click();
  await expect(page).toHaveTitle('LN softmax, α = 16 · Blobs · Metric Playground');
  const entries = () => page.evaluate(() => history.length);
  const start = await entries();

  // A control rewrites the link in place: no entry per keystroke.
  for (const seed of ['4', '5']) {
    await page.getByTestId('param-seed').fill(seed);
    await page.getByTestId('param-seed').press('Enter');
  }
  await expect(page).toHaveURL(/#v=1&backend=wasm&data=blobs&seed=5$/);
  expect(await entries()).toBe(start);

  // A preset is a new entry with a short link that names it.
  await page.getByTestId('presets').click();
  await page.getByTestId('preset-rings').click();
  await expect(page).toHaveURL(/[#&]preset=rings(&|$)/);
  expect(await entries()).toBe(start + 1);
  await expect(page).toHaveTitle('Concentric rings · Metric Playground');
  await page.getByTestId('pause').click();
  await page.getByTestId('param-dim').fill('6');
  await page.getByTestId('param-dim').press('Enter');
  await expectLink(page, { dim: 6, data: 'rings' });
  expect(await entries()).toBe(start + 1);

  await page.getByTestId('presets').click();
  await page.getByTestId('preset-ce-vs-ssm').click();
  await expect(page).toHaveTitle('Cross-Example Softmax vs sampled softmax · MNIST · Metric Playground');
  const hash = await page.evaluate(() => location.hash.slice(1));
  expect(hash.length, hash).toBeLessThan(150);
  expect(hash).toBe('v=1&backend=wasm&dim=16&loss=ssm&alpha=20&steps=350&metricsEvery=70&b=1&b.loss=ces&seeds=2&preset=ce-vs-ssm');
  expect(await page.getAttribute('meta[property="og:title"]', 'content')).toBe('Cross-Example Softmax vs sampled softmax · MNIST · Metric Playground');

  // Back: the rings preset as it was left (dim 6), its guide, no comparison; Back again: the link opened first.
  await page.goBack();
  await expect(page.getByTestId('preset-guide')).toContainText('Concentric rings');
  await expect(page.getByTestId('compare')).toHaveCount(0);
  expect((await readRun(page)).config).toMatchObject({ data: 'rings', dim: 6, backend: 'wasm' });
  await page.goBack();
  await expect(page.getByTestId('preset-guide')).toHaveCount(0);
  await expect(page).toHaveURL(/#v=1&backend=wasm&data=blobs&seed=5$/);
  await expect.poll(async () => (await readRun(page)).config).toMatchObject({ data: 'blobs', seed: 5, dim: 2 });
  await expect(page).toHaveTitle('LN softmax, α = 16 · Blobs · Metric Playground');

  // Each preset also has a plain link (to share, or open here: Back-able like any link).
  await page.getByTestId('presets').click();
  const link = page.getByTestId('preset-link-spirals');
  expect(((await link.getAttribute('href')) ?? '').length).toBeLessThan(151);
  await link.click();
  await expect(page.getByTestId('preset-guide')).toContainText('Interleaved spirals');
  await expect.poll(async () => (await readRun(page)).config).toMatchObject({ data: 'spirals', dim: 8, alpha: 4, backend: 'auto' });
  await page.goBack();
  await expect(page.getByTestId('preset-guide')).toHaveCount(0);
  await expect.poll(async () => (await readRun(page)).config).toMatchObject({ data: 'blobs', seed: 5 });
});

test('a full link of the format written before links were shortened opens the same configuration', async ({ page }) => {
  // Copied from the share box in November 2026: every key, in table order.
  const full =
    '#v=1&backend=wasm&data=blobs&split=closed&classes=4&noise=0.3&model=mlp&dim=3&loss=softmax&head=bn' +
    '&alpha=8&rho=0.5&pairs=class&perClass=8&arcMargin=0.3&cosMargin=0.35&conMargin=1&triMargin=0.2' +
    '&tcm=off&tcmPos=0.9&tcmNeg=0.5&tcmPosW=1&tcmNegW=1&heat=off&alpha2=4&heatAt=1600&heatEnd=2000' +
    '&heatLr=0.1&lr=0.002&batch=32&steps=2000&seed=7&dataSeed=11&evalEvery=25&metricsEvery=100&evalItems=1000';
  await openApp(page, full, 'wasm');
  await expect(page.getByTestId('notice')).toHaveCount(0);
  expect((await readRun(page)).config).toMatchObject({ data: 'blobs', classes: 4, noise: 0.3, dim: 3, head: 'bn', alpha: 8, lr: 0.002, batch: 32, seed: 7, dataSeed: 11 });
  // …and is rewritten in the short form, which means the same.
  await expect(page).toHaveURL(/#v=1&backend=wasm&data=blobs&classes=4&noise=0\.3&dim=3&head=bn&alpha=8&lr=0\.002&batch=32&seed=7&dataSeed=11$/);
});
