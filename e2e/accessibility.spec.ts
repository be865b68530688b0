import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { openApp, readRun } from './helpers';
import { PLOT_IDS } from '../src/ui/plots/plotIds';

// Accessibility: axe finds nothing serious in either colour scheme, in any state; the
// keyboard reaches every control, tip and help and always shows where it is; every plot has a text
// alternative; and the page fits a phone without sideways scrolling.

// A softmax run with the LN head on blobs: every view is present (input plane, gradient against α).
const HASH = '#backend=wasm&data=blobs&classes=4&loss=softmax&head=ln&alpha=8&evalEvery=10&metricsEvery=20&steps=0';

/** Runs axe on the page as it is; fails listing every serious or critical violation. */
async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join(' | ')}`);
  expect(bad, `axe at ${where}`).toEqual([]);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Opens every "?" help and every "show as table" that is closed. */
async function openAllHelpAndTables(page: Page): Promise<void> {
  // A stable set (every toggle), read one by one: opening one must not shift the others' indices.
  const toggles = page.locator('[data-testid^="help-"][aria-expanded], [data-testid^="table-"][aria-expanded]');
  for (let i = 0; i < (await toggles.count()); i++) {
    const t = toggles.nth(i);
    if ((await t.getAttribute('aria-expanded')) === 'false') await t.click();
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`axe (${scheme} scheme): no serious or critical violation at first load, with every panel and dialog open, training, and comparing`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openApp(page, HASH, 'wasm');
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background, 'the page follows prefers-color-scheme').toBe(scheme === 'dark' ? 'rgb(22, 25, 29)' : 'rgb(247, 247, 245)');
    await expect(page.getByTestId('intro')).toBeVisible();
    await expectNoSeriousViolations(page, 'first load (introduction open)');

    await page.getByTestId('presets').click();
    await expect(page.getByTestId('preset-list')).toBeVisible();
    await expectNoSeriousViolations(page, 'presets menu');
    await page.getByTestId('presets').click();

    await page.getByTestId('open-glossary').click();
    await expect(page.getByTestId('glossary')).toBeVisible();
    await expectNoSeriousViolations(page, 'glossary');
    await page.getByTestId('glossary-close').click();

    await page.getByTestId('share').click();
    await expect(page.getByTestId('share-url')).toBeVisible();
    await openAllHelpAndTables(page);
    await expect(page.locator('[data-testid$="-text"][role="note"]')).toHaveCount(PLOT_IDS.length);
    await expectNoSeriousViolations(page, 'link box, every help text and every table');

    await page.getByTestId('play').click();
    await expect.poll(async () => (await readRun(page)).step, { timeout: 120_000 }).toBeGreaterThanOrEqual(30);
    await expect(page.getByTestId('eval-scope')).toContainText('step');
    expect((await readRun(page)).running).toBe(true);
    await expectNoSeriousViolations(page, 'training');

    await page.getByTestId('pause').click();
    await page.getByTestId('compare-start').click();
    await expect(page.getByTestId('compare')).toBeVisible();
    await page.getByTestId('play').click();
    await expect(page.getByTestId('compare-table')).toHaveAttribute('data-filled', 'true', { timeout: 120_000 });
    await page.getByTestId('pause').click();
    await expect(page.getByTestId('run-state')).toHaveText('paused');
    await openAllHelpAndTables(page);
    await expectNoSeriousViolations(page, 'comparison (filled table)');
  });
}

test('keyboard: Play and Pause by Enter and Space, and the focus stays on the transport', async ({ page }) => {
  await openApp(page, HASH, 'wasm');
  await page.getByTestId('intro-close').click();
  const play = page.getByTestId('play');
  const pause = page.getByTestId('pause');
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('run-state')).toHaveText('training');
  // Play disabled itself: the focus moved to Pause rather than falling to <body>.
  await expect(pause).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await expect(play).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('run-state')).toHaveText('training');
  await expect(pause).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await expect(play).toBeFocused();
  expect((await readRun(page)).step).toBeGreaterThan(0);
});

test('keyboard: Tab reaches every help button and every tip, and each focused element shows an outline', async ({ page }) => {
  await openApp(page, HASH, 'wasm');
  await page.getByTestId('step-once').click();
  await expect(page.getByTestId('eval-scope')).toContainText('step', { timeout: 60_000 });
  // Tips appear as their numbers arrive (evaluation, snapshot): count them once all are in.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const s = window.playground.store.getState();
        return s.snapshot !== null && s.evaluation !== null && s.evalProgress === null;
      }),
    )
    .toBe(true);
  await expect.poll(() => page.locator('.tip-host').count(), { intervals: [500, 500, 500] }).toBeGreaterThanOrEqual(8);
  const helpIds = await page.locator('button.help-button').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
  const tipCount = await page.locator('.tip-host').count();
  expect(helpIds.length).toBe(PLOT_IDS.length);
  expect(tipCount).toBeGreaterThanOrEqual(8);

  await page.locator('body').focus();
  const reached = new Set<string>();
  let tips = 0;
  const unmarked: string[] = [];
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      const tip = el.classList.contains('tip-host') ? el.querySelector<HTMLElement>('.tip') : null;
      return {
        id: el.dataset.testid ?? `${el.tagName.toLowerCase()}.${el.className}`,
        tip: el.classList.contains('tip-host'),
        tipShown: tip ? getComputedStyle(tip).display !== 'none' : false,
        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      };
    });
    if (!f) break; // Tabbed past the last element.
    if (reached.has(f.id) && f.id === [...reached][0]) break; // Wrapped around.
    reached.add(f.id);
    if (f.tip) {
      tips++;
      expect(f.tipShown, `the tip of ${f.id} shows on focus`).toBe(true);
    }
    if (!f.outline) unmarked.push(f.id);
  }
  expect(unmarked, 'focused elements without a visible outline').toEqual([]);
  for (const id of helpIds) expect(reached.has(id!), `Tab reaches ${id}`).toBe(true);
  expect(tips, 'Tab reaches every tip').toBe(Math.max(tipCount, await page.locator('.tip-host').count()));
  for (const id of PLOT_IDS) expect(reached.has(`table-${id}`), `Tab reaches table-${id}`).toBe(true);
  // A parameter's help and a button's title show on keyboard focus too (the mouse has title=).
  await page.getByTestId('param-alpha').focus();
  await expect(page.getByTestId('param-alpha-help')).toBeVisible();
  await expect(page.getByTestId('param-alpha')).toHaveAccessibleDescription(/scale|α/i);
  await page.getByTestId('reset').focus();
  expect(await page.getByTestId('reset').evaluate((el) => getComputedStyle(el, '::after').content)).toContain('Restart from the same seeds');
  // A help text opens from the keyboard.
  await page.getByTestId('help-pr-curve').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('help-pr-curve-text')).toBeVisible();
});

test('screen readers: every view has a live summary and a "show as table" toggle with its numbers', async ({ page }) => {
  await openApp(page, HASH, 'wasm');
  await page.getByTestId('intro-close').click();
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 120_000 }).toBeGreaterThanOrEqual(60);
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await page.getByTestId('record-run').click();

  const expected: Record<(typeof PLOT_IDS)[number], RegExp> = {
    'embedding-plot': /^Embedding at step \d+: 400 items in 4 classes on the unit circle; nearest-centroid accuracy \d/,
    'embedding-timeline': /^\d+ embedding snapshots from step 0 to \d+; showing step \d+ \(live\)\.$/,
    'input-plane': /^Input plane coloured by the nearest class weight, 4 classes; \d+ of \d+ training points lie in their own class's region\.$/,
    // Where the run paused decides the last two losses: equal to two digits, they read "unchanged since".
    'loss-plot': /^At step \d+: Training loss \d[\d.e-]*, ((up|down) from [\d.e-]+ at|unchanged since) step \d+; scale α 8\.$/,
    'accuracy-plot': /^At step \d+: nearest-centroid accuracy [\d.]+%/,
    'gradient-vs-alpha': /^Gradient norm at the α in force \(8\): hard [\d.e-]+/,
    'pr-curve': /^Precision–recall at step \d+: AP 0?\.\d+ \(exact\); precision/,
    'score-distribution': /^Score distributions of \d+ queries at step \d+/,
    'utility-curves': /^Per-class utility at step \d+ over distances .*OPIS/,
    'threshold-tool': /^Threshold at FAR 1%, step \d+: accept pairs at distance ≤ [\d.e-]+ \(cosine ≥ -?[\d.e-]+\); global FAR reached/,
    'roc-curve': /^ROC over [\d,]+ negative pairs; TAR [\d.]+% at FAR 0\.0001; TAR [\d.]+% at FAR 0\.001; TAR [\d.]+% at FAR 0\.01\.$/,
    'distance-histogram': /^Pair distances at step \d+: [\d,]+ positive pairs, median distance/,
    'metrics-over-steps': /^At step \d+: PR-AUC [\d.]+, (up from|down from|unchanged since) .*Recall@1 .*NMI .*OPIS/,
    'opis-scatter': /^1 recorded run; lowest OPIS: /,
  };
  for (const id of PLOT_IDS) {
    const summary = page.getByTestId(`summary-${id}`);
    await expect(summary).toHaveAttribute('aria-live', 'polite');
    await expect(summary, id).toHaveText(expected[id]);
    const toggle = page.getByTestId(`table-${id}`);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = page.getByTestId(`table-${id}-data`);
    const rows = await table.locator('tbody tr').count();
    expect(rows, `${id}: rows`).toBeGreaterThanOrEqual(1);
    expect(rows, `${id}: rows`).toBeLessThanOrEqual(20);
    await expect(table.locator('tbody td').first(), id).not.toHaveText('No data yet.');
  }
  // The plotted numbers: the loss table ends at the last step shown in the status bar.
  const lastRow = page.getByTestId('table-loss-plot-data').locator('tbody tr').last();
  await expect(lastRow.locator('th')).toHaveText(String((await readRun(page)).step));
  await page.getByTestId('table-pr-curve').click();
  await expect(page.getByTestId('table-pr-curve-data')).toHaveCount(0);
});

test('small screens: no sideways scroll at 390 px; loss beside the embedding at 1280 px; transport and embedding in one 1366×768 screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page, HASH, 'wasm');
  const widths: Record<string, number> = { 'first load': await pageWidth(page) };
  await page.getByTestId('presets').click();
  widths['presets menu'] = await pageWidth(page);
  await page.getByTestId('presets').click();
  await page.getByTestId('open-glossary').click();
  widths['glossary'] = await pageWidth(page);
  await page.getByTestId('glossary-close').click();
  await page.getByTestId('step-once').click();
  await expect(page.getByTestId('eval-scope')).toContainText('step', { timeout: 60_000 });
  await page.getByTestId('share').click();
  await openAllHelpAndTables(page);
  widths['help texts and tables'] = await pageWidth(page);
  await page.getByTestId('compare-start').click();
  await expect(page.getByTestId('compare')).toBeVisible();
  widths['comparison'] = await pageWidth(page);
  test.info().annotations.push({ type: 'page widths at 390 px', description: JSON.stringify(widths) });
  console.log('page widths at 390 px:', JSON.stringify(widths));
  for (const [state, w] of Object.entries(widths)) expect(w, `page width at 390 px, ${state}`).toBeLessThanOrEqual(390);

  await page.getByTestId('compare-stop').click();
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await pageWidth(page)).toBeLessThanOrEqual(1280);
  const emb = (await page.getByTestId('embedding-plot').first().boundingBox())!;
  const loss = (await page.getByTestId('loss-plot').boundingBox())!;
  expect(loss.x, 'the loss plot sits right of the embedding').toBeGreaterThanOrEqual(emb.x + emb.width - 1);
  expect(loss.y, 'and beside it, not below').toBeLessThan(emb.y + emb.height / 2);

  // A returning visitor (introduction dismissed, no help open) sees the transport and the whole embedding at once.
  await page.getByTestId('intro-close').click();
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.reload();
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 60_000 });
  const play = (await page.getByTestId('play').boundingBox())!;
  const circle = (await page.getByTestId('embedding-plot').first().locator('.stack').boundingBox())!;
  expect(play.y + play.height).toBeLessThanOrEqual(768);
  expect(circle.y).toBeGreaterThanOrEqual(0);
  expect(circle.y + circle.height, 'the embedding fits above the fold').toBeLessThanOrEqual(768);
});
