/**
 * Runs the kernel self-test cases on tfjs's webgpu backend, with no DOM: the kernel-tests page
 * (page.ts) and `npm run bench:gpu` (Node + Dawn) both call {@link runKernelSelfTests}.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-webgpu';
import type { KernelCase, SelfTestReport } from '../ml/kernels/selftest/harness';
import { cases } from './cases';

/**
 * Runs every case whose name contains `filter` (all without one) on the webgpu backend — and says
 * so in its report, so a test cannot pass on a silent CPU fallback. `onResult` sees each result as
 * it comes (for progress lines); a case that throws is a failure with its message as `error`.
 */
export async function runKernelSelfTests(filter?: string, onResult?: (r: SelfTestReport['results'][number]) => void): Promise<SelfTestReport> {
  const ok = await tf.setBackend('webgpu');
  await tf.ready();
  if (!ok || tf.getBackend() !== 'webgpu') throw new Error(`webgpu backend unavailable (got ${tf.getBackend()})`);
  const adapter = await navigator.gpu.requestAdapter();
  const info = adapter?.info as (GPUAdapterInfo & { isFallbackAdapter?: boolean }) | undefined;
  const report: SelfTestReport = {
    backend: tf.getBackend(),
    adapter: info ? { vendor: info.vendor, architecture: info.architecture, fallback: Boolean(info.isFallbackAdapter) } : null,
    results: [],
    tensorsBefore: tf.memory().numTensors,
    tensorsAfter: 0,
  };
  const selected = cases.filter((c: KernelCase) => !filter || c.name.includes(filter));
  for (const c of selected) {
    const t0 = performance.now();
    let result: SelfTestReport['results'][number];
    try {
      result = { name: c.name, ms: 0, ...(await c.run()) };
    } catch (e) {
      result = { name: c.name, ms: 0, ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    result.ms = performance.now() - t0;
    report.results.push(result);
    onResult?.(result);
  }
  report.tensorsAfter = tf.memory().numTensors;
  return report;
}
