import { test, expect, type Page } from '@playwright/test';
import { PRESETS } from '../src/state/presets/presets';
import { Rng } from '../src/data/rng';

// A seeded soak of random actions on a comparison, driven as a person drives the page (buttons, the
// seed count, presets, Space, reset, compare off and on). After each action the page must not stall:
// while the transport says it plays (Pause enabled, Play not), every run that has not reached its
// step limit trains on. SOAK_SEED and SOAK_ACTIONS reproduce or lengthen a soak.

const SEED = Number(process.env.SOAK_SEED ?? 11);
const ACTIONS = Number(process.env.SOAK_ACTIONS ?? 36);

const COMPARISONS = PRESETS.filter((p) => p.runs.length > 1).map((p) => p.id);

type Run = { step: number; ready: boolean; halted: boolean };
const runs = (page: Page): Promise<Run[]> =>
  page.evaluate(() => {
    const c = window.playground.controller;
    return [c, ...c.replicas, ...(c.compare ? [c.compare, ...c.compare.replicas] : [])]
      .map((r) => r.store.getState())
      .map((s) => ({ step: s.step, ready: s.dataset !== null && s.progress === null, halted: s.finished || s.diverged }));
  });

/** The transport says it plays: Pause can be pressed and Play cannot. */
async function saysPlaying(page: Page): Promise<boolean> {
  return (await page.getByTestId('pause').isEnabled()) && !(await page.getByTestId('play').isEnabled());
}

/**
 * No stall: every run gets ready (none waits for ever to be built), and then, while the transport
 * says it plays, every run that can go on trains past the step it stood at. With `play`, a paused
 * page is first played, as a person presses Play to see it going. Returns whether it saw them train.
 */
async function expectNoStall(page: Page, log: string[], play: boolean): Promise<boolean> {
  const after = `after: ${log.slice(-6).join(' → ')}`;
  await expect
    .poll(async () => (await runs(page)).map((r, i) => (r.ready || r.halted ? '' : `run ${i} not ready`)).join(''), { timeout: 120_000, intervals: [500], message: `a run was never ready, ${after}` })
    .toBe('');
  if (play && (await press(page, 'play'))) {
    await expect.poll(async () => (await saysPlaying(page)) || (await runs(page)).every((r) => r.halted), { timeout: 60_000, message: `Play did not play, ${after}` }).toBe(true);
  }
  if (!(await saysPlaying(page))) return false;
  const start = await runs(page);
  await expect
    .poll(
      async () => {
        if (!(await saysPlaying(page))) return 'paused since';
        const now = await runs(page);
        if (now.length !== start.length) return 'runs changed';
        const stuck = now.map((r, i) => (r.halted || r.step > start[i].step ? -1 : i)).filter((i) => i >= 0);
        return stuck.length === 0 ? 'all train' : `runs ${stuck.join(', ')} stalled at steps ${stuck.map((i) => now[i].step).join(', ')}`;
      },
      { timeout: 120_000, intervals: [1000], message: `a run stalled while the transport played, ${after}` },
    )
    .toMatch(/paused since|all train|runs changed/);
  return true;
}

/** How long one action may wait for its control to be actionable. */
const ACT_MS = 5_000;

/** Clicks `testId` when a person could (shown and enabled); false otherwise. */
async function press(page: Page, testId: string): Promise<boolean> {
  const b = page.getByTestId(testId);
  if (!(await b.isVisible()) || !(await b.isEnabled())) return false;
  // It may turn disabled between the look and the click (the runs answered meanwhile): a click on
  // a disabled button does nothing, so the soak goes on rather than waiting for it.
  return b.click({ timeout: ACT_MS }).then(
    () => true,
    () => false,
  );
}


test(`a seeded soak of ${ACTIONS} random actions (seed ${SEED}) never stalls a run while the transport plays`, async ({ page }) => {
  test.setTimeout(900_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The playground's own seeded generator: a failing soak replays action by action.
  const rng = new Rng(SEED);
  const rand = () => rng.next();
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  await page.goto('/');
  await page.getByTestId('intro-preset-hu-temperature').click();
  const log: string[] = ['hu-temperature'];
  const actions: Record<string, () => Promise<unknown>> = {
    play: () => press(page, 'play'),
    pause: () => press(page, 'pause'),
    step: () => press(page, 'step-once'),
    space: () => page.locator('body').press('Space'),
    seeds: async () => {
      const select = page.getByTestId('compare-seeds');
      const seeds = String(1 + Math.floor(rand() * 3));
      if (await select.isVisible()) await select.selectOption(seeds, { timeout: ACT_MS }).catch(() => undefined);
    },
    preset: async () => {
      const id = pick(COMPARISONS);
      if (await press(page, 'presets')) await page.getByTestId(`preset-${id}`).click({ timeout: ACT_MS }).catch(() => undefined);
      // The menu closes on a pick; if it is still open (nothing picked), it is closed as a person would.
      if (await page.getByTestId('preset-list').isVisible()) await page.keyboard.press('Escape');
    },
    reset: async () => {
      if (await press(page, 'reset')) await press(page, 'reset-confirm-yes');
    },
    'compare off': () => press(page, 'compare-stop'),
    'compare on': () => press(page, 'compare-start'),
  };
  // Play twice as likely as any other action: a soak that mostly pauses proves little.
  const names = ['play', ...Object.keys(actions)];
  let playingChecks = 0;
  for (let i = 0; i < ACTIONS; i++) {
    const name = pick(names);
    log.push(name);
    if (process.env.SOAK_VERBOSE) console.log(`${i}: ${name}`);
    await actions[name]();
    // Sometimes the next action comes at once (mid-build, mid-step), sometimes after the page settled.
    const check = rand();
    if (check < 0.5 && (await expectNoStall(page, log, check < 0.2))) playingChecks++;
  }
  // At the end a person presses Play: every run that can go on trains.
  const trained = await expectNoStall(page, log, true);
  expect(trained || (await runs(page)).every((r) => r.halted), 'the runs train, or all reached their step limit').toBe(true);
  // The soak checked runs while they played, not only a paused page.
  expect(playingChecks).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  console.log(`soak ${SEED}: ${log.join(' → ')}`);
});
