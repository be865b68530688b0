import { test, expect } from '@playwright/test';
import { openApp, stepTimes } from './helpers';
import { CONTENT_SECURITY_POLICY } from '../csp';

// The built app ships a strict CSP; every backend must run under it, not fall back.
for (const backend of ['wasm', 'webgl', 'cpu', 'webgpu'] as const) {
  test(`the ${backend} backend trains under the shipped Content-Security-Policy`, async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load ${e.blockedURI} (${e.violatedDirective})`));
    });
    await openApp(page, `#backend=${backend}&data=blobs&evalEvery=5&metricsEvery=5`, backend);
    const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(meta).toBe(CONTENT_SECURITY_POLICY);
    expect(meta).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(await page.evaluate(() => window.playground.store.getState().backend?.note ?? '')).not.toMatch(/fell back|failed/);
    const run = await stepTimes(page, 5);
    expect(run.backend).toBe(backend);
    expect(run.loss.every(Number.isFinite)).toBe(true);
    await expect(page.getByTestId('embedding-plot')).toHaveAttribute('data-points', /[1-9]/);
    expect(refused).toEqual([]);
  });
}

test('an inline script is refused by the policy (it is really enforced)', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await openApp(page, '#backend=wasm&data=blobs', 'wasm');
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.append(s);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
});
