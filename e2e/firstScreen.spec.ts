import { test, expect, type Page } from '@playwright/test';
import { openApp } from './helpers';
import { PRESET_BY_ID, presetLink } from '../src/state/presets/presets';

// One screen per lesson: at 1280×800 a preset opens onto its views — the intro steps
// aside — and the backend is said once, in plain words, with its details one click away.
test.use({ viewport: { width: 1280, height: 800 } });

/**
 * The visible statements about the backend: every visible text outside the settings (whose backend
 * control is a choice, not a statement) that names a backend, an adapter or SwiftShader, grouped
 * by the line or notice it belongs to.
 */
function backendStatements(page: Page) {
  return page.evaluate(() => {
    const named = /\b(wasm|webgpu|webgl|swiftshader|backend)\b/i;
    const found = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !named.test(n.textContent ?? '') || el.closest('aside.sidebar, select, option, script, style, title')) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      found.add(el.closest('[data-testid="backend-line"], [data-testid="notice"]') ?? el);
    }
    return [...found].map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
  });
}

test('a shared preset link opens with the intro closed and says the backend once, in plain words', async ({ page }) => {
  // A first visit (nothing remembered), through a preset's link as the Presets menu writes it: backend auto.
  await openApp(page, `#${presetLink(PRESET_BY_ID.get('blobs')!)}`, 'wasm');
  await expect(page.getByTestId('preset-guide')).toBeVisible();
  await expect(page.getByTestId('intro')).toHaveCount(0);
  // auto measured the backends here (no GPU: the WebGPU adapter is emulated on the CPU) and says it in words.
  await expect(page.getByTestId('backend-words')).toHaveText('training on the CPU (wasm): no GPU found');
  await expect(page.getByTestId('backend')).toHaveText('wasm');
  // Said once: no notice repeats it, and nothing else on screen names the backend or SwiftShader.
  expect(await backendStatements(page)).toEqual(['training on the CPU (wasm): no GPU found details']);
  await expect(page.getByTestId('notice')).toHaveCount(0);
  // The details stay one click away: what auto measured, the adapter it skipped and why, the threads.
  await expect(page.getByTestId('backend-note')).toBeHidden();
  await page.getByTestId('backend-details').locator('summary').click();
  await expect(page.getByTestId('backend-note')).toBeVisible();
  await expect(page.getByTestId('backend-note')).toContainText(/auto measured wasm \d+(\.\d)? ms\/step/);
  await expect(page.getByTestId('backend-note')).toContainText('webgpu skipped: CPU fallback adapter');
  await expect(page.getByTestId('adapter')).toContainText('CPU fallback');
  await expect(page.getByTestId('backend-threads')).toContainText(/wasm computes with (one thread|\d+ threads)/);
});

test('opening a preset from the Presets menu closes the intro; "?" brings it back', async ({ page }) => {
  await openApp(page, '#backend=wasm&data=blobs', 'wasm');
  const intro = page.getByTestId('intro');
  await expect(intro).toBeVisible();
  await page.getByTestId('presets').click();
  await page.getByTestId('preset-rings').click();
  await expect(page.getByTestId('preset-guide')).toBeVisible();
  await expect(intro).toHaveCount(0);
  // Stepped aside, not dismissed for good: a later bare visit greets again, and "?" shows it now.
  await page.getByTestId('show-intro').click();
  await expect(intro).toBeVisible();
  // A forced backend is said once too, without a reason (the link asked for it).
  await expect(page.getByTestId('backend-words')).toHaveText('training on the CPU (wasm)');
  expect(await backendStatements(page)).toEqual(['training on the CPU (wasm) details']);
});
