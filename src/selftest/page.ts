/**
 * The kernel self-test page (kernel-tests.html): window glue around {@link runKernelSelfTests}
 * (run.ts), for the e2e test and the Run button.
 */
import { runKernelSelfTests } from './run';
import type { SelfTestReport } from '../ml/kernels/selftest/harness';

declare global {
  interface Window {
    runKernelSelfTests: (filter?: string) => Promise<SelfTestReport>;
  }
}

window.runKernelSelfTests = (filter?: string) => runKernelSelfTests(filter);
document.getElementById('run')?.addEventListener('click', async () => {
  const out = document.getElementById('out')!;
  out.textContent = 'running…';
  const r = await runKernelSelfTests();
  out.textContent = r.results.map((x) => `${x.ok ? 'PASS' : 'FAIL'} ${x.name} ${x.maxErr ?? ''} ${x.detail ?? x.error ?? ''}`).join('\n');
});
