import { test, expect } from '@playwright/test';
import { openApp, readRun, stepTimes, trainFor } from './helpers';

// The teaching views: HU Fig. 2 live, the embedding timeline with the heating-up switch, the input
// plane of toy sets, and the one accuracy plus compactness in the status bar.

test('gradient against α: three sample types for a softmax run, an explanation for a pair loss', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&classes=4&loss=softmax&head=ln&alpha=8&evalEvery=10', 'wasm');
  await trainFor(page, 30);
  const view = page.getByTestId('gradient-vs-alpha');
  await expect(view).toHaveAttribute('data-alpha', '8');
  await expect(view.locator('.grad-line')).not.toHaveCount(0);
  expect(Number(await view.getAttribute('data-curves'))).toBeGreaterThanOrEqual(2);
  await expect(view).toContainText('α = 8');
  // Moving α moves the marker: the view follows the configuration.
  await page.getByTestId('param-alpha').fill('32');
  await page.getByTestId('param-alpha').press('Enter');
  await expect(page.getByTestId('play')).toBeEnabled();
  await stepTimes(page, 1);
  await expect(view).toHaveAttribute('data-alpha', '32');

  await page.getByTestId('param-loss').selectOption('ces');
  await expect(page.getByTestId('play')).toBeEnabled();
  await expect(page.getByTestId('gradient-absent')).toContainText('learns no class weights');
  await expect(view).toHaveAttribute('data-curves', '0');
});

test('the embedding timeline replays training and marks the heating-up switch', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&classes=4&loss=softmax&alpha=16&heat=step&alpha2=4&heatAt=40&evalEvery=10&steps=80', 'wasm');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('step')).toHaveText('80', { timeout: 120_000 });
  const timeline = page.getByTestId('embedding-timeline');
  await expect(timeline).toHaveAttribute('data-count', '9'); // steps 0, 10, …, 80
  await expect(page.getByTestId('timeline-heat')).toBeVisible();
  const plot = page.getByTestId('embedding-plot');
  await expect(plot).toHaveAttribute('data-step', '80');
  // The ghost of the embedding just before the switch is drawn behind later ones.
  await expect(plot).toHaveAttribute('data-ghost', '40');
  // Scrub back with the keyboard: the plot shows the earlier step.
  const slider = page.getByTestId('timeline-slider');
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(plot).toHaveAttribute('data-step', '0');
  await expect(plot).toHaveAttribute('data-ghost', '');
  await page.keyboard.press('ArrowRight');
  await expect(plot).toHaveAttribute('data-step', '10');
  await expect(timeline).toContainText('step 10');
  // Replay runs forward to the latest snapshot by itself.
  await page.getByTestId('timeline-replay').click();
  await expect(plot).toHaveAttribute('data-step', '80', { timeout: 10_000 });
  await page.getByTestId('timeline-slider').focus();
  await page.keyboard.press('Home');
  await page.getByTestId('timeline-live').click();
  await expect(plot).toHaveAttribute('data-step', '80');
});

test('toy sets show their input plane; MNIST does not', async ({ page }) => {
  // The rings preset's settings: they train to ~100% in 200 steps on every seed measured.
  await openApp(page, '#backend=wasm&data=rings&dim=8&loss=softmax&head=ln&alpha=4&lr=0.03&evalEvery=25', 'wasm');
  const plane = page.getByTestId('input-plane');
  await expect(plane).toHaveAttribute('data-cells', String(48 * 48));
  await expect(page.getByTestId('input-plane-rule')).toContainText('nearest class weight');
  // As the model trains, the plane comes to agree with the training points on it.
  const agreement = () =>
    page.evaluate(() => {
      const p = window.playground.store.getState().snapshot!.plane!;
      const [x0, x1, y0, y1] = p.extent;
      let hit = 0;
      for (let i = 0; i < p.labels.length; i++) {
        const c = Math.min(p.size - 1, Math.floor(((p.points[2 * i] - x0) / (x1 - x0)) * p.size));
        const r = Math.min(p.size - 1, Math.floor(((y1 - p.points[2 * i + 1]) / (y1 - y0)) * p.size));
        if (p.classes[r * p.size + c] === p.labels[i]) hit++;
      }
      return hit / p.labels.length;
    });
  const before = await agreement();
  await trainFor(page, 200);
  const after = await agreement();
  expect(after, `plane agrees with ${before} of the points before, ${after} after`).toBeGreaterThan(Math.max(before, 0.85));
  // Without class weights the plane shows the nearest class centroid.
  await page.getByTestId('param-loss').selectOption('ssm');
  await expect(page.getByTestId('input-plane-rule')).toContainText('nearest class centroid');
  await page.getByTestId('param-data').selectOption('mnist');
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  await expect(plane).toHaveCount(0);
});

test('one accuracy for every loss, and a compactness number', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs&classes=4&loss=triplet&evalEvery=10', 'wasm');
  await expect(page.getByTestId('accuracy')).toHaveText(/%$/);
  await expect(page.getByTestId('compactness')).toHaveText(/^\d\.\d{3}$/);
  const before = Number(await page.getByTestId('compactness').textContent());
  await trainFor(page, 60);
  // Triplet training pulls classes together: compactness falls.
  const run = await readRun(page);
  expect(run.loss.every(Number.isFinite)).toBe(true);
  expect(Number(await page.getByTestId('compactness').textContent())).toBeLessThan(before);
  // The explanation is a keyboard-reachable tip describing the tile (not a title=).
  await expect(page.getByTestId('accuracy').locator('..')).toHaveAccessibleDescription(/Nearest-centroid accuracy/);
});
