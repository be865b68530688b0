import { test, expect, type Page } from '@playwright/test';
import { openApp, readRun } from './helpers';

// The keyboard never loses a run, driven as a person does: a finished run keeps
// its data whatever Space does, Reset asks first on it, a Space pressed while the run is being
// built starts it once it is ready (and says so), and the first Tab stop skips to the views.

/** Lets the page handle what the last key press queued (one animation frame). */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));

const finishedRun = (page: Page) =>
  page.evaluate(() => {
    const s = window.playground.store.getState();
    return { finished: s.finished, step: s.step, losses: s.history.loss.length, run: s.run };
  });

test('a finished run keeps its data: the focus leaves Reset alone, Space does nothing, Reset asks first', async ({ page }) => {
  await openApp(page, '#v=1&backend=wasm&data=blobs&steps=40', 'wasm');
  await page.getByTestId('intro-close').click();
  // Play from the keyboard: the focus follows to Pause while training.
  await page.getByTestId('play').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('pause')).toBeFocused();
  await expect.poll(() => finishedRun(page), { timeout: 180_000, intervals: [250] }).toMatchObject({ finished: true, step: 40, losses: 40 });
  const done = await finishedRun(page);

  // Pause disabled itself at the end: the focus waits on the transport, not on Reset.
  await expect(page.getByTestId('reset')).not.toBeFocused();
  await expect(page.getByTestId('transport')).toBeFocused();
  await expect(page.getByTestId('finished-hint')).toBeVisible();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Space');
  await settle(page);
  expect(await finishedRun(page)).toEqual(done);
  expect((await readRun(page)).loss).toHaveLength(40);

  // `r` asks; the safe answer has the focus, so a Space keeps the run.
  await page.keyboard.press('r');
  const confirm = page.getByTestId('reset-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('step 40');
  await expect(page.getByTestId('reset-confirm-no')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('reset')).toBeFocused();
  expect(await finishedRun(page)).toEqual(done);

  // Space on the focused Reset button clicks it: it asks again; Escape keeps the run too.
  await page.keyboard.press('Space');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await settle(page);
  expect(await finishedRun(page)).toEqual(done);

  // Answering yes resets from the same seeds; Play has the focus once the new run is ready.
  await page.getByTestId('reset').click();
  await page.getByTestId('reset-confirm-yes').click();
  await expect.poll(() => finishedRun(page)).toMatchObject({ finished: false, step: 0, losses: 0 });
  await expect(page.getByTestId('play')).toBeEnabled();
  await expect(page.getByTestId('play')).toBeFocused();
});

test('a paused run that can go on resets at once (no question)', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs', 'wasm');
  await page.getByTestId('intro-close').click();
  await page.getByTestId('step-once').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 60_000 }).toBe(1);
  await page.getByTestId('reset').click();
  await expect(page.getByTestId('reset-confirm')).toHaveCount(0);
  await expect.poll(async () => (await readRun(page)).step).toBe(0);
});

/**
 * Opens a blobs run and switches it to MNIST, whose digits the network holds back until the
 * returned `release` is called: the run stays "being built" meanwhile. Leaves the focus beside the
 * data select (where Space would open it), as a person clicks beside it.
 */
async function rebuildOnHeldMnist(page: Page): Promise<() => void> {
  await openApp(page, '#backend=wasm&data=blobs&evalItems=200&metricsEvery=0', 'wasm');
  await page.getByTestId('intro-close').click();
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/data/mnist-images.u8', async (route) => {
    await held;
    await route.fallback();
  });
  await page.getByTestId('param-data').selectOption('mnist');
  await page.getByTestId('run-state').click();
  return release;
}

test('Space pressed while the run is being built starts it once it is ready, and says so', async ({ page }) => {
  const release = await rebuildOnHeldMnist(page);
  await expect(page.getByTestId('play')).toBeDisabled();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play-pending')).toBeVisible();
  await expect(page.getByTestId('play-pending')).toContainText('starts when it is ready');
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  expect((await readRun(page)).step).toBe(0);

  release();
  await expect(page.getByTestId('run-state')).toHaveText('training', { timeout: 120_000 });
  await expect(page.getByTestId('play-pending')).toHaveCount(0);
  await expect.poll(async () => (await readRun(page)).step, { timeout: 120_000 }).toBeGreaterThan(2);
  expect((await readRun(page)).config.data).toBe('mnist');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('run-state')).toHaveText('paused');
});

test('Space pressed twice while the run is being built: it does not start', async ({ page }) => {
  const release = await rebuildOnHeldMnist(page);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play-pending')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play-pending')).toHaveCount(0);
  release();
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  await settle(page);
  expect(await readRun(page)).toMatchObject({ running: false, step: 0 });
});

test('Space pressed twice in quick succession while training pauses, then plays: it trains on', async ({ page }) => {
  // The second press comes before the worker's "paused" has reached the page (reports are folded in
  // every 200 ms while a run trains): it must play again, not pause a second time.
  await openApp(page, '#v=1&backend=wasm&data=blobs&steps=0', 'wasm');
  await page.getByTestId('intro-close').click();
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 60_000 }).toBeGreaterThan(5);
  // The keys go to the page, not to a focused button (Space on Pause clicks Pause, twice over).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  // Once both answers are in (a second), the run is training and goes on.
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('run-state')).toHaveText('training');
  const after = (await readRun(page)).step;
  await expect.poll(async () => (await readRun(page)).step, { timeout: 60_000 }).toBeGreaterThan(after + 50);
  await expect(page.getByTestId('run-state')).toHaveText('training');
  // Twice again: it still trains; once more: it pauses.
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await expect(page.getByTestId('play')).toBeEnabled();
});

test('the first Tab stop skips to the views', async ({ page }) => {
  // As the page opens (the introduction shown), nothing clicked yet.
  await openApp(page, '#backend=wasm&data=blobs', 'wasm');
  await expect(page.getByTestId('intro')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expect(skip).toHaveText('Skip to the views');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('views')).toBeFocused();
  // The link is the run's address: following the skip link does not change it.
  expect(new URL(page.url()).hash).not.toContain('views');
  // The next Tab lands inside the views, past the header and every control of the sidebar.
  await page.keyboard.press('Tab');
  const inViews = await page.evaluate(() => {
    const el = document.activeElement;
    return !!el && el !== document.body && document.getElementById('views')!.contains(el) && !document.querySelector('.sidebar')!.contains(el);
  });
  expect(inViews).toBe(true);
});
