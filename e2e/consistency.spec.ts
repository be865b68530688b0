import { test, expect, type Page } from '@playwright/test';
import { openApp, readRun, stepTimes } from './helpers';

const LOSSES = ['softmax', 'arcface', 'cosface', 'ssm', 'snm', 'ces', 'cenm', 'contrastive', 'triplet'] as const;

/** First-step losses of every loss (TCM off, same seeds), switching the loss in one page. */
async function firstLosses(page: Page, backend: string): Promise<Record<string, number[]>> {
  await openApp(page, `#backend=${backend}&data=mnist&dim=16&alpha=20&batch=64&perClass=6&evalEvery=1000&tcm=off`, backend);
  const out: Record<string, number[]> = {};
  for (const loss of LOSSES) {
    await page.getByTestId('param-loss').selectOption(loss);
    await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
    out[loss] = (await stepTimes(page, 2)).loss;
    expect((await readRun(page)).backend).toBe(backend);
  }
  return out;
}

// The WGSL path (webgpu) and the composite tfjs path (wasm) compute the same losses: the same seeds
// give the same first steps, to float32 accuracy. This catches a kernel that is fast but wrong.
test('every loss gives the same first steps on webgpu (WGSL kernels) and wasm (tfjs ops)', async ({ browser }) => {
  test.setTimeout(900_000);
  const gpuPage = await browser.newPage();
  const gpu = await firstLosses(gpuPage, 'webgpu');
  await expect(gpuPage.getByTestId('kernels')).toHaveText('WGSL kernels');
  const cpuPage = await browser.newPage();
  const cpu = await firstLosses(cpuPage, 'wasm');
  for (const loss of LOSSES) {
    for (let i = 0; i < 2; i++) {
      const a = gpu[loss][i];
      const b = cpu[loss][i];
      expect(Math.abs(a - b), `${loss} step ${i + 1}: webgpu ${a} vs wasm ${b}`).toBeLessThanOrEqual(2e-3 * Math.max(1, Math.abs(b)));
    }
  }
});
