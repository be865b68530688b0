/**
 * Views off screen wait: while a run trains, a view a person cannot see is redrawn
 * at most once a second, not at the page's full rate — so the page's frames stay few and cheap on
 * two busy cores — and it shows the latest steps as soon as it is scrolled to; saving it while it
 * is still off screen saves the state now.
 */
import { test, expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { openApp, readRun } from './helpers';
import { OFF_SCREEN_MS } from '../src/ui/useFrameRedraw';
import { INBOX_MS } from '../src/ui/run/inbox';

const HASH = '#backend=wasm&data=blobs&steps=0&evalEvery=20&metricsEvery=0';
const LOSS_SVG = '[data-testid="loss-plot"] svg[aria-label="loss curve"]';

/** Points the loss view has drawn (its data-points). */
const drawn = (page: Page) => page.locator(LOSS_SVG).getAttribute('data-points').then(Number);

/**
 * Trains until step ≥ `steps` and pauses, with the Space key (a click on Play would scroll the page
 * back to it); returns the run's loss points.
 */
async function trainTo(page: Page, steps: number): Promise<number> {
  await page.keyboard.press('Space');
  // Playing (as the page knows it) before the Space that pauses, or that Space would play again.
  await expect(page.getByTestId('run-state')).toHaveText('training');
  await expect.poll(async () => (await readRun(page)).step, { timeout: 120_000 }).toBeGreaterThanOrEqual(steps);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  return (await readRun(page)).loss.length;
}

test('a view off screen is redrawn at most once a second while training, catches up when scrolled to, and saves the state now', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 480 });
  await openApp(page, HASH, 'wasm');
  await page.getByTestId('intro-close').click();
  // Scrolled down to the last views: the loss view is far above the screen.
  const toBottom = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await toBottom();
  const above = await page.getByTestId('loss-plot').evaluate((el) => -el.getBoundingClientRect().bottom);
  expect(above, 'the loss view ends well above the screen').toBeGreaterThan(300);
  const curves = page.locator('.curves', { has: page.getByTestId('loss-plot') });
  await expect(curves).toHaveAttribute('data-on-screen', 'false');

  // Its redraws while it trains off screen, counted in the page (each changes data-points).
  await page.evaluate((sel) => {
    const w = window as unknown as { __redraws: number; __from: number };
    w.__redraws = 0;
    w.__from = performance.now();
    new MutationObserver(() => w.__redraws++).observe(document.querySelector(sel)!, { attributes: true, attributeFilter: ['data-points'] });
  }, LOSS_SVG);
  const points = await trainTo(page, 300);
  expect(await page.evaluate(() => window.scrollY), 'the page stayed where it was').toBeGreaterThan(0);
  const { redraws, seconds } = await page.evaluate(() => {
    const w = window as unknown as { __redraws: number; __from: number };
    return { redraws: w.__redraws, seconds: (performance.now() - w.__from) / 1000 };
  });
  console.log(`off screen: ${redraws} redraws in ${seconds.toFixed(1)} s of training (${points} steps)`);
  // At most one per OFF_SCREEN_MS (and one at the pause); on screen the page folds reports in every
  // INBOX_MS, several times as often.
  expect(redraws).toBeLessThanOrEqual(Math.floor((seconds * 1000) / OFF_SCREEN_MS) + 2);
  expect(OFF_SCREEN_MS / INBOX_MS).toBeGreaterThanOrEqual(4);

  // Scrolled to: the latest steps.
  await page.getByTestId('loss-plot').scrollIntoViewIfNeeded();
  await expect(curves).toHaveAttribute('data-on-screen', 'true');
  await expect.poll(() => drawn(page)).toBe(points);

  // Off screen again, trained further, and saved at once without scrolling to it: the file has every step.
  await toBottom();
  await expect(curves).toHaveAttribute('data-on-screen', 'false');
  const more = await trainTo(page, (await readRun(page)).step + 60);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-loss-plot-svg').dispatchEvent('click')]);
  expect(await readFile((await file.path())!, 'utf8')).toContain(`data-points="${more}"`);
});
