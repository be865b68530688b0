import { test, expect, type Page } from '@playwright/test';
import { openApp } from './helpers';
import { PRESETS, type Preset } from '../src/state/presets/presets';
import { claimRows, judgeClaim, type RunNumbers } from '../src/state/presets/presetClaims';
import { metricRows } from '../src/state/run/metricsExport';

// Every claim a preset makes is checked by opening it from the menu, as a person does, training it
// for real (wasm) to the step its links stop at, and reading the numbers the page shows: the table
// at the end, and every evaluation from the claim's `from` step on (judged by the code of
// `metric-playground presets check`, which checks the same claims on seeds 1–5).

/** The comparison table's row of each claim metric. */
const ROW: Record<string, string> = { ap: 'ap', opis: 'opis', epsOpis: 'eps-opis', recallAt1: 'recall-at-1', accuracy: 'accuracy', compactness: 'compactness' };
/** Which way the table calls each claim metric better. */
const BETTER: Record<string, 'higher' | 'lower'> = { ap: 'higher', opis: 'lower', epsOpis: 'lower', recallAt1: 'higher', accuracy: 'higher', compactness: 'lower' };

/** Waits until run A (and B, when comparing, each on every seed) stopped at `steps` and has its evaluation there. */
async function waitFinished(page: Page, steps: number, withMetrics: boolean): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([n, metrics]) => {
            const c = window.playground.controller;
            const done = (s: ReturnType<typeof c.store.getState>) => s.finished && s.snapshot?.step === n && (!metrics || s.evaluation?.step === n);
            // Every run: A and B, each on every seed of the comparison.
            return [c, ...c.replicas, ...(c.compare ? [c.compare, ...c.compare.replicas] : [])].every((r) => done(r.store.getState()));
          },
          [steps, withMetrics] as const,
        ),
      { timeout: 420_000, intervals: [1000] },
    )
    .toBe(true);
}

/** What each run showed over its steps, as the metrics export and the refreshes hold it: per side, one per seed (seed s first). */
async function runNumbers(page: Page): Promise<{ a: RunNumbers[]; b: RunNumbers[] | null }> {
  const raw = await page.evaluate(() => {
    const c = window.playground.controller;
    const one = (s: ReturnType<typeof c.store.getState>) => ({ series: JSON.parse(JSON.stringify(s.evalSeries)), history: JSON.parse(JSON.stringify(s.history)) });
    const side = (x: typeof c) => [x, ...x.replicas].map((r) => one(r.store.getState()));
    return { a: side(c), b: c.compare ? side(c.compare) : null };
  });
  const numbers = (r: (typeof raw)['a'][number]): RunNumbers => ({ rows: metricRows(r.series, r.history), refreshes: { step: r.history.evalStep, accuracy: r.history.accuracy, compactness: r.history.compactness } });
  return { a: raw.a.map(numbers), b: raw.b ? raw.b.map(numbers) : null };
}

for (const preset of PRESETS.filter((p): p is Preset & { claim: NonNullable<Preset['claim']> } => p.claim !== undefined)) {
  const { claim } = preset;
  test(`${preset.id}: ${claim.compare ? `B's ${claim.metric} is ${claim.compare} than A's` : `${claim.metric} ≥ ${claim.atLeast}`} from step ${claim.from ?? claim.steps} to ${claim.steps}`, async ({ page }) => {
    test.setTimeout(480_000);
    await openApp(page, '#backend=wasm', 'wasm');
    await page.getByTestId('intro-close').click();
    await page.getByTestId('presets').click();
    await page.getByTestId(`preset-${preset.id}`).click();
    await expect(page.getByTestId('preset-guide')).toContainText(preset.lookFor);
    await waitFinished(page, claim.steps, claim.metric !== 'accuracy' && claim.metric !== 'compactness');
    // Every evaluation from `from` on, on the page's own numbers.
    const runs = await runNumbers(page);
    // The comparison opens on the preset's seeds (s, s + 1, …): the claim must hold on each seed's pair.
    expect(runs.a).toHaveLength(preset.runs.length > 1 ? (preset.seeds ?? 1) : 1);
    for (const [i, a] of runs.a.entries()) {
      const verdict = judgeClaim(claim, claimRows(claim.metric, a), runs.b ? claimRows(claim.metric, runs.b[i]) : null);
      console.log(`${preset.id}, seed ${i + 1}: ${claim.metric} from step ${verdict.lessonStep} on; at ${claim.steps}: ${JSON.stringify(verdict.last)}`);
      expect(verdict.points.filter((p) => p.step >= (claim.from ?? claim.steps)).filter((p) => !p.holds), `evaluations where the claim failed on seed ${i + 1}`).toEqual([]);
      expect(verdict.holds).toBe(true);
    }
    if (claim.compare) {
      // And the table says the same at the end, as a person reads it.
      const read = async (side: string) => Number.parseFloat((await page.getByTestId(`compare-${ROW[claim.metric]}-${side}`).textContent()) ?? '');
      const [a, b] = [await read('a'), await read('b')];
      const what = `${preset.runs[0].label} ${a} vs ${preset.runs[1].label} ${b}`;
      expect(Number.isFinite(a) && Number.isFinite(b), what).toBe(true);
      if (claim.compare === 'lower') expect(b, what).toBeLessThan(a);
      else expect(b, what).toBeGreaterThan(a);
      // Every run stopped at the same step, so the table gives its verdict on the claimed row, on every
      // seed: ✓ better, or ✗ worse where the claim is that B is worse (heating-up on unseen digits).
      await expect(page.getByTestId('compare-step')).toHaveAttribute('data-verdict', 'true');
      const delta = page.getByTestId(`compare-${ROW[claim.metric]}-delta`);
      const verdict = claim.compare === BETTER[claim.metric] ? 'better' : 'worse';
      await expect(delta).toHaveAttribute('data-verdict', verdict);
      await expect(page.getByTestId(`compare-row-${ROW[claim.metric]}`)).toHaveAttribute('data-lesson', 'true');
      // "k of n seeds B is better": all of them, or none where the claim is that B is worse.
      if (runs.a.length > 1) await expect(delta).toHaveAttribute('data-agree', `${verdict === 'better' ? runs.a.length : 0}/${runs.a.length}`);
    } else {
      const text = (await page.getByTestId('accuracy').textContent()) ?? '';
      const value = Number.parseFloat(text) / 100;
      expect(value, text).toBeGreaterThanOrEqual(claim.atLeast!);
    }
  });
}

test('heating-up: the switch is marked on the overlaid curves, only B’s α changes there, and the heated run keeps the embedding before it', async ({ page }) => {
  await openApp(page, '#backend=wasm', 'wasm');
  await page.getByTestId('intro-close').click();
  await page.getByTestId('presets').click();
  await page.getByTestId('preset-heating-up').click();
  const preset = PRESETS.find((p) => p.id === 'heating-up')!;
  await expect(page.getByTestId('preset-measured')).toContainText(preset.claim!.measured);
  const heatAt = Number(new URLSearchParams(preset.runs[1].link).get('heatAt'));
  // Not drawn before the runs reach it…
  await expect(page.getByTestId('compare-loss').locator('g.switch-marker')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.playground.controller.compare!.store.getState().snapshot?.step ?? 0), { timeout: 240_000 }).toBeGreaterThan(heatAt);
  // …then in each run's colour, at its step, on the loss and the PR-AUC/OPIS overlays (both lower the learning rate there).
  for (const chart of ['compare-loss', 'compare-metrics']) for (const run of ['run-a', 'run-b']) await expect(page.getByTestId(chart).locator(`g.switch-marker.${run}[data-step="${heatAt}"]`)).toHaveCount(1);
  // Only B's α changed there, and its view keeps the embedding from just before the switch.
  const [a, b] = await page.evaluate(() =>
    [window.playground.controller, window.playground.controller.compare!].map((c) => {
      const s = c.store.getState();
      return { alpha: [...s.history.alpha], lr: [...s.history.lr], ghost: s.ghost?.step ?? null };
    }),
  );
  expect(b.alpha[heatAt - 2]).toBe(16);
  expect(b.alpha.at(-1)).toBe(2);
  expect(a.alpha.at(-1)).toBe(16);
  expect(a.lr.at(-1)).toBeCloseTo(b.lr.at(-1)!, 12);
  expect(a.lr.at(-1)).toBeCloseTo(a.lr[heatAt - 2] * 0.1, 12);
  expect(b.ghost).not.toBeNull();
  expect(b.ghost!).toBeLessThanOrEqual(heatAt);
});

test('hu-gradient: hard samples get larger gradients as α grows, centroid samples vanishing ones (HU Fig. 2)', async ({ page }) => {
  await openApp(page, '#backend=wasm', 'wasm');
  await page.getByTestId('intro-close').click();
  await page.getByTestId('presets').click();
  await page.getByTestId('preset-hu-gradient').click();
  await expect.poll(async () => (await page.evaluate(() => window.playground.store.getState().snapshot?.step ?? 0)), { timeout: 120_000 }).toBeGreaterThanOrEqual(100);
  await page.getByTestId('pause').click();
  const view = page.getByTestId('gradient-vs-alpha');
  await expect(view).toHaveAttribute('data-curves', '3');
  // The curves the view draws, read from the snapshot it draws them from.
  const g = await page.evaluate(() => {
    const r = window.playground.store.getState().snapshot!.gradient!;
    const at = (t: 'hard' | 'boundary' | 'centroid', i: number) => r.types[t].median[i];
    const last = r.alphas.length - 1;
    const mid = Array.from(r.alphas).findIndex((a) => a >= 16);
    return { hard: [at('hard', mid), at('hard', last)], centroid: [at('centroid', mid), at('centroid', last)], first: [at('hard', 0), at('centroid', 0)], alpha0: r.alphas[0] };
  });
  console.log('hu-gradient medians', JSON.stringify(g));
  expect(g.hard[1]).toBeGreaterThan(g.hard[0]);
  expect(g.centroid[1]).toBeLessThan(g.centroid[0]);
  expect(g.hard[1]).toBeGreaterThan(100 * g.centroid[1]);
  // As α → 0 every gradient vanishes: small at the left end of the axis.
  expect(Math.max(...g.first)).toBeLessThan(g.hard[0]);
});
