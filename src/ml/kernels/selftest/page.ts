/**
 * The kernel self-test page (kernel-tests.html): runs every case on tfjs's webgpu backend — and
 * says so in its report, so a test cannot pass on a silent CPU fallback.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-webgpu';
import type { KernelCase, SelfTestReport } from './harness';
import { cases } from './cases';

declare global {
  interface Window {
    runKernelSelfTests: (filter?: string) => Promise<SelfTestReport>;
  }
}

async function run(filter?: string): Promise<SelfTestReport> {
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
    try {
      const r = await c.run();
      report.results.push({ name: c.name, ms: performance.now() - t0, ...r });
    } catch (e) {
      report.results.push({ name: c.name, ms: performance.now() - t0, ok: false, error: e instanceof Error ? e.message : String(e) });
    }
  }
  report.tensorsAfter = tf.memory().numTensors;
  return report;
}

window.runKernelSelfTests = run;
document.getElementById('run')?.addEventListener('click', async () => {
  const out = document.getElementById('out')!;
  out.textContent = 'running…';
  const r = await run();
  out.textContent = r.results.map((x) => `${x.ok ? 'PASS' : 'FAIL'} ${x.name} ${x.maxErr ?? ''} ${x.detail ?? x.error ?? ''}`).join('\n');
});
