import { test, expect, type Page } from '@playwright/test';
import { openApp, readRun, withFaults } from './helpers';

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

// Defects 2 and 6, through the test-only fault hook (src/worker/training/faults.ts): every encoder weight
// becomes NaN before step 30, as a real divergence would leave them.
test('after a divergence: paused with an explanation, history kept, Play and Step off, "Evaluate all" refuses NaN rows', async ({ page }) => {
  await withFaults(page, { nanAtStep: 30 });
  await openApp(page, '#backend=wasm&data=blobs&steps=0&evalEvery=10&metricsEvery=10', 'wasm');
  await page.getByTestId('play').click();
  const diverged = page.getByTestId('notice').filter({ hasText: 'Training diverged at step 30' });
  await expect(diverged).toBeVisible();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await expect(page.getByTestId('diverged-hint')).toBeVisible();
  await expect(page.getByTestId('play')).toBeDisabled();
  await expect(page.getByTestId('step-once')).toBeDisabled();
  const shape = await historyShape(page);
  expect(shape).toEqual({ step: 30, points: 30, contiguous: true });
  const loss = (await readRun(page)).loss;
  expect(loss.slice(0, 29).every(Number.isFinite)).toBe(true);
  expect(Number.isNaN(loss[29])).toBe(true);

  // Evaluate all: a clear message with the row count, no endless loop, the panel not stuck.
  await page.getByTestId('evaluate-all').click();
  const refused = page.getByTestId('notice').filter({ hasText: /\d+ of \d+ embeddings hold NaN or Infinity/ });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('eval-progress')).toHaveAttribute('data-state', 'idle');
  await expect(diverged).toHaveCount(1);
  expect((await historyShape(page)).step).toBe(30);

  // Reset brings the run back (after asking: a diverged run's history is still worth keeping).
  await page.getByTestId('reset').click();
  await page.getByTestId('reset-confirm-yes').click();
  await expect(page.getByTestId('play')).toBeEnabled();
  await expect(page.getByTestId('diverged-hint')).toHaveCount(0);
  await page.getByTestId('step-once').click();
  await expect.poll(async () => (await readRun(page)).step).toBe(1);
});

// Defect 3: a typo in a control used to substitute the default and restart, losing the run.
test('a typo in a control is refused in place and the trained steps are kept', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&steps=0&evalEvery=50&metricsEvery=0', 'wasm');
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step).toBeGreaterThanOrEqual(40);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  const before = await historyShape(page);
  const hash = await page.evaluate(() => location.hash);
  for (const [key, typed] of [['dim', '6x4'], ['lr', '']] as const) {
    const box = page.getByTestId(`param-${key}`);
    await box.fill(typed);
    await box.press('Enter');
    await expect(page.getByTestId(`param-${key}-error`)).toBeVisible();
  }
  expect(await historyShape(page)).toEqual(before);
  expect(await page.evaluate(() => location.hash)).toBe(hash);
});

// Defect 5: "Evaluate all" asked for just before a reset used to run at step 1 of the next run.
test('an "Evaluate all" pending when the run is reset is dropped, not carried into the new run', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&steps=0&evalEvery=25&metricsEvery=0&evalItems=300', 'wasm');
  for (let trial = 0; trial < 4; trial++) {
    await page.getByTestId('play').click();
    await expect.poll(async () => (await readRun(page)).step).toBeGreaterThanOrEqual(3);
    // Both presses in one task, as a quick double action by a person lands between two steps.
    await page.evaluate(() => {
      for (const id of ['evaluate-all', 'reset']) document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!.click();
    });
    await expect(page.getByTestId('play')).toBeEnabled();
    await page.getByTestId('play').click();
    await expect.poll(async () => (await readRun(page)).step).toBeGreaterThanOrEqual(60);
    await page.getByTestId('pause').click();
    await expect(page.getByTestId('run-state')).toHaveText('paused');
    const full = await page.evaluate(() => window.playground.store.getState().evaluation?.full ?? false);
    expect(full).toBe(false);
  }
});

test('notices: the same one again merges with a count, information fades, errors stay until dismissed', async ({ page }) => {
  await withFaults(page, { nanAtStep: 3 });
  await openApp(page, '#backend=wasm&data=blobs&steps=0', 'wasm');
  await page.getByTestId('play').click();
  const error = page.getByTestId('notice').filter({ hasText: 'Training diverged at step 3' });
  await expect(error).toBeVisible();
  await expect(error).toHaveAttribute('data-level', 'error');
  for (let i = 0; i < 3; i++) await page.getByTestId('share').click();
  const copied = page.getByTestId('notice').filter({ hasText: /Link copied|Copy the link below/ });
  await expect(copied).toHaveCount(1);
  await expect(copied.getByTestId('notice-count')).toHaveText('×3');
  // Information fades by itself (after 8 s); the error is still there, until its × is pressed.
  await expect(copied).toHaveCount(0, { timeout: 15_000 });
  await expect(error).toBeVisible();
  await error.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(error).toHaveCount(0);
});

test('a refresh that fails on the metrics worker is said once, and the views go on from the training thread', async ({ page }) => {
  // Through the fault hook: the weights of the step-50 refresh reach the metrics worker cut short.
  await withFaults(page, { embedFailsAtStep: 50 });
  await openApp(page, '#backend=wasm&data=mnist&steps=0&evalEvery=25&metricsEvery=50', 'wasm');
  await page.getByTestId('play').click();
  const notice = page.getByTestId('notice').filter({ hasText: 'failed on the metrics worker' });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toContainText('step 50');
  // Training went on, and later views and metrics came (embedded in place): the step-50 ones are missing, no others.
  const views = () => page.evaluate(() => window.playground.store.getState().history.evalStep.slice());
  await expect.poll(async () => (await views()).at(-1) ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(150);
  await page.getByTestId('pause').click();
  const steps = await views();
  expect(steps).toContain(25);
  expect(steps).not.toContain(50);
  expect(steps).toContain(75);
  const evaluated = await page.evaluate(() => window.playground.store.getState().evalSeries.step.slice());
  expect(evaluated).toContain(100);
  expect(evaluated).not.toContain(50);
  expect(await page.getByTestId('notice').filter({ hasText: 'failed' }).count()).toBe(1);
  expect((await readRun(page)).loss.every(Number.isFinite)).toBe(true);
});
