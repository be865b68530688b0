import { test, expect } from '@playwright/test';
import type { SelfTestReport } from '../src/ml/kernels/selftest/harness';

// Every WGSL kernel against the float64 reference, in real headless Chromium on real WebGPU.
test('WGSL kernels match the reference on webgpu', async ({ page }) => {
  test.setTimeout(600_000);
  await page.goto('/kernel-tests.html');
  const report: SelfTestReport = await page.evaluate(() => window.runKernelSelfTests());
  expect(report.backend).toBe('webgpu');
  expect(report.adapter).not.toBeNull();
  const failed = report.results.filter((r) => !r.ok);
  for (const r of report.results) console.log(`${r.ok ? 'PASS' : 'FAIL'} ${r.name} (${r.ms.toFixed(0)} ms) ${r.maxErr ?? ''} ${r.detail ?? r.error ?? ''}`);
  expect(failed, JSON.stringify(failed, null, 1)).toEqual([]);
  expect(report.results.length).toBeGreaterThanOrEqual(1);
  expect(report.tensorsAfter).toBe(report.tensorsBefore);
});
