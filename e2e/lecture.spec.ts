import { test, expect, type Page, type Frame } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRun } from './helpers';
import { PRESET_BY_ID } from '../src/state/presets/presets';

// Lecture mode, embed mode and keyboard shortcuts (issue: "Lecture mode, embed mode, shortcuts").
// Toy data on wasm: a step takes milliseconds, so each test is one or two page loads.

/** Every control (button, field, link) a person can see, except those inside `allowed`. */
const visibleControlsOutside = (page: Page, allowed: string) =>
  page.evaluate((allowed) => {
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    return [...document.querySelectorAll('button, input, select, textarea, a[href], [contenteditable="true"]')]
      .filter((el) => shown(el) && !el.closest(allowed))
      .map((el) => (el as HTMLElement).dataset.testid ?? `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}"`);
  }, allowed);

/** Computed font size (px) of the loss plot's first axis tick. */
const tickFontSize = (page: Page) =>
  page.locator('[data-testid="loss-plot"] .tick text').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));

const stepOf = async (page: Page) => Number(await page.getByTestId('step').textContent());

test('lecture mode: trains by itself with only the transport, large plots, the preset guide; Exit and Escape give the full page back', async ({ page }) => {
  await page.goto('/#backend=wasm&data=blobs&ui=lecture&autoplay=1');
  await expect(page.getByTestId('lecture-bar')).toBeVisible();
  // Trains by itself: the step counter (shown, large) grows with nobody pressing Play.
  await expect.poll(() => stepOf(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
  for (const id of ['play', 'pause', 'step-once', 'reset', 'step', 'embedding-plot', 'loss-plot']) await expect(page.getByTestId(id).first()).toBeVisible();
  expect(await page.getByTestId('step').evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(28);
  // No other control: no header, no settings, no help or export buttons, no share, no notices' buttons.
  await expect(page.locator('[data-testid^="param-"]:visible')).toHaveCount(0);
  await expect(page.getByTestId('lecture-mode')).toHaveCount(0);
  await expect(page.getByTestId('share')).toHaveCount(0);
  expect(await visibleControlsOutside(page, '.lecture-bar')).toEqual([]);
  // The lecture's Pause works (and axe reads a still page faster).
  await page.getByTestId('pause').click();
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  const lectureTick = await tickFontSize(page);

  // Back to the full page: the controls return, the link forgets ui=, the type shrinks back.
  await page.getByTestId('exit-lecture').click();
  await expect(page.getByTestId('param-seed')).toBeVisible();
  await expect(page.getByTestId('lecture-mode')).toBeFocused();
  expect(page.url()).not.toContain('ui=');
  const fullTick = await tickFontSize(page);
  expect(lectureTick, `axis text: lecture ${lectureTick}px vs full ${fullTick}px`).toBeGreaterThanOrEqual(fullTick * 1.3);

  // The header's button enters it (and the link says so); Escape leaves it.
  await page.getByTestId('lecture-mode').click();
  await expect(page.getByTestId('param-seed')).toBeHidden();
  expect(page.url()).toContain('ui=lecture');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('param-seed')).toBeVisible();
  expect(page.url()).not.toContain('ui=');

  // A preset's link in lecture mode: its "look for" stays on screen, with nothing to dismiss it.
  const preset = PRESET_BY_ID.get('blobs')!;
  await page.goto(`/#backend=wasm&${preset.runs[0].link}&preset=blobs&ui=lecture`);
  await expect(page.getByTestId('preset-look')).toContainText(preset.lookFor);
  await expect(page.getByTestId('preset-guide-close')).toHaveCount(0);
  // A link with the preset and no schema version opens it as the menu does: it trains at once.
  await expect(page.getByTestId('pause')).toBeEnabled({ timeout: 120_000 });
  expect(await visibleControlsOutside(page, '.lecture-bar')).toEqual([]);
});

/** A blog page on another origin (and site: localhost, not 127.0.0.1) that frames the app. */
async function blogServer(appUrl: string): Promise<{ server: Server; url: string }> {
  const html = `<!doctype html><html lang="en"><title>A blog post</title><h1>My post</h1>
<iframe title="Metric Playground" src="${appUrl}" width="800" height="600" style="border:1px solid #ccc"></iframe>`;
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

test('embed mode: inside a cross-origin iframe of 800×600, bare views train by themselves, fit without sideways scroll, and link to the full page', async ({ page, baseURL }) => {
  const app = new URL('/#backend=wasm&data=blobs&ui=embed&autoplay=1', baseURL).href;
  const { server, url } = await blogServer(app);
  try {
    await page.goto(url);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByTestId('embed-bar')).toBeVisible({ timeout: 60_000 });
    await expect.poll(async () => Number(await frame.getByTestId('step').textContent()), { timeout: 60_000 }).toBeGreaterThanOrEqual(20);
    const inner = page.frames().find((f) => f.url().startsWith(new URL(baseURL!).origin)) as Frame;
    expect(new URL(inner.url()).origin, 'the app is framed from another origin').not.toBe(new URL(page.url()).origin);
    // No header, settings, intro or preset guide: the views.
    for (const id of ['lecture-mode', 'play', 'intro', 'param-seed', 'status-bar']) await expect(frame.getByTestId(id)).toHaveCount(0);
    await expect(frame.locator('header.header')).toHaveCount(0);
    await expect(frame.getByTestId('embedding-plot').first()).toHaveAttribute('data-points', /^[1-9]/);
    await expect(frame.getByTestId('loss-plot').locator('svg')).toHaveAttribute('data-points', /^[1-9]/);
    const fit = await inner.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
    expect(fit.scroll, 'no sideways scroll in the 800 px frame').toBeLessThanOrEqual(fit.width);

    // The reader can pause it.
    await frame.getByTestId('embed-play').click();
    await expect(frame.getByTestId('embed-play')).toHaveText(/Play/);

    // "Open in Metric Playground": the same run on the full page, in a new tab without an opener.
    const open = frame.getByTestId('embed-open');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', /noopener/);
    const href = new URL((await open.getAttribute('href'))!);
    expect(href.origin).toBe(new URL(baseURL!).origin);
    expect(href.hash).not.toContain('ui=');
    expect(href.hash).toContain('data=blobs');
    expect(href.hash).toContain('backend=wasm');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    await expect(tab.getByTestId('lecture-mode')).toBeVisible({ timeout: 60_000 });
    await expect(tab.getByTestId('param-data')).toHaveValue('blobs');
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
  } finally {
    server.close();
  }
});

test('shortcuts: ? lists them, Space plays and pauses, s steps, r resets; none fires while typing in a field', async ({ page }) => {
  await page.goto('/#backend=wasm&data=blobs');
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 60_000 });
  await page.getByTestId('intro-close').click();
  await expect(page.getByTestId('play')).toHaveAttribute('title', /Space/);

  await page.keyboard.press('?');
  const dialog = page.getByTestId('shortcuts');
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  await expect(dialog).toContainText('Space');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('run-state')).toHaveText('training');
  await expect.poll(async () => (await readRun(page)).step).toBeGreaterThan(3);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('run-state')).toHaveText('paused');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The header's ⌨ button opens the same list; closing it gives the focus back.
  await page.getByTestId('show-shortcuts').click();
  await expect(dialog).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="shortcuts"]').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByTestId('shortcuts-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('show-shortcuts')).toBeFocused();

  const before = await stepOf(page);
  await page.keyboard.press('s');
  await expect.poll(() => stepOf(page)).toBe(before + 1);
  await page.keyboard.press('r');
  await expect.poll(() => stepOf(page)).toBe(0);
  await expect(page.getByTestId('step-once')).toBeEnabled(); // The reset run is ready again.
  await page.keyboard.press('s');
  await expect.poll(() => stepOf(page)).toBe(1);

  // Typing in a number field: the letters and the space go into the field, nothing else happens.
  const seed = page.getByTestId('param-seed');
  await seed.click();
  await page.keyboard.type('sr ?');
  await expect(seed).toHaveValue(/sr \?$/);
  await page.keyboard.press('Escape'); // The field's own: it restores the value.
  await page.waitForTimeout(500);
  expect(await stepOf(page)).toBe(1);
  expect((await readRun(page)).running).toBe(false);
  await expect(dialog).toBeHidden();

  // Space on a focused button is the button's (one step), not also a shortcut (which would play).
  await page.getByTestId('step-once').focus();
  await page.keyboard.press('Space');
  await expect.poll(() => stepOf(page)).toBe(2);
  await page.waitForTimeout(300);
  expect((await readRun(page)).running).toBe(false);
  expect(await stepOf(page)).toBe(2);
});

test('a lecture link with a mistake still says what it fixed; passing news stays out of the way', async ({ page }) => {
  await page.goto('/#backend=wasm&data=blobs&ui=lecture&lr=banana');
  await expect(page.getByTestId('lecture-bar')).toBeVisible();
  await expect(page.getByTestId('notice').filter({ hasText: 'lr=banana' })).toBeVisible();
  await expect(page.locator('[data-testid="notice"][data-level="info"]')).toHaveCount(0);
});
