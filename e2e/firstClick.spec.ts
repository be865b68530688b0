import { test, expect, type Page } from '@playwright/test';
import { PRESETS, presetConfig } from '../src/state/presets/presets';

// A lecturer who knows the menu picks a comparison preset the moment the page shows, while the data
// load and the backend is still being measured (the page's own choice, auto): every run of the
// comparison must train, and the transport must go on working. Picked 0, 100 and 500 ms after the
// page loaded, from the Presets menu and from the introduction's links.

/** Every run's step: A, A's further seeds, B, B's further seeds. */
export async function runSteps(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const c = window.playground.controller;
    return [c, ...c.replicas, ...(c.compare ? [c.compare, ...c.compare.replicas] : [])].map((r) => r.store.getState().step);
  });
}

/** Waits until every one of `runs` runs has trained `steps` steps; with `transport`, then checks that Pause stops them all and Play starts them again. */
export async function expectAllTrain(page: Page, runs: number, transport = true, steps = 50): Promise<void> {
  await expect.poll(async () => (await runSteps(page)).length, { timeout: 60_000 }).toBe(runs);
  await expect.poll(async () => Math.min(...(await runSteps(page))), { timeout: 240_000, intervals: [1000] }).toBeGreaterThanOrEqual(steps);
  if (!transport) return;
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await expect(page.getByTestId('play')).toBeEnabled();
  const paused = await runSteps(page);
  await page.getByTestId('play').click();
  await expect.poll(async () => (await runSteps(page)).every((s, i) => s > paused[i]), { timeout: 120_000, intervals: [1000] }).toBe(true);
}

for (const preset of PRESETS.filter((p) => p.runs.length > 1)) {
  for (const delay of [0, 100, 500]) {
    // The menu at each moment; the introduction's links at once (the same call underneath).
    for (const from of delay === 0 ? (['menu', 'intro'] as const) : (['menu'] as const)) {
      test(`${preset.id} picked from the ${from} ${delay} ms after load: all runs train`, async ({ page }) => {
        test.setTimeout(360_000);
        await page.goto('/');
        if (delay) await page.waitForTimeout(delay);
        if (from === 'menu') {
          await page.getByTestId('presets').click();
          await page.getByTestId(`preset-${preset.id}`).click();
        } else await page.getByTestId(`intro-preset-${preset.id}`).click();
        // The transport once per preset (the same code whichever moment the pick came at).
        await expectAllTrain(page, 2 * (preset.seeds ?? 1), delay === 0 && from === 'menu');
      });
    }
  }
}

// The shortest link a lecturer writes on a board opens the lesson itself: the preset's runs, on its
// seeds, training at once — as the menu opens it.
for (const preset of PRESETS.filter((p) => p.runs.length > 1)) {
  test(`#preset=${preset.id} opens the preset as the menu does, and every run trains`, async ({ page }) => {
    test.setTimeout(360_000);
    await page.goto(`/#preset=${preset.id}&ui=lecture`);
    await expect(page.getByTestId('preset-guide')).toContainText(preset.title);
    await expect(page.locator('.app')).toHaveAttribute('data-ui', 'lecture');
    // Every key of the preset's link: the runs are the preset's, not the defaults.
    await expect.poll(() => page.evaluate(() => window.location.hash)).toContain(`preset=${preset.id}`);
    await expect.poll(() => page.evaluate(() => window.location.hash)).toContain('b=1');
    const configs = await page.evaluate(() => {
      const c = window.playground.controller;
      return [c.store.getState().config, c.compare?.store.getState().config ?? null];
    });
    expect({ ...configs[0], backend: 'auto' }).toEqual(presetConfig(preset.runs[0], 'auto'));
    expect({ ...configs[1], backend: 'auto' }).toEqual(presetConfig(preset.runs[1], 'auto'));
    await expectAllTrain(page, 2 * (preset.seeds ?? 1));
  });
}

test('a short link with another key overrides that key of the preset, and says so', async ({ page }) => {
  await page.goto('/#preset=tcm&steps=120');
  await expect(page.getByTestId('notice').filter({ hasText: 'steps=120 overrides the preset “Threshold-consistent margin (TCM)” (its run A has 300)' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.playground.controller.runStates().map((s) => s.config.steps))).toEqual(Array(6).fill(120));
  await expect(page.getByTestId('pause')).toBeEnabled({ timeout: 120_000 });
});
