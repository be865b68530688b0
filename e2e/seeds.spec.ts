import { test, expect, type Page } from '@playwright/test';
import { download, openApp } from './helpers';
import { permitsFor } from '../src/worker/cpuTurns';

// A comparison on several seeds: "Compare with…" trains A and B on seeds s, s + 1,
// s + 2 (the "Seeds" control beside it, default 3); the table shows each metric's mean ±
// half-range and on how many seeds B is better, with a verdict only when every seed agrees; the
// curves over steps show the band of the seeds.

const HASH = '#backend=wasm&data=blobs&classes=4&loss=ssm&alpha=8&steps=60&evalEvery=10&metricsEvery=20';

/** Every run of the comparison (A's seeds, then B's): its seeds, step and latest compactness and PR-AUC. */
const runs = (page: Page) =>
  page.evaluate(() => {
    const a = window.playground.controller;
    const side = (c: typeof a) => [c, ...c.replicas].map((r) => r.store.getState());
    return [...side(a), ...(a.compare ? side(a.compare) : [])].map((s) => ({
      seed: s.config.seed,
      dataSeed: s.config.dataSeed,
      loss: s.config.loss,
      step: s.step,
      finished: s.finished,
      compactness: s.history.compactness.at(-1) ?? null,
      ap: s.evalSeries.ap.at(-1) ?? null,
    }));
  });

test('a comparison on 3 seeds: six runs, mean ± half-range, "k of 3", a verdict only when all agree, bands on the curves', async ({ page }) => {
  await openApp(page, HASH, 'wasm');
  await page.getByTestId('intro-close').click();
  await expect(page.getByTestId('compare-seeds')).toHaveValue('3');
  await page.getByTestId('compare-start').click();
  await expect(page).toHaveURL(/&b=1&seeds=3$/);
  await page.getByTestId('param-loss').selectOption('ces');
  await expect(page).toHaveURL(/&b=1&b\.loss=ces&seeds=3$/);
  await expect(page.getByTestId('compare-seeds-note')).toContainText('3 seeds (seeds 1 to 3)');

  // Six runs: A and B each on init and data seeds 1, 2, 3.
  const before = await runs(page);
  expect(before.map((r) => [r.seed, r.dataSeed, r.loss])).toEqual([
    [1, 1, 'ssm'], [2, 2, 'ssm'], [3, 3, 'ssm'],
    [1, 1, 'ces'], [2, 2, 'ces'], [3, 3, 'ces'],
  ]);

  // One Play trains all six to the end.
  await page.getByTestId('play').click();
  await expect.poll(async () => (await runs(page)).every((r) => r.finished && r.step === 60), { timeout: 240_000 }).toBe(true);
  await expect(page.getByTestId('compare-step')).toHaveAttribute('data-verdict', 'true');
  await expect(page.getByTestId('compare-step')).toContainText('3 seeds each, compared at step 60');
  const table = page.getByTestId('compare-table');
  await expect(table).toHaveAttribute('data-seeds', '3');

  // Each cell is the mean ± half-range of the six runs' own numbers; the count and the verdict follow them.
  const done = await runs(page);
  const a = done.slice(0, 3).map((r) => r.compactness!);
  const b = done.slice(3).map((r) => r.compactness!);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const half = (xs: number[]) => (Math.max(...xs) - Math.min(...xs)) / 2;
  const shown = (v: number) => (v !== 0 && Math.abs(v) < 0.01 ? v.toExponential(2) : v.toFixed(4));
  await expect(page.getByTestId('compare-compactness-a')).toHaveText(`${shown(mean(a))} ± ${shown(half(a))}`);
  await expect(page.getByTestId('compare-compactness-b')).toHaveText(`${shown(mean(b))} ± ${shown(half(b))}`);
  const lower = a.filter((v, i) => b[i] < v).length;
  const higher = a.filter((v, i) => b[i] > v).length;
  const delta = page.getByTestId('compare-compactness-delta');
  await expect(delta).toHaveAttribute('data-agree', `${lower}/3`);
  await expect(delta).toContainText(`B lower on ${lower} of 3 seeds`);
  const verdict = lower === 3 ? 'better' : higher === 3 ? 'worse' : 'noise';
  await expect(delta).toHaveAttribute('data-verdict', verdict);
  await expect(delta).toContainText(verdict === 'noise' ? 'within seed noise' : verdict === 'better' ? '✓ better' : '✗ worse');
  // Every row says its count; a verdict of better / worse appears only where all three seeds agree.
  for (const row of await page.locator('[data-testid$="-delta"][data-agree]').all()) {
    const [k, n] = (await row.getAttribute('data-agree'))!.split('/').map(Number);
    const v = await row.getAttribute('data-verdict');
    if (v === 'better') expect(k).toBe(n);
    if (v === 'noise') expect(k > 0 && k < n).toBe(true);
  }

  // The curves: each side's mean as the line, the seeds' band behind it.
  await expect(page.getByTestId('compare-loss').locator('path.seed-band')).toHaveCount(2);
  await expect(page.getByTestId('compare-metrics').locator('path.seed-band')).toHaveCount(4);
  await expect(page.getByTestId('compare-loss').locator('.legend text').first()).toContainText('mean of 3 seeds');

  // The A | B figure draws seed 1 and says it is one of the three.
  const svg = await download(page, 'export-pair-svg');
  expect(svg.body.toString('utf8')).toContain('one of the 3 seeds each side trained');

  // Back to one seed from the same control: both runs start again, the link and table say one seed.
  await page.getByTestId('compare-seeds').selectOption('1');
  await expect(page).toHaveURL(/&b=1&b\.loss=ces$/);
  await expect(table).toHaveAttribute('data-seeds', '1');
  expect((await runs(page)).map((r) => [r.seed, r.step])).toEqual([
    [1, 0],
    [1, 0],
  ]);
  await expect(page.getByTestId('compare-loss').locator('path.seed-band')).toHaveCount(0);
  await expect(page.getByTestId('compare-seeds-note')).toHaveCount(0);
});

test('seeds=3 in a link opens the comparison on 3 seeds; seeds without b=1, or out of range, is said in a notice', async ({ page }) => {
  await openApp(page, `${HASH}&b=1&b.alpha=16&seeds=3`, 'wasm');
  await expect(page.getByTestId('compare-table')).toHaveAttribute('data-seeds', '3');
  await expect(page.getByTestId('compare-seeds')).toHaveValue('3');
  expect((await runs(page)).map((r) => r.seed)).toEqual([1, 2, 3, 1, 2, 3]);
  await page.goto(`/${HASH}&b=1&seeds=0`);
  await expect(page.getByTestId('notice').filter({ hasText: 'seeds=0 is outside 1–5; using 1' })).toBeVisible();
  await expect(page.getByTestId('compare-table')).toHaveAttribute('data-seeds', '1');
  await page.goto(`/${HASH}&seeds=3`);
  await expect(page.getByTestId('notice').filter({ hasText: 'seeds=3 applies to a comparison (b=1); ignored' })).toBeVisible();
  await expect(page.getByTestId('compare')).toHaveCount(0);
});

test('six runs take turns on the CPU, a few at a time; runs stopped mid-step give their turns back', async ({ page }) => {
  // Twelve busy workers (six runs, each with its metrics worker) on two cores kept
  // the page from drawing; they now compute in turns (src/worker/cpuTurns.ts).
  await openApp(page, `${HASH}&steps=200&b=1&b.loss=ces&seeds=3`, 'wasm');
  await page.getByTestId('intro-close').click();
  const turns = () => page.evaluate(() => window.playground.controller.cpuTurns());
  const expected = await page.evaluate(() => ({ cores: navigator.hardwareConcurrency, isolated: self.crossOriginIsolated }));
  expect(expected.isolated).toBe(true);
  const { permits } = (await turns())!;
  expect(permits).toBe(permitsFor(expected.cores, true));
  // The status bar says so (its tip, why).
  const atOnce = page.getByTestId('turns');
  await expect(atOnce).toContainText(`${permits} of 6 runs`);
  await expect(page.locator('.stat', { has: atOnce }).locator('.tip')).toContainText(`The 6 runs of this comparison take turns on the CPU, ${permits} at a time`);

  // All six train, each in its turns.
  await page.getByTestId('play').click();
  await expect.poll(async () => (await runs(page)).every((r) => r.step >= 20), { timeout: 120_000 }).toBe(true);
  expect((await turns())!.taken).toBeGreaterThan(6 * 20);

  // Back to one seed while every run trains: the four workers of seeds 2 and 3 are terminated,
  // mid-step or waiting for a turn; the runs left must still have every turn.
  await page.getByTestId('compare-seeds').selectOption('1');
  await expect(page.getByTestId('turns')).toHaveCount(0);
  await page.getByTestId('play').click();
  await expect.poll(async () => (await runs(page)).every((r) => r.finished && r.step === 200), { timeout: 180_000 }).toBe(true);
  // Idle again: no turn is left counted as running or waited for.
  await expect.poll(async () => (await turns())!.inFlight, { timeout: 30_000 }).toBe(0);

  // Three seeds, stopped the same way to two, and two to one, then three trained to the end.
  for (const [from, to] of [['3', '2'], ['2', '1']]) {
    await page.getByTestId('compare-seeds').selectOption(from);
    await page.getByTestId('play').click();
    await expect.poll(async () => (await runs(page)).every((r) => r.step >= 5), { timeout: 120_000 }).toBe(true);
    await page.getByTestId('compare-seeds').selectOption(to);
  }
  await page.getByTestId('compare-seeds').selectOption('3');
  await page.getByTestId('play').click();
  await expect.poll(async () => (await runs(page)).every((r) => r.finished && r.step === 200), { timeout: 240_000 }).toBe(true);
  await expect.poll(async () => (await turns())!.inFlight, { timeout: 30_000 }).toBe(0);
});
