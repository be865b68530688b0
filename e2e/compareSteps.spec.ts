import { test, expect, type Page } from '@playwright/test';
import { openApp, stepTimes } from './helpers';

// The A | B table compares like with like: B evaluates every 4 steps, A every 2, so after 6 steps A's
// latest evaluation is at step 6 and B's at step 4. The table must compare both at step 4 (the latest
// both have), say so, and give its verdict there, labelled with that step — and keep it until both
// have evaluated a later step (here step 8), which replaces it.

const HASH = '#backend=wasm&data=blobs&classes=4&loss=ssm&alpha=8&steps=0&evalEvery=2&metricsEvery=2&b=1&b.alpha=16&b.evalEvery=4&b.metricsEvery=4';

/** The latest step each run has evaluated: all-pairs metrics and embedding refresh. */
const evaluated = (page: Page) =>
  page.evaluate(() => {
    const c = window.playground.controller;
    const of = (s: ReturnType<typeof c.store.getState>) => [s.step, s.evalSeries.step.at(-1) ?? -1, s.history.evalStep.at(-1) ?? -1];
    return { a: of(c.store.getState()), b: of(c.compare!.store.getState()) };
  });

/** A's and B's periodic value of `key` at `step`, as the store holds it. */
const seriesAt = (page: Page, key: 'ap' | 'opis', step: number) =>
  page.evaluate(
    ([k, t]) => {
      const c = window.playground.controller;
      const at = (s: ReturnType<typeof c.store.getState>) => s.evalSeries[k][s.evalSeries.step.lastIndexOf(t)];
      return [at(c.store.getState()), at(c.compare!.store.getState())];
    },
    [key, step] as const,
  );

const ROW_IDS = ['ap', 'opis', 'eps-opis', 'recall-at-1', 'nmi', 'accuracy', 'compactness'];

test('the A | B table compares both runs at the latest step both have evaluated, and its verdict there stays until a later common step', async ({ page }) => {
  await openApp(page, HASH, 'wasm');
  await page.getByTestId('intro-close').click();
  await expect(page.getByTestId('compare')).toBeVisible();
  // B's run is ready too (the Step button drives both).
  await expect.poll(() => page.evaluate(() => window.playground.controller.compare!.store.getState().dataset !== null), { timeout: 120_000 }).toBe(true);

  await stepTimes(page, 6);
  await expect.poll(() => evaluated(page), { timeout: 120_000 }).toEqual({ a: [6, 6, 6], b: [6, 4, 4] });

  const caption = page.getByTestId('compare-step');
  await expect(caption).toHaveAttribute('data-step', '4');
  await expect(caption).toHaveAttribute('data-verdict', 'true');
  await expect(caption).toContainText('at step 4, the latest both have (A is at step 6, B at step 4)');
  const table = page.getByTestId('compare-table');
  for (const id of ROW_IDS) {
    await expect(page.getByTestId(`compare-${id}-a`)).toHaveAttribute('data-step', '4');
    await expect(page.getByTestId(`compare-${id}-b`)).toHaveAttribute('data-step', '4');
  }
  // Each differing row gives its verdict at step 4, and says so.
  const [opis4A, opis4B] = await seriesAt(page, 'opis', 4);
  const opis4 = opis4A === opis4B ? 'none' : opis4B < opis4A ? 'better' : 'worse';
  await expect(page.getByTestId('compare-opis-delta')).toHaveAttribute('data-verdict', opis4);
  if (opis4 !== 'none') await expect(page.getByTestId('compare-opis-delta').locator('.verdict')).toHaveText(` ${opis4 === 'better' ? '✓ better' : '✗ worse'} at step 4`);
  const verdicts4 = await table.locator('.verdict').count();
  expect(verdicts4).toBeGreaterThan(0);
  // The values shown are both runs' at step 4 (not A's latest, at step 6).
  const [apA, apB] = await seriesAt(page, 'ap', 4);
  const shownA = Number.parseFloat((await page.getByTestId('compare-ap-a').textContent()) ?? '');
  const shownB = Number.parseFloat((await page.getByTestId('compare-ap-b').textContent()) ?? '');
  expect(shownA).toBeCloseTo(apA, 4);
  expect(shownB).toBeCloseTo(apB, 4);

  // One step more (neither evaluates at step 7): the verdict at step 4 stays as it was.
  await stepTimes(page, 1);
  await expect.poll(() => evaluated(page), { timeout: 120_000 }).toEqual({ a: [7, 6, 6], b: [7, 4, 4] });
  await expect(caption).toHaveAttribute('data-step', '4');
  await expect(table.locator('.verdict')).toHaveCount(verdicts4);
  await expect(page.getByTestId('compare-opis-delta')).toHaveAttribute('data-verdict', opis4);

  // One more: both have evaluated step 8, which replaces step 4 in the table.
  await stepTimes(page, 1);
  await expect.poll(() => evaluated(page), { timeout: 120_000 }).toEqual({ a: [8, 8, 8], b: [8, 8, 8] });
  await expect(caption).toHaveAttribute('data-step', '8');
  await expect(caption).toHaveAttribute('data-verdict', 'true');
  await expect(caption).toHaveText('A and B compared at step 8, the latest step of both.');
  for (const id of ROW_IDS) await expect(page.getByTestId(`compare-${id}-a`)).toHaveAttribute('data-step', '8');
  // B trains at another α, so its numbers differ from A's: each differing row says better or worse.
  await expect.poll(() => table.locator('.verdict').count()).toBeGreaterThan(0);
  const [opisA, opisB] = await seriesAt(page, 'opis', 8);
  const opisVerdict = await page.getByTestId('compare-opis-delta').getAttribute('data-verdict');
  expect(opisVerdict).toBe(opisA === opisB ? 'none' : opisB < opisA ? 'better' : 'worse');
});
