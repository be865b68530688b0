/**
 * Labels are text everywhere: a set of one's own whose labels (and file names) carry
 * bidi and control characters, chosen in the panel as a person does, is drawn with those
 * characters as code points (U+202E), as the notices show them — "\u202Eexe.txt" reads
 * "U+202Eexe.txt", never "txt.exe" — in every own-embedding view (the legend, the threshold tool's
 * table, tooltips, the A | B table) and in the views' SVG exports; ordinary text ("é", "数字", an
 * emoji) is untouched.
 */
import { test, expect, type Page } from '@playwright/test';
import { download, openApp } from './helpers';
import { Rng } from '../src/data/rng';

const HASH = '#backend=wasm&data=blobs&steps=0&metricsEvery=0';
const NAMES = ['\u202Eexe.txt', 'é', '数字', '🐱', '\u2066iso\u2069'];
/** Every control or bidi character that must not reach a drawn text raw (tab and line ends aside: the markup's own whitespace). */
const RAW_G = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
/** The raw characters of `text`, as code points (an empty list when there are none). */
const raws = (text: string) => Array.from(text.matchAll(RAW_G), (m) => `${m[0].codePointAt(0)!.toString(16)} in “${text.slice(Math.max(0, m.index - 30), m.index + 30)}”`);

/** A blob set of `n` items in 6-D as the Projector's vectors.tsv and metadata.tsv (header: the class column's name, itself with an override). */
function files(seed: number, n: number, noise: number) {
  const r = new Rng(seed);
  const d = 6;
  const centres = NAMES.map(() => Array.from({ length: d }, () => r.normal()));
  const rows = Array.from({ length: n }, (_, i) => centres[i % NAMES.length].map((c) => (c + noise * r.normal()).toFixed(5)).join('\t'));
  const meta = ['name\u202E\tsplit', ...Array.from({ length: n }, (_, i) => `${NAMES[i % NAMES.length]}\t${i % 2 ? 'a' : 'b'}`)];
  return {
    vectors: { name: `v\u202Evst.tsv`, mimeType: 'text/tab-separated-values', buffer: Buffer.from(rows.join('\n') + '\n') },
    labels: { name: 'metadata.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(meta.join('\n') + '\n') },
  };
}

/**
 * The text a person can see or hear of `selector`: its text and its attributes (titles, labels) —
 * but an option's value, which is data handed back to the parser (the labels column as the file spells it), never shown.
 */
function shown(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const parts: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      parts.push(root.textContent ?? '');
      for (const el of root.querySelectorAll('*')) {
        for (const a of Array.from(el.attributes)) if (!(el.tagName === 'OPTION' && a.name === 'value')) parts.push(a.value);
      }
    }
    return parts.join('\n');
  }, selector);
}

test('bidi and control characters in labels and file names are shown as code points in every view and export of a set of one’s own', async ({ page }) => {
  await openApp(page, HASH);
  if (await page.getByTestId('intro-close').isVisible()) await page.getByTestId('intro-close').click();
  await page.getByTestId('own-embeddings-open').click();
  const a = files(3, 200, 0.8);
  await page.getByTestId('own-embeddings-vectors').setInputFiles(a.vectors);
  await page.getByTestId('own-embeddings-labels').setInputFiles(a.labels);
  await expect(page.getByTestId('own-views')).toBeVisible();
  await expect(page.getByTestId('threshold-table')).toHaveAttribute('data-rows', String(NAMES.length));

  // The legend of the embedding (cut at 12 characters), in the order of the labels as read (sorted by their
  // own characters: the data are unchanged), and the threshold tool's table.
  const legend = page.locator('[data-testid="embedding-plot"] .legend text');
  await expect(legend).toHaveText(['é', 'U+202Eexe.t…', 'U+2066isoU+…', '数字', '🐱']);
  const classes = await page.locator('[data-testid="threshold-table"] tbody th').allTextContents();
  expect(classes.sort()).toEqual(['U+202Eexe.txt', 'U+2066isoU+2069', 'é', '数字', '🐱'].sort());
  // The per-class utility curves' and the threshold chart's tooltips.
  await expect(page.locator('[data-testid="utility-curves"] title').filter({ hasText: 'class U+202Eexe.txt:' })).toHaveCount(1);
  await expect(page.locator('[data-testid="threshold-tool"] svg title').filter({ hasText: 'class U+202Eexe.txt:' })).toHaveCount(1);
  // The set's file name and its labels column, in the panel and the views' heading.
  await expect(page.getByTestId('own-embeddings-set')).toContainText('vU+202Evst.tsv + metadata.tsv (200 items, d = 6, 5 classes)');
  await expect(page.getByTestId('own-views').locator('h2').first()).toContainText('vU+202Evst.tsv');
  await expect(page.getByTestId('own-embeddings-column').locator('option').first()).toHaveText('nameU+202E');

  // Set B beside it: the A | B table and its heading.
  await page.getByTestId('own-embeddings-slot').selectOption('B');
  const b = files(4, 150, 1.4);
  await page.getByTestId('own-embeddings-vectors').setInputFiles(b.vectors);
  await page.getByTestId('own-embeddings-labels').setInputFiles(b.labels);
  await expect(page.getByTestId('compare-table')).toHaveAttribute('data-filled', 'true');
  await expect(page.getByTestId('own-compare')).toContainText('B: vU+202Evst.tsv');

  // No raw character anywhere in the own-embedding views or the panel, text or attributes.
  const text = await shown(page, '[data-testid="own-views"], [data-testid="own-embeddings"]');
  expect(text).toContain('U+202Eexe.txt');
  expect(raws(text)).toEqual([]);

  // The views' SVG exports carry the labels as code points, never the characters.
  for (const [id, want] of [
    ['embedding-plot', '>U+202Eexe.t…<'],
    ['threshold-tool', 'U+202Eexe.txt'],
    ['utility-curves', 'U+202Eexe.txt'],
    ['pr-curve', 'vU+202Evst.tsv'],
  ] as const) {
    const svg = (await download(page, `export-${id}-svg`)).body.toString('utf8');
    expect(raws(svg), id).toEqual([]);
    expect(svg, id).toContain(want);
  }
});
