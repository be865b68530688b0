import { test, expect, type Page } from '@playwright/test';
import { openApp } from './helpers';
import { PRESETS, type Preset } from '../src/state/presets';

// Every claim a preset makes is checked by opening it from the menu, as a person does, training it
// for real (wasm) to the step its links stop at, and reading the numbers the page shows.

const ID: Record<string, string> = { ap: 'ap', opis: 'opis', accuracy: 'accuracy', compactness: 'compactness' };

/** Waits until run A (and B, when comparing) stopped at `steps` and has its evaluation there. */
async function waitFinished(page: Page, steps: number, withMetrics: boolean): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([n, metrics]) => {
            const c = window.playground.controller;
            const done = (s: ReturnType<typeof c.store.getState>) => s.finished && s.snapshot?.step === n && (!metrics || s.evaluation?.step === n);
            return done(c.store.getState()) && (!c.compare || done(c.compare.store.getState()));
          },
          [steps, withMetrics] as const,
        ),
      { timeout: 420_000, intervals: [1000] },
    )
    .toBe(true);
}

for (const preset of PRESETS.filter((p): p is Preset & { claim: NonNullable<Preset['claim']> } => p.claim !== undefined)) {
  const { claim } = preset;
  test(`${preset.id}: ${claim.compare ? `B's ${claim.metric} is ${claim.compare} than A's` : `${claim.metric} ≥ ${claim.atLeast}`} at step ${claim.steps}`, async ({ page }) => {
    test.setTimeout(480_000);
    await openApp(page, '#backend=wasm', 'wasm');
    await page.getByTestId('intro-close').click();
    await page.getByTestId('presets').click();
    await page.getByTestId(`preset-${preset.id}`).click();
    await expect(page.getByTestId('preset-guide')).toContainText(preset.lookFor);
    await waitFinished(page, claim.steps, claim.metric === 'ap' || claim.metric === 'opis');
    if (claim.compare) {
      const read = async (side: string) => Number.parseFloat((await page.getByTestId(`compare-${ID[claim.metric]}-${side}`).textContent()) ?? '');
      const [a, b] = [await read('a'), await read('b')];
      const what = `${preset.runs[0].label} ${a} vs ${preset.runs[1].label} ${b}`;
      console.log(`${preset.id}: ${claim.metric} ${what}`);
      expect(Number.isFinite(a) && Number.isFinite(b), what).toBe(true);
      if (claim.compare === 'lower') expect(b, what).toBeLessThan(a);
      else expect(b, what).toBeGreaterThan(a);
    } else {
      const text = (await page.getByTestId('accuracy').textContent()) ?? '';
      const value = Number.parseFloat(text) / 100;
      console.log(`${preset.id}: accuracy ${value}`);
      expect(value, text).toBeGreaterThanOrEqual(claim.atLeast!);
    }
  });
}
