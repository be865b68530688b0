import { test, expect } from '@playwright/test';
import { download, openApp } from './helpers';

// The ROC / DET view (SPEC): TAR against FAR over all pairs on a log FAR axis, TAR marked
// at FAR 1e-4, 1e-3 and 1e-2 — the same numbers as the report's operating points — drawn on the
// page after an evaluation and saved as SVG like every view.

test('the ROC / DET view draws TAR against a log FAR axis, marks TAR at 1e-4, 1e-3, 1e-2, and saves as SVG', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&classes=4&loss=ssm&alpha=8&evalEvery=10&metricsEvery=20', 'wasm');
  await page.getByTestId('intro-close').click();
  // (No assertion on the empty state here: the run's step-0 evaluation may already be on its way.)
  const view = page.getByTestId('roc-curve');

  await page.getByTestId('play').click();
  await expect.poll(() => page.evaluate(() => window.playground.store.getState().evaluation?.step ?? 0), { timeout: 120_000 }).toBeGreaterThanOrEqual(40);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await expect(view.locator('text.empty-state')).toHaveCount(0);
  expect(Number(await view.getAttribute('data-points'))).toBeGreaterThan(5);
  await expect(view.locator('path.roc-line')).toHaveAttribute('d', /^M/);

  // The marks are the report's TAR at those FARs (its operating points), not a reading off the curve.
  // An evaluation asked for before the pause may land after it, and the view redraws on the next
  // frame: the marks are read with the store's evaluation until the two agree.
  const marks = view.locator('g.tar-mark');
  await expect(marks).toHaveCount(3);
  await expect
    .poll(async () => {
      const got = await marks.evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-far'), Number(g.getAttribute('data-tar'))] as const));
      const report = await page.evaluate(() => {
        const ops = window.playground.store.getState().evaluation!.operating;
        return [1e-4, 1e-3, 1e-2].map((f) => ops.tar[ops.far.indexOf(f)]);
      });
      return got.map(([far, tar], i) => far === ['0.0001', '0.001', '0.01'][i] && Math.abs(tar - report[i]) < 1e-12);
    })
    .toEqual([true, true, true]);
  // Log axis: 1e-2 sits right of 1e-3 by the same distance as 1e-3 of 1e-4 (each a decade).
  const xs = await marks.evaluateAll((gs) => gs.map((g) => Number(/translate\(([\d.]+)/.exec(g.getAttribute('transform') ?? '')?.[1])));
  expect(xs[2]).toBeGreaterThan(xs[1]);
  expect(xs[1]).toBeGreaterThan(xs[0]);

  const file = await download(page, 'export-roc-curve-svg');
  expect(file.name).toMatch(/roc-curve.*\.svg$/);
  const text = file.body.toString('utf8');
  expect(text).toContain('roc-line');
  expect(text.match(/class="tar-mark"/g)?.length).toBe(3);
  expect(text).toContain('ROC / DET');
});
