import { test, expect } from '@playwright/test';
import { openApp, readRun, trainFor, mean } from './helpers';

// Training really runs on the backend the link asks for, and the loss falls.
for (const backend of ['webgpu', 'wasm'] as const) {
  test(`trains MNIST on ${backend}: the loss falls and the embedding view fills`, async ({ page }) => {
    await openApp(page, `#backend=${backend}&data=mnist&dim=2&head=ln&alpha=16&batch=64&evalEvery=10`, backend);
    if (backend === 'webgpu') {
      // The adapter must really be a WebGPU adapter, not a silent CPU fallback of tfjs.
      await expect(page.getByTestId('adapter')).toContainText('adapter:');
      expect(await page.evaluate(() => window.playground.store.getState().backend?.active)).toBe('webgpu');
    }
    const run = await trainFor(page, 25);
    expect(run.backend).toBe(backend);
    expect(run.loss.length).toBeGreaterThanOrEqual(25);
    expect(run.loss.every(Number.isFinite)).toBe(true);
    const first = mean(run.loss.slice(0, 5));
    const last = mean(run.loss.slice(-5));
    expect(last).toBeLessThan(first * 0.8);
    await expect(page.getByTestId('embedding-plot')).toHaveAttribute('data-points', '2000');
    await expect(page.getByTestId('loss')).not.toHaveText('—');
    // Paused means paused: no step lands after the loop stopped.
    const stepped = (await readRun(page)).step;
    await page.waitForTimeout(1500);
    expect((await readRun(page)).step).toBe(stepped);
  });
}

test('toy data trains on wasm with a d > 2 embedding (PCA view)', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=spirals&classes=3&dim=8&evalEvery=20', 'wasm');
  const run = await trainFor(page, 60);
  expect(mean(run.loss.slice(-10))).toBeLessThan(mean(run.loss.slice(0, 10)));
  await expect(page.getByTestId('embedding-plot')).toHaveAttribute('data-points', String(run.snapshotPoints));
  expect(run.snapshotPoints).toBeGreaterThan(0);
  await expect(page.getByTestId('embedding-plot')).toContainText('PCA');
});

test('tensor count stays flat over a long run (no leaks)', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=mnist&batch=32&evalEvery=50&steps=0', 'wasm');
  await trainFor(page, 60);
  const early = (await readRun(page)).numTensors;
  const later = await trainFor(page, 400);
  expect(later.step).toBeGreaterThanOrEqual(400);
  expect(later.numTensors).toBe(early);
});

test('the main thread stays responsive while the worker trains on webgpu', async ({ page }) => {
  await openApp(page, '#backend=webgpu&batch=128&evalEvery=5', 'webgpu');
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 120_000 }).toBeGreaterThanOrEqual(2);
  // Longest gap between animation frames over 3 s of training, plus the time a click takes to land.
  const worstFrameGap = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = performance.now();
        let worst = 0;
        const end = last + 3000;
        const tick = (t: number) => {
          worst = Math.max(worst, t - last);
          last = t;
          if (t < end) requestAnimationFrame(tick);
          else resolve(worst);
        };
        requestAnimationFrame(tick);
      }),
  );
  expect(worstFrameGap).toBeLessThan(250);
  expect((await readRun(page)).running).toBe(true);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused', { timeout: 30_000 });
});
