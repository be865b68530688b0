import { test, expect } from '@playwright/test';
import { openApp, readRun } from './helpers';
import { PLOT_IDS } from '../src/ui/plots/plotIds';
import { PRESETS } from '../src/state/presets/presets';
import { parseHash } from '../src/state/link/urlSchema';

// The page explains itself: a first-visit introduction that never blocks, help on every view, a
// glossary, options in words, and presets that open, train and say what to look for.

test('the introduction greets a first visit without blocking Play, and is remembered once dismissed', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&evalEvery=5');
  const intro = page.getByTestId('intro');
  await expect(intro).toBeVisible();
  await expect(intro).toContainText('Metric learning');
  // Not modal: the transport works while it is open.
  await page.getByTestId('step-once').click();
  await expect(page.getByTestId('step')).toHaveText('1');
  await page.keyboard.press('Escape');
  await expect(intro).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 60_000 });
  await expect(intro).toHaveCount(0);
  // "?" brings it back, and its presets open.
  await page.getByTestId('show-intro').click();
  await expect(intro).toBeVisible();
  await page.getByTestId('intro-preset-blobs').click();
  await expect(page.getByTestId('preset-guide')).toBeVisible();
  // Opening a preset puts its views first: the intro steps aside (and "?" still brings it back).
  await expect(intro).toHaveCount(0);
  await page.getByTestId('show-intro').click();
  await expect(intro).toBeVisible();
});

test('every view has a caption and a "?" with what to look for, its source and glossary terms', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&loss=softmax&heat=step&evalEvery=5&metricsEvery=5');
  await page.getByTestId('intro-close').click();
  await page.getByTestId('step-once').click();
  await expect(page.getByTestId('metric-pr-auc')).not.toHaveText('—', { timeout: 60_000 });
  for (const id of PLOT_IDS) {
    await expect(page.getByTestId(`caption-${id}`), id).not.toBeEmpty();
    await page.getByTestId(`help-${id}`).click();
    const text = page.getByTestId(`help-${id}-text`);
    await expect(text).toContainText('From:');
    const term = text.locator('button').first();
    const name = (await term.textContent())!;
    await term.click();
    await expect(page.getByTestId('glossary')).toBeVisible();
    await expect(page.getByTestId('glossary').locator('.current dt')).toHaveText(name);
    await page.getByTestId('glossary-close').click();
    await page.getByTestId(`help-${id}`).click();
    await expect(text).toHaveCount(0);
  }
  // Captions are true for the run: no class-weight diamonds for a pair loss.
  await expect(page.getByTestId('caption-embedding-plot')).toContainText('diamond');
  await page.getByTestId('param-loss').selectOption('ces');
  await expect(page.getByTestId('caption-embedding-plot')).not.toContainText('diamond');
  await expect(page.getByTestId('param-loss').locator('option:checked')).toHaveText('Cross-Example Softmax (CES)');
  // The glossary defines the evaluation's terms in plain words.
  await page.getByTestId('open-glossary').click();
  for (const id of ['opis', 'eps-opis', 'utility', 'calibration-range', 'pr-curve', 'recall-at-k', 'nmi']) {
    await expect(page.getByTestId(`glossary-${id}`)).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('glossary')).toHaveCount(0);
});

test('the presets menu lists every preset; one opens its configuration, trains and shows what to look for', async ({ page }) => {
  await openApp(page, '#backend=wasm');
  await page.getByTestId('intro-close').click();
  await page.getByTestId('presets').click();
  for (const p of PRESETS) await expect(page.getByTestId(`preset-${p.id}`)).toContainText(p.title);
  const preset = PRESETS.find((p) => p.id === 'rings')!;
  await page.getByTestId('preset-rings').click();
  await expect(page.getByTestId('preset-guide')).toContainText(preset.lookFor);
  await expect(page.getByTestId('run-state')).toHaveText('training', { timeout: 60_000 });
  const run = await readRun(page);
  expect(run.config).toMatchObject({ ...parseHash(`#${preset.runs[0].link}`).config, backend: 'wasm' });
  await expect(page).toHaveURL(/data=rings/);
  await page.getByTestId('pause').click();
  // A comparison preset trains its two runs side by side, and its runs can be swapped.
  await page.getByTestId('presets').click();
  await page.getByTestId('preset-ce-vs-ssm').click();
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page.getByTestId('run-state')).toHaveText('training', { timeout: 120_000 });
  const losses = () => page.evaluate(() => [window.playground.store.getState().config.loss, window.playground.controller.compare?.store.getState().config.loss]);
  expect(await losses()).toEqual(['ssm', 'ces']);
  await expect(page).toHaveURL(/b\.loss=ces/);
  await page.getByTestId('preset-run-a-1').click();
  await expect.poll(losses).toEqual(['ces', 'ssm']);
  await expect(page.getByTestId('preset-run-a-1')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('preset-run-b-0')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('run-state')).toHaveText('training', { timeout: 120_000 });
  await page.getByTestId('pause').click();
  await page.getByTestId('preset-guide-close').click();
  await expect(page.getByTestId('preset-guide')).toHaveCount(0);
});
