/**
 * A set with more classes than colours ("Remembered means remembered"): 50 classes, picked
 * in "Evaluate your own embeddings" as a person does. The ten largest classes get the palette's ten
 * colours and the other 40 one grey, beneath them; the legend lists the ten and "40 other classes",
 * and stands beside the points, never over them — on the page (the canvas's painted pixels) and in
 * the view's SVG export (the file's circles).
 */
import { test, expect, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { download, openApp } from './helpers';
import { Rng } from '../src/data/rng';
import { CLASS_COLOURS, OTHER_COLOUR } from '../src/charts/kit/palette';

const HASH = '#backend=wasm&data=blobs&steps=0&metricsEvery=0';
const C = 50;
const NAMES = Array.from({ length: C }, (_, c) => `class-${String(c).padStart(2, '0')}`);
/** Every fifth class (2, 7, …, 47) holds 24 items, the others 8: the ten largest are not the first ten. */
const SIZES = NAMES.map((_, c) => (c % 5 === 2 ? 24 : 8));
const LARGEST = NAMES.filter((_, c) => c % 5 === 2);

/** The set as the Projector's vectors.tsv and metadata.tsv: a Gaussian blob a class in 8-D, the classes interleaved. */
function files() {
  const r = new Rng(11);
  const d = 8;
  const centres = NAMES.map(() => Array.from({ length: d }, () => r.normal()));
  const rows: string[] = [];
  const meta = ['label\tsplit'];
  for (let k = 0; k < Math.max(...SIZES); k++)
    SIZES.forEach((size, c) => {
      if (k >= size) return;
      rows.push(centres[c].map((v) => (v + 0.25 * r.normal()).toFixed(5)).join('\t'));
      meta.push(`${NAMES[c]}\t${k % 2 ? 'a' : 'b'}`);
    });
  return {
    n: rows.length,
    vectors: { name: 'many-vectors.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(rows.join('\n') + '\n') },
    labels: { name: 'many-metadata.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(meta.join('\n') + '\n') },
  };
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * On the page: the box of the points as painted (the canvas's non-transparent pixels, in CSS px),
 * the plotted square (the axes' domain lines), the legend's box and its texts' boxes, the SVG's box,
 * and how many painted pixels are the grey (any opacity).
 */
function pageGeometry(page: Page) {
  return page.evaluate((grey) => {
    const host = document.querySelector('[data-testid="embedding-plot"]')!;
    const canvas = host.querySelector('canvas')!;
    const img = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const [gr, gg, gb] = [1, 3, 5].map((i) => parseInt(grey.slice(i, i + 2), 16));
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    let greyPixels = 0;
    let painted = 0;
    for (let y = 0; y < img.height; y++)
      for (let x = 0; x < img.width; x++) {
        const p = 4 * (y * img.width + x);
        if (img.data[p + 3] === 0) continue;
        painted++;
        if (Math.abs(img.data[p] - gr) <= 2 && Math.abs(img.data[p + 1] - gg) <= 2 && Math.abs(img.data[p + 2] - gb) <= 2) greyPixels++;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
    const c = canvas.getBoundingClientRect();
    const sx = c.width / img.width;
    const sy = c.height / img.height;
    const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const xDomain = host.querySelector('.x-axis .domain')!.getBoundingClientRect();
    const yDomain = host.querySelector('.y-axis .domain')!.getBoundingClientRect();
    return {
      points: { left: c.left + x0 * sx, top: c.top + y0 * sy, right: c.left + x1 * sx, bottom: c.top + y1 * sy },
      plot: { left: xDomain.left, right: xDomain.right, top: yDomain.top, bottom: yDomain.bottom },
      legend: box(host.querySelector('.legend')!.getBoundingClientRect()),
      legendTexts: Array.from(host.querySelectorAll('.legend text'), (t) => box(t.getBoundingClientRect())),
      svg: box(host.querySelector('.stack > svg')!.getBoundingClientRect()),
      painted,
      greyPixels,
    };
  }, OTHER_COLOUR);
}

test('50 classes: the ten largest coloured, the rest grey as "40 other classes", the legend beside the points on the page and in the SVG export', async ({ page }) => {
  await openApp(page, HASH);
  if (await page.getByTestId('intro-close').isVisible()) await page.getByTestId('intro-close').click();
  await page.getByTestId('own-embeddings-open').click();
  const set = files();
  await page.getByTestId('own-embeddings-vectors').setInputFiles(set.vectors);
  await page.getByTestId('own-embeddings-labels').setInputFiles(set.labels);
  await expect(page.getByTestId('own-embeddings-progress')).toHaveAttribute('data-state', 'idle');
  await expect(page.getByTestId('own-views')).toBeVisible();
  await expect(page.getByTestId('own-embeddings-set')).toContainText(`(${set.n} items, d = 8, ${C} classes)`);
  const plot = page.getByTestId('embedding-plot');
  await expect(plot).toHaveAttribute('data-points', String(set.n));

  // The legend: the ten largest classes (in the order of their names), then the grey entry for the rest.
  await expect(plot.locator('.legend .legend-row text')).toHaveText([...LARGEST, '40 other classes']);
  await expect(plot.locator('.legend .legend-note')).toHaveText('top 10 by size');
  await expect(plot.locator('.legend-more')).toHaveCount(0);
  const swatches = await plot.locator('.legend .legend-row rect').evaluateAll((rs) => rs.map((r) => r.getAttribute('fill')));
  expect(swatches).toEqual([...CLASS_COLOURS, OTHER_COLOUR]);
  await expect(plot.locator('.legend .legend-others title')).toContainText('40 classes drawn grey, beneath the 10 largest: class-00, class-01, class-03');

  await plot.locator('.stack').screenshot({ path: test.info().outputPath('many-classes.png') });
  // Beside the points, never over them: not over any painted pixel's box nor the plotted square, and inside the view.
  const g = await pageGeometry(page);
  expect(g.painted, 'the points are painted').toBeGreaterThan(500);
  expect(g.points.right - g.points.left, 'spread over the plot').toBeGreaterThan(100);
  expect(g.greyPixels, 'the other classes are drawn grey').toBeGreaterThan(0);
  for (const [what, box] of [['points as painted', g.points], ['plotted square', g.plot]] as const) {
    expect(overlaps(g.legend, box), `the legend ${JSON.stringify(g.legend)} is clear of the ${what} ${JSON.stringify(box)}`).toBe(false);
  }
  expect(g.legend.left).toBeGreaterThanOrEqual(g.plot.right);
  for (const t of g.legendTexts) expect(t.right, 'no legend text runs out of the view').toBeLessThanOrEqual(g.svg.right + 0.5);

  // The view's SVG export, opened on its own: the same legend, none of its text over the file's points.
  const file = await download(page, 'export-embedding-plot-svg');
  expect(file.name).toMatch(/\.svg$/);
  await writeFile(test.info().outputPath('embedding.svg'), file.body);
  const viewer = await page.context().newPage();
  await viewer.setContent(`<!doctype html><body style="margin:0">${file.body.toString('utf8').replace(/^<\?xml[^>]*>\s*/, '')}</body>`);
  await viewer.screenshot({ path: test.info().outputPath('embedding-svg.png'), fullPage: true });
  const saved = await viewer.evaluate(() => {
    const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const circles = Array.from(document.querySelectorAll('g.points circle'), (c) => c.getBoundingClientRect());
    return {
      circles: circles.length,
      points: {
        left: Math.min(...circles.map((r) => r.left)),
        top: Math.min(...circles.map((r) => r.top)),
        right: Math.max(...circles.map((r) => r.right)),
        bottom: Math.max(...circles.map((r) => r.bottom)),
      },
      rows: Array.from(document.querySelectorAll('.legend .legend-row text'), (t) => t.textContent),
      texts: Array.from(document.querySelectorAll('.legend text'), (t) => ({ text: t.textContent, ...box(t.getBoundingClientRect()) })),
      more: document.querySelectorAll('.legend-more').length,
      fills: Array.from(document.querySelectorAll('g.points circle'), (c) => getComputedStyle(c).fill),
    };
  });
  await viewer.close();
  expect(saved.circles, 'every point in the file').toBe(set.n);
  expect(saved.rows).toEqual([...LARGEST, '40 other classes']);
  expect(saved.more).toBe(0);
  // The file's points are coloured as the page's: ten colours and the grey, no colour cycling.
  expect(new Set(saved.fills).size, 'ten colours and one grey').toBe(11);
  expect(saved.fills.filter((f) => f === 'rgb(187, 187, 187)').length, 'the other classes grey in the file').toBeGreaterThan(0);
  for (const t of saved.texts) expect(overlaps(t, saved.points), `"${t.text}" ${JSON.stringify(t)} is clear of the points ${JSON.stringify(saved.points)}`).toBe(false);
});
