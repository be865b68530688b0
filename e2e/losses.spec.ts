import { test, expect, type Page } from '@playwright/test';
import { expectLink, openApp, readRun, mean } from './helpers';

const LOSSES = ['softmax', 'arcface', 'cosface', 'ssm', 'snm', 'ces', 'cenm', 'contrastive', 'triplet'] as const;

/** Switches the loss through its control (a new run starts) and trains `steps` steps with the Step button. */
async function trainLoss(page: Page, loss: string, steps: number): Promise<number[]> {
  await page.getByTestId('param-loss').selectOption(loss);
  await expectLink(page, { loss });
  await expect(page.getByTestId('step')).toHaveText('0');
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 200_000, intervals: [250] }).toBeGreaterThanOrEqual(steps);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  return (await readRun(page)).loss;
}

// Every loss of the playground lowers itself in a short MNIST run, on each browser backend (cpu is
// covered by the Node unit tests, which run on tfjs's cpu backend).
for (const backend of ['wasm', 'webgl', 'webgpu'] as const) {
  test(`every loss trains on MNIST on ${backend}`, async ({ page }) => {
    test.setTimeout(900_000);
    await openApp(page, `#backend=${backend}&data=mnist&dim=16&alpha=16&batch=64&perClass=6&lr=0.003&evalEvery=1000&tcm=on`, backend);
    for (const loss of LOSSES) {
      const l = await trainLoss(page, loss, backend === 'wasm' ? 30 : 12);
      expect(l.every(Number.isFinite), `${loss}: finite`).toBe(true);
      const k = Math.max(3, Math.floor(l.length / 4));
      expect(mean(l.slice(-k)), `${loss}: ${l.map((v) => v.toFixed(3)).join(' ')}`).toBeLessThan(mean(l.slice(0, k)));
      expect((await readRun(page)).backend).toBe(backend);
      // On webgpu the pair losses must run on our WGSL kernels, not on the composite tfjs ops.
      await expect(page.getByTestId('kernels')).toHaveText(backend === 'webgpu' ? 'WGSL kernels' : 'tfjs ops');
    }
  });
}
