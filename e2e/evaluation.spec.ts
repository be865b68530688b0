import { test, expect } from '@playwright/test';
import { openApp, readRun } from './helpers';

const METRICS = ['metric-pr-auc', 'metric-opis', 'metric-eps-opis', 'metric-recall-at-1', 'metric-nmi'];

// After a short run every evaluation plot has data and every metric is a finite number.
test('evaluation plots fill and metrics are finite after a short webgpu run', async ({ page }) => {
  await openApp(page, '#backend=webgpu&data=mnist&loss=ces&alpha=20&dim=16&batch=64&evalEvery=5&metricsEvery=5&evalItems=600', 'webgpu');
  for (const id of METRICS) await expect(page.getByTestId(id)).toHaveText('—');
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 200_000 }).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId('eval-scope')).toContainText('600 items');
  await page.getByTestId('pin-curve').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 200_000 }).toBeGreaterThanOrEqual(10);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  expect((await readRun(page)).backend).toBe('webgpu');

  for (const id of METRICS) {
    const text = (await page.getByTestId(id).getAttribute('title')) ?? (await page.getByTestId(id).textContent());
    expect(Number.isFinite(Number.parseFloat(text ?? '')), `${id} = ${text}`).toBe(true);
  }
  await expect(page.getByTestId('pr-curve')).not.toHaveAttribute('data-points', '0');
  await expect(page.getByTestId('score-distribution')).toHaveAttribute('data-queries', '200');
  await expect(page.getByTestId('utility-curves')).toHaveAttribute('data-classes', '10');
  await expect(page.getByTestId('distance-histogram')).toHaveAttribute('data-bins', '100');
  await expect(page.getByTestId('metrics-over-steps').locator('svg')).not.toHaveAttribute('data-points', /^[01]$/);

  // The whole evaluation set on demand, with a progress indicator, then a point in the scatter.
  await page.getByTestId('evaluate-all').click();
  await expect(page.getByTestId('eval-scope')).toContainText('all 2,000 items', { timeout: 120_000 });
  // The fast (binned) path, and how long it took.
  await expect(page.getByTestId('eval-scope')).toContainText(/binned \(\w+\), 4096 bins · \d+\.\d s/);
  await expect(page.getByTestId('eval-progress')).toHaveAttribute('data-state', 'idle');
  await page.getByTestId('record-run').click();
  await expect(page.getByTestId('opis-scatter')).toHaveAttribute('data-points', '1');
  const report = await page.evaluate(() => {
    const e = window.playground.store.getState().evaluation!;
    return { n: e.n, ap: e.ap, opis: e.opis, eps: e.epsOpis, nmi: e.nmi, recall: e.recall.value, pairs: e.pairs };
  });
  expect(report.n).toBe(2000);
  expect(report.pairs).toBe((2000 * 1999) / 2);
  for (const v of [report.ap, report.opis, report.eps, report.nmi, ...report.recall]) expect(Number.isFinite(v)).toBe(true);
  // Better than chance: 10 balanced classes give AP ≈ 0.1 for random embeddings.
  expect(report.ap).toBeGreaterThan(0.2);
});

// The periodic evaluation and the refreshes' view arithmetic run on a second worker while training
// goes on (src/worker/metrics/metricsOffload.ts): both still arrive in order, one per metricsEvery (evalEvery)
// steps, the evaluations with the exact path's values.
test('periodic evaluations and refreshes come from the metrics worker, in step order, while training goes on', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  await openApp(page, '#backend=wasm&data=blobs&evalEvery=10&metricsEvery=10&steps=60', 'wasm');
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 60_000 }).toBe(60);
  await expect
    .poll(() => page.evaluate(() => [...window.playground.store.getState().evalSeries.step]), { timeout: 30_000 })
    .toEqual([0, 10, 20, 30, 40, 50, 60]);
  expect(workers.some((u) => /metrics\.worker/.test(u))).toBe(true);
  const views = await page.evaluate(() => window.playground.store.getState().timeline.map((t) => [t.step, t.points.length, Number.isFinite(t.accuracy)]));
  expect(views).toEqual([0, 10, 20, 30, 40, 50, 60].map((step) => [step, views[0][1], true]));
  expect(views[0][1]).toBeGreaterThan(0);
  const last = await page.evaluate(() => window.playground.store.getState().evaluation);
  expect(last?.step).toBe(60);
  expect(last?.path).toBe('exact');
  await expect(page.getByTestId('metric-pr-auc')).not.toHaveText('—');
});
