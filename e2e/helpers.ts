import { expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import type { Faults } from '../src/worker/training/faults';
import { parseHash } from '../src/state/link/urlSchema';

/** What the tests read from the page's store (see `window.playground` in src/main.tsx). */
export interface RunView {
  step: number;
  running: boolean;
  loss: number[];
  numTensors: number;
  config: Record<string, string | number>;
  backend: string | null;
  snapshotPoints: number;
}

export async function readRun(page: Page): Promise<RunView> {
  return page.evaluate(() => {
    const s = window.playground.store.getState();
    return {
      step: s.step,
      running: s.running,
      loss: [...s.history.loss],
      numTensors: s.numTensors,
      config: { ...s.config },
      backend: s.backend?.active ?? null,
      snapshotPoints: s.snapshot?.labels.length ?? 0,
    };
  });
}

/** Opens the app at `hash` and waits until data are loaded and the backend is known. */
export async function openApp(page: Page, hash: string, backend?: string): Promise<void> {
  await page.goto('/' + hash);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  if (backend) await expect(page.getByTestId('backend')).toHaveText(backend);
}

/** Presses play, waits for at least `steps` steps, pauses, and waits for the loop to stop. */
export async function trainFor(page: Page, steps: number): Promise<RunView> {
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 200_000, intervals: [250] }).toBeGreaterThanOrEqual(steps);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  return readRun(page);
}

/** Presses "Step" n times, each after the previous step landed. */
export async function stepTimes(page: Page, n: number): Promise<RunView> {
  const start = (await readRun(page)).step;
  for (let i = 1; i <= n; i++) {
    await page.getByTestId('step-once').click();
    await expect.poll(async () => (await readRun(page)).step, { timeout: 60_000, intervals: [50] }).toBe(start + i);
  }
  return readRun(page);
}

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Asks the next page load for test-only faults (src/worker/training/faults.ts); no link or control can. */
export async function withFaults(page: Page, faults: Faults): Promise<void> {
  await page.addInitScript((f) => {
    (window as unknown as { __playgroundFaults: Faults }).__playgroundFaults = f;
  }, faults);
}

/**
 * Waits until the page's link (its URL hash, read with the app's own parser) says `expected`:
 * links carry only the keys that differ from the defaults, so the text alone cannot be matched.
 */
export async function expectLink(page: Page, expected: Record<string, string | number>): Promise<void> {
  await expect
    .poll(() => {
      const { config } = parseHash(new URL(page.url()).hash);
      return Object.fromEntries(Object.keys(expected).map((k) => [k, (config as Record<string, string | number>)[k]]));
    })
    .toEqual(expected);
}

/**
 * Clicks the export button `testId` as a person does and returns the file the browser saved: its
 * name and bytes. A click that brings no file within `patience` ms is said in the log with what the
 * page looked like (the button's state, what lay under the pointer, the notices) and clicked once
 * more, as a person would; a second click without a file fails the test with that description.
 * (Once, on a loaded CI machine, one click of fourteen in a row brought no download, and nothing
 * showed why.)
 */
export async function download(page: Page, testId: string, patience = 45_000): Promise<{ name: string; body: Buffer }> {
  const button = page.getByTestId(testId);
  for (let attempt = 1; ; attempt++) {
    const saved = page.waitForEvent('download', { timeout: patience }).catch(() => null);
    await button.click();
    const file = await saved;
    if (file) return { name: file.suggestedFilename(), body: await readFile((await file.path())!) };
    const why = await button.evaluate((b) => {
      const r = b.getBoundingClientRect();
      const under = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      const notices = window.playground.store.getState().notices.map((n) => `${n.level}: ${n.text}`);
      return `disabled ${(b as HTMLButtonElement).disabled}, page ${document.visibilityState}, under the pointer ${under === b ? 'the button' : (under?.outerHTML.slice(0, 120) ?? 'nothing')}, notices [${notices.join(' | ')}]`;
    });
    if (attempt === 2) throw new Error(`two clicks on ${testId} brought no download: ${why}`);
    console.warn(`${testId}: a click brought no download in ${patience / 1000} s (${why}); clicking once more`);
  }
}
