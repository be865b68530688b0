import { test, expect, type Page } from '@playwright/test';
import { openApp } from './helpers';
import { PRESETS, PRESET_BY_ID, presetLink, type Preset } from '../src/state/presets/presets';
import { KEY_VIEW_SELECTOR } from '../src/ui/lecture/keyViews';

// One screen per lesson: a preset's link opens onto its key views, whole, without
// scrolling (1280×800); lecture mode shows them alone, fitted, the rest one click away; on a phone
// the transport stays at hand while the embedding is on screen. Opened as a person does (a link),
// on wasm; no assertion depends on time.

const link = (preset: Preset, extra = '') => `#${presetLink(preset)}&backend=wasm${extra}`;

/** Lecture mode has no header to say the backend: the page's store does. */
async function openLecture(page: Page, preset: Preset) {
  await openApp(page, link(preset, '&ui=lecture'));
  expect(await page.evaluate(() => window.playground.store.getState().backend?.active)).toBe('wasm');
}

/** Each key view's box (page coordinates at the current scroll), and the viewport. */
function keyBoxes(page: Page, preset: Preset) {
  return page.evaluate(
    ({ selectors }) => {
      const views = document.querySelector('main.views')!;
      return {
        scrollY: window.scrollY,
        width: window.innerWidth,
        height: window.innerHeight,
        boxes: selectors.map(([id, sel]) => {
          const el = views.querySelector(sel);
          const r = el?.getBoundingClientRect();
          return { id, found: !!el, shown: !!el && el.getClientRects().length > 0, top: r?.top ?? NaN, bottom: r?.bottom ?? NaN, left: r?.left ?? NaN, right: r?.right ?? NaN };
        }),
      };
    },
    { selectors: preset.keyViews!.map((k) => [k, KEY_VIEW_SELECTOR[k]] as const) },
  );
}

async function expectKeyViewsWhole(page: Page, preset: Preset) {
  // Each key view is drawn (its figure has its plot) before it is measured.
  for (const k of preset.keyViews!) await expect(page.locator(`main.views ${KEY_VIEW_SELECTOR[k].replace(':scope', '')}`)).toBeVisible();
  const { scrollY, width, height, boxes } = await keyBoxes(page, preset);
  expect(scrollY, 'the page opens at its top').toBe(0);
  for (const b of boxes) {
    expect(b.found && b.shown, `${preset.id}: ${b.id} is on the page`).toBe(true);
    expect(b.top, `${preset.id}: ${b.id} top`).toBeGreaterThanOrEqual(0);
    expect(b.left, `${preset.id}: ${b.id} left`).toBeGreaterThanOrEqual(0);
    expect(b.bottom, `${preset.id}: ${b.id} bottom within the ${height} px screen`).toBeLessThanOrEqual(height);
    expect(b.right, `${preset.id}: ${b.id} right within the ${width} px screen`).toBeLessThanOrEqual(width);
  }
}

test('every preset names key views the page knows', () => {
  for (const p of PRESETS) {
    expect(p.keyViews?.length, p.id).toBeGreaterThan(0);
    for (const k of p.keyViews!) expect(KEY_VIEW_SELECTOR[k], `${p.id}: ${k}`).toBeTruthy();
    // A comparison's key views are the comparison's; a single run's are its own views.
    expect(p.keyViews!.every((k) => k.startsWith('compare-') === p.runs.length > 1), p.id).toBe(true);
  }
});

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // Every comparison preset, and single runs: the gradient figure and a toy set's embedding + input plane.
  const opened = [...PRESETS.filter((p) => p.runs.length > 1), PRESET_BY_ID.get('hu-gradient')!, PRESET_BY_ID.get('blobs')!];
  for (const preset of opened) {
    test(`the ${preset.id} link shows its key views (${preset.keyViews!.join(', ')}) whole, without scrolling`, async ({ page }) => {
      await openApp(page, link(preset), 'wasm');
      await expect(page.getByTestId('preset-guide')).toBeVisible();
      if (preset.runs.length > 1) await expect(page.getByTestId('compare')).toBeVisible();
      await expectKeyViewsWhole(page, preset);
      // Nothing is lost: the other views are still on the page, below.
      await expect(page.getByTestId('status-bar')).toBeAttached();
      await expect(page.getByTestId('evaluation-panel')).toBeAttached();
      // The guide is compact but whole on request: "More" shows the whole "look for".
      await page.getByTestId('preset-look-more').click();
      await expect(page.getByTestId('preset-look-more')).toHaveAttribute('aria-expanded', 'true');
      if (preset.id === 'hu-temperature') await page.screenshot({ path: test.info().outputPath('hu-temperature-1280.png') });
    });
  }

  test('lecture mode: the guide, the transport and the key views alone, fitted; "Show all views" brings the rest', async ({ page }) => {
    const preset = PRESET_BY_ID.get('hu-temperature')!;
    await openLecture(page, preset);
    await expect(page.getByTestId('lecture-bar')).toBeVisible();
    await expect(page.getByTestId('preset-look')).toContainText(preset.lookFor);
    await expectKeyViewsWhole(page, preset);
    // Both circles whole: their squares inside the screen, not cut at half height.
    for (const side of ['a', 'b']) {
      const stack = (await page.getByTestId(`compare-embedding-${side}`).locator('.stack').boundingBox())!;
      expect(stack.height, `circle ${side} is drawn large`).toBeGreaterThanOrEqual(250);
      expect(stack.y + stack.height, `circle ${side} whole`).toBeLessThanOrEqual(800);
    }
    await page.screenshot({ path: test.info().outputPath('lecture-hu-temperature.png'), fullPage: true });
    // Nothing to scroll to: the page is one screen.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(800);
    // Only the key views: the other views of the comparison and of the run are not shown.
    for (const id of ['compare-loss', 'compare-metrics', 'compare-pr', 'status-bar', 'evaluation-panel', 'loss-plot', 'gradient-vs-alpha']) {
      await expect(page.getByTestId(id).first(), id).toBeHidden();
    }
    await expect(page.getByTestId('lecture-step')).toHaveText('step 0');

    // One click brings every view back (the key views still first), another puts them away again.
    await page.getByTestId('show-all-views').click();
    await expect(page.getByTestId('show-all-views')).toHaveAttribute('aria-pressed', 'true');
    for (const id of ['compare-loss', 'compare-metrics', 'compare-pr', 'status-bar', 'evaluation-panel', 'gradient-vs-alpha']) {
      await expect(page.getByTestId(id).first(), id).toBeVisible();
    }
    await page.getByTestId('show-all-views').click();
    await expect(page.getByTestId('compare-pr')).toBeHidden();

    // A single run's key views in a lecture too: a toy set's embedding and input plane.
    const blobs = PRESET_BY_ID.get('blobs')!;
    await openLecture(page, blobs);
    await expectKeyViewsWhole(page, blobs);
    await expect(page.getByTestId('loss-plot')).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('lecture-blobs.png') });
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the transport stays within reach while the embedding is on screen', async ({ page }) => {
    await openApp(page, link(PRESET_BY_ID.get('blobs')!), 'wasm');
    const embedding = page.locator("main.views > .plots > [data-testid='embedding-plot']");
    await embedding.locator('.stack').scrollIntoViewIfNeeded();
    const stack = (await embedding.locator('.stack').boundingBox())!;
    expect(stack.y, 'the embedding is on screen').toBeLessThan(844);
    expect(stack.y + stack.height).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY), 'scrolled down to it').toBeGreaterThan(300);
    const play = (await page.getByTestId('play').boundingBox())!;
    expect(play.y, 'Play is on screen').toBeGreaterThanOrEqual(0);
    expect(play.y + play.height, 'Play is on screen').toBeLessThanOrEqual(844);
    expect(play.x + play.width).toBeLessThanOrEqual(390);
    // And it works from there.
    await page.getByTestId('play').click();
    await expect(page.getByTestId('run-state')).toHaveText('training');
    await page.getByTestId('pause').click();
    await expect(page.getByTestId('run-state')).toHaveText('paused');
    await page.screenshot({ path: test.info().outputPath('phone-blobs.png') });
  });
});

// A projector is often 1024×768: in lecture mode every comparison preset's key views fit whole at
// the common screen sizes, before and while it trains, and the table's first row is the lesson's
// number (the claimed metric) — alone in the table until "Show all views".
for (const [width, height] of [[1024, 768], [1280, 800], [1920, 1080]] as const) {
  test.describe(`lecture mode at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });
    for (const preset of PRESETS.filter((p) => p.runs.length > 1)) {
      test(`${preset.id}: the key views${preset.claim ? ' and the lesson’s row' : ''} fit whole`, async ({ page }) => {
        test.setTimeout(300_000);
        await page.goto(`/#preset=${preset.id}&ui=lecture&backend=wasm&autoplay=0`);
        await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
        await expectKeyViewsWhole(page, preset);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the screen').toBeLessThanOrEqual(width);
        const table = page.getByTestId('compare-table');
        const first = table.locator('tbody tr').first();
        if (preset.claim) {
          const row = { ap: 'ap', opis: 'opis', epsOpis: 'eps-opis', recallAt1: 'recall-at-1', accuracy: 'accuracy', compactness: 'compactness' }[preset.claim.metric];
          await expect(first).toHaveAttribute('data-testid', `compare-row-${row}`);
          await expect(first).toHaveAttribute('data-lesson', 'true');
          await expect(first.getByTestId('lesson-mark')).toBeVisible();
          // The lesson's row alone; "Show all views" brings the others.
          await expect(table.locator('tbody tr:visible')).toHaveCount(1);
          await page.getByTestId('show-all-views').click();
          await expect(table.locator('tbody tr:visible')).toHaveCount(7);
          await page.getByTestId('show-all-views').click();
        } else await expect(page.getByTestId('lesson-mark')).toHaveCount(0);
        // The smallest screen again while it trains: every cell filled, still whole.
        if (width > 1024) return;
        await page.getByTestId('play').click();
        await expect(first.locator('[data-testid$="-delta"]')).toHaveAttribute('data-agree', new RegExp(`^\\d+/${preset.seeds ?? 1}$`), { timeout: 240_000 });
        await page.getByTestId('pause').click();
        await expectKeyViewsWhole(page, preset);
        if (preset.id === 'hu-temperature') await page.screenshot({ path: test.info().outputPath(`lecture-${width}.png`) });
      });
    }
  });
}
