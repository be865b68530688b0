import { test, expect, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { download, openApp } from './helpers';
import { PLOT_IDS } from '../src/ui/plots/plotIds';
import { METRIC_COLUMNS } from '../src/state/run/metricsExport';
import { runLabel } from '../src/state/run/summary';
import type { Config } from '../src/state/params';

// Exports (issue: "every plot as PNG and SVG, the metrics as CSV and JSON"): a person clicks each
// save button, the browser downloads a file, and the file holds what the view shows. Blobs with the
// LN softmax: every one of the twelve views has data after 60 steps (the scatter once a run is recorded).
const HASH = '#backend=wasm&data=blobs&classes=4&loss=softmax&head=ln&evalEvery=10&metricsEvery=10&steps=60';

/**
 * Decodes a PNG in the page: its size, its number of distinct colours, the share of pixels unlike
 * the top-left one (the background), and the share of near-black ones (an unstyled SVG fills its
 * curves' areas black).
 */
function pixelStats(page: Page, png: Buffer) {
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const colours = new Set<number>();
    let unlike = 0;
    let black = 0;
    for (let i = 0; i < d.length; i += 4) {
      colours.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 40) unlike++;
      if (d[i] + d[i + 1] + d[i + 2] < 90) black++;
    }
    const n = d.length / 4;
    return { width: canvas.width, height: canvas.height, colours: colours.size, unlike: unlike / n, black: black / n };
  }, png.toString('base64'));
}

/** Parses an SVG file as XML in the page and reads back what a check needs. */
function readSvg(page: Page, text: string) {
  return page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      ns: root.namespaceURI,
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      styleSheets: root.getElementsByTagName('style').length,
      foreign: root.querySelectorAll('foreignObject, link').length,
      texts: Array.from(root.getElementsByTagName('text')).map((e) => (e.textContent ?? '').trim()),
      points: root.querySelectorAll('g.points circle').length,
      images: root.getElementsByTagName('image').length,
      desc: root.querySelector('desc')?.textContent ?? '',
      background: root.querySelector('rect.export-background')?.getAttribute('fill'),
      lossStroke: /stroke:[^;]*/.exec(root.querySelector('path.loss-line')?.getAttribute('style') ?? '')?.[0],
      // The comparison's overlays: each line's class and its inline stroke (and dashes).
      compareLines: Array.from(root.querySelectorAll('path.compare-line')).map((e) => ({
        cls: e.getAttribute('class') ?? '',
        stroke: /(?:^|;)stroke:([^;]*)/.exec(e.getAttribute('style') ?? '')?.[1],
        dashed: /stroke-dasharray:(?!none)/.test(e.getAttribute('style') ?? ''),
      })),
      swatchFills: Array.from(root.querySelectorAll('.legend rect')).map((e) => /(?:^|;)fill:([^;]*)/.exec(e.getAttribute('style') ?? '')?.[1]),
    };
  }, text);
}

/** What the page shows for a view: its title text, caption, axis tick labels and legend labels. */
function shownTexts(page: Page, id: string) {
  return page.evaluate((plot) => {
    const caption = document.querySelector(`[data-testid="export-${plot}-svg"]`)!.closest('figcaption')!;
    const host = caption.closest('figure')!;
    const svg = plot === 'embedding-plot' ? host.querySelector('.stack > svg') : plot === 'input-plane' || plot === 'embedding-timeline' ? null : host.querySelector(':scope > svg');
    const all = (sel: string) => (svg ? Array.from(svg.querySelectorAll(sel)).map((e) => (e.textContent ?? '').trim()) : []);
    const words = (t: string) => t.replace(/\s+/g, ' ').trim();
    return {
      // The title with its legend keys (loss — and α - -), without the buttons.
      title: words(Array.from(caption.childNodes).map((n) => (n instanceof Element && n.matches('button, .plot-export') ? '' : n.textContent)).join('')),
      caption: (document.querySelector(`[data-testid="caption-${plot}"]`)?.textContent ?? '').trim(),
      ticks: all('.tick text').filter(Boolean),
      legend: all('.legend text'),
    };
  }, id);
}

/** The SVG file opened on its own (no page, no style sheet) draws the plot: not blank, no black-filled curves. */
async function expectStandalone(page: Page, viewer: Page, path: string, body: Buffer, svg: { width: number; height: number }, id: string): Promise<void> {
  await writeFile(path, body);
  await viewer.setViewportSize({ width: Math.ceil(svg.width), height: Math.ceil(svg.height) });
  await viewer.goto(pathToFileURL(path).href);
  const shot = await pixelStats(page, await viewer.screenshot());
  expect(shot.colours, `${id}: standalone SVG is not blank`).toBeGreaterThan(20);
  expect(shot.unlike).toBeGreaterThan(0.01);
  expect(shot.black, `${id}: styles hold without the page (no black-filled curves)`).toBeLessThan(0.05);
}

/** The view's PNG download: a PNG at twice the SVG's size, not one colour, not black-filled. */
async function expectPng(page: Page, id: string, step: number, svg: { width: number; height: number }): Promise<void> {
  const png = await download(page, `export-${id}-png`);
  expect(png.name).toBe(`metric-playground-${id}-step${step}.png`);
  expect(png.body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect([png.body.readUInt32BE(16), png.body.readUInt32BE(20)]).toEqual([Math.round(2 * svg.width), Math.round(2 * svg.height)]);
  const pixels = await pixelStats(page, png.body);
  expect(pixels.colours, `${id}: PNG is not a single colour`).toBeGreaterThan(20);
  expect(pixels.unlike).toBeGreaterThan(0.01);
  expect(pixels.black).toBeLessThan(0.05);
}

test('every view saves as a standalone SVG and a PNG; the metrics save as CSV and JSON', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  await openApp(page, HASH, 'wasm');
  await page.getByTestId('intro-close').click();
  // A view with nothing drawn has nothing to save (no empty frames, no broken files): no run recorded yet.
  await expect(page.getByTestId('export-opis-scatter-svg')).toBeDisabled();
  await expect(page.getByTestId('export-opis-scatter-png')).toBeDisabled();

  await page.getByTestId('play').click();
  await expect(page.getByTestId('step')).toHaveText('60', { timeout: 120_000 });
  // Evaluated at steps 0, 10, …, 60.
  await expect.poll(() => page.evaluate(() => window.playground.store.getState().evalSeries.step.at(-1)), { timeout: 60_000 }).toBe(60);
  await expect(page.getByTestId('run-state')).not.toHaveText('training');
  await page.getByTestId('record-run').click();

  // The metrics: CSV rows = evaluated steps, values as in the store; JSON with the configuration and the link.
  const store = await page.evaluate(() => {
    const s = window.playground.store.getState();
    return { steps: [...s.evalSeries.step], ap: [...s.evalSeries.ap], config: { ...s.config }, evalStep: s.evaluation?.step, plane: s.snapshot?.plane?.labels.length ?? 0 };
  });
  const csv = await download(page, 'export-metrics-csv');
  expect(csv.name).toMatch(/^metric-playground-metrics-step60\.csv$/);
  const lines = csv.body.toString('utf8').trimEnd().split('\n');
  expect(lines[0]).toBe(METRIC_COLUMNS.join(','));
  expect(lines).toHaveLength(1 + store.steps.length);
  const rows = lines.slice(1).map((l) => l.split(','));
  expect(rows.map((r) => Number(r[0]))).toEqual(store.steps);
  expect(rows.map((r) => Number(r[METRIC_COLUMNS.indexOf('ap')]))).toEqual(store.ap); // unrounded
  for (const r of rows) expect(Number(r[METRIC_COLUMNS.indexOf('accuracy')])).toBeGreaterThan(0); // evalEvery = metricsEvery: every row has one
  const json = JSON.parse((await download(page, 'export-metrics-json')).body.toString('utf8'));
  expect(json.config).toEqual(store.config);
  expect(json.link).toContain('data=blobs');
  expect(json.steps.map((r: { step: number }) => r.step)).toEqual(store.steps);
  expect(json.final.step).toBe(store.evalStep);
  expect(json.final.recall.length).toBeGreaterThan(0);

  // Its own context (a window of its own): a second tab would hide the app's tab, whose frames then stall.
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  for (const id of PLOT_IDS) {
    await test.step(id, async () => {
      await expect(page.getByTestId(`export-${id}-svg`), `${id} has data, so it can be saved`).toBeEnabled();
      const shown = await shownTexts(page, id);
      const file = await download(page, `export-${id}-svg`);
      expect(file.name).toBe(`metric-playground-${id}-step60.svg`);
      const svg = await readSvg(page, file.body.toString('utf8'));
      expect(svg.error, 'parses as XML').toBe(false);
      expect(svg.ns).toBe('http://www.w3.org/2000/svg');
      expect(svg.styleSheets + svg.foreign, 'no style sheet: styles are inline').toBe(0);
      expect(svg.width).toBeGreaterThan(200);
      expect(svg.desc).toContain('data=blobs');
      const texts = svg.texts.join(' ').replace(/\s+/g, ' '); // wrapped lines read as one text
      expect(texts).toContain(shown.title);
      expect(texts).toContain(shown.caption.split(' ').slice(0, 4).join(' '));
      for (const t of [...shown.ticks, ...shown.legend]) expect(svg.texts, `${id}: "${t}"`).toContain(t);
      if (id === 'embedding-plot') {
        const n = Number(await page.getByTestId('embedding-plot').getAttribute('data-points'));
        expect(svg.points, 'the canvas points are in the file').toBe(n);
      }
      if (id === 'input-plane') {
        expect(svg.points).toBe(store.plane);
        expect(svg.images, 'the class map under the points').toBe(1);
        expect(texts).toContain('class 0');
      }
      if (id === 'embedding-timeline') {
        expect(texts).toContain('step 0');
        expect(texts).toContain('step 60');
        expect(svg.points).toBeGreaterThan(0);
      }
      if (id !== 'input-plane' && id !== 'embedding-timeline') expect(shown.ticks.length, `${id} has axes on the page`).toBeGreaterThan(4);

      await expectStandalone(page, viewer, testInfo.outputPath(`${id}.svg`), file.body, svg, id);
      await expectPng(page, id, 60, svg);
    });
  }
  await viewerContext.close();

  // The exports follow the colour scheme in force, with its CSS variables resolved into the file.
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await readSvg(page, (await download(page, 'export-loss-plot-svg')).body.toString('utf8'));
  expect(dark.background).toBe('rgb(30, 34, 39)'); // --panel in the dark scheme
  expect(dark.lossStroke).toBe('stroke:rgb(122, 167, 240)'); // --accent in the dark scheme, not var(--accent)
});

// The comparison view's three overlays (A and B in two colours) save like every view: a link with B
// (α = 4 against A's default), both evaluated every 10 steps up to step 30.
test('the comparison overlays save as SVG and PNG, naming both runs, with the legend in A and B colours', async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  await openApp(page, '#backend=wasm&data=blobs&classes=4&evalEvery=10&metricsEvery=10&steps=30&b=1&b.alpha=4', 'wasm');
  await page.getByTestId('intro-close').click();
  await expect(page.getByTestId('compare')).toBeVisible();
  // No step yet, no loss to draw (the step-0 evaluation already gives the other two a curve).
  await expect(page.getByTestId('export-compare-loss-svg')).toBeDisabled();
  await expect(page.getByTestId('export-compare-loss-png')).toBeDisabled();

  await page.getByTestId('play').click();
  const runs = () =>
    page.evaluate(() => {
      const c = window.playground.controller;
      return [c.store.getState(), c.compare!.store.getState()].map((s) => ({ step: s.step, evaluated: s.evalSeries.step.at(-1), config: { ...s.config } }));
    });
  await expect.poll(async () => (await runs()).map((r) => [r.step, r.evaluated]), { timeout: 60_000 }).toEqual([[30, 30], [30, 30]]);
  await expect(page.getByTestId('run-state')).not.toHaveText('training');
  const [a, b] = await runs();
  const colours = { 'run-a': 'rgb(0, 119, 187)', 'run-b': 'rgb(216, 99, 26)' }; // .run-a / .run-b in styles.css

  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  for (const [id, title, series] of [
    ['compare-loss', 'Training loss', 2],
    ['compare-metrics', 'PR-AUC and OPIS over training', 4],
    ['compare-pr', 'Precision–recall over all pairs', 2],
  ] as const) {
    await test.step(id, async () => {
      await expect(page.getByTestId(`export-${id}-svg`)).toBeEnabled();
      const shown = await shownTexts(page, id);
      expect(shown.title).toBe(title);
      expect(shown.ticks.length, `${id} has axes on the page`).toBeGreaterThan(4);
      expect(shown.legend).toHaveLength(series);
      const file = await download(page, `export-${id}-svg`);
      expect(file.name).toBe(`metric-playground-${id}-step30.svg`);
      const svg = await readSvg(page, file.body.toString('utf8'));
      expect(svg.error, 'parses as XML').toBe(false);
      expect(svg.styleSheets + svg.foreign, 'no style sheet: styles are inline').toBe(0);
      expect(svg.desc).toContain('b.alpha=4');
      // The title names what was compared: both runs, each on a line, as a single view's run line would.
      expect(svg.texts.slice(0, 3)).toEqual([title, `A: ${runLabel(a.config as Config, 30)}`, `B: ${runLabel(b.config as Config, 30)}`]);
      expect(runLabel(a.config as Config, 30)).not.toBe(runLabel(b.config as Config, 30));
      for (const t of [...shown.ticks, ...shown.legend]) expect(svg.texts, `${id}: "${t}"`).toContain(t);
      // Both runs' lines, in their colours as literal values (not classes), OPIS dashed.
      expect(svg.compareLines).toHaveLength(series);
      for (const line of svg.compareLines) {
        const run = line.cls.includes('run-a') ? 'run-a' : 'run-b';
        expect(line.stroke, `${id}: ${line.cls}`).toBe(colours[run]);
        expect(line.dashed, `${id}: ${line.cls}`).toBe(line.cls.includes('dashed'));
      }
      expect(new Set(svg.compareLines.map((l) => l.stroke))).toEqual(new Set(Object.values(colours)));
      expect(svg.swatchFills, 'legend keys in the run colours').toEqual(Array.from({ length: series }, (_, i) => colours[i % 2 ? 'run-b' : 'run-a']));

      await expectStandalone(page, viewer, testInfo.outputPath(`${id}.svg`), file.body, svg, id);
      await expectPng(page, id, 30, svg);
    });
  }
  await viewerContext.close();

  // Lecture mode shows no controls inside the views: these buttons neither.
  await page.getByTestId('lecture-mode').click();
  await expect(page.getByTestId('compare-loss')).toBeVisible();
  await expect(page.locator('[data-testid^="export-compare-"]:visible')).toHaveCount(0);
});
