/**
 * "Evaluate your own embeddings", driven as a person does: the test writes a seeded blob
 * set as the Embedding Projector's vectors.tsv + metadata.tsv (and as .npy files), picks or drops
 * them in the panel, and reads the tiles — which must equal, exactly, what `metric-playground
 * evaluate` computes in Node on the same files. Bad files are refused with their reason while the
 * set shown stays; the set comes back after a reload until cleared; a set B is compared with A; the
 * app's own Projector export loads back.
 */
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, trainFor } from './helpers';
import { blobs, cliEvaluate, dir, expectTiles, idle, openPanel, pick, writeProjector } from './ownSets';

// A light training run beside it (the toy set loads in a moment); the own set is independent of it.
const HASH = '#backend=wasm&data=blobs&steps=0&metricsEvery=0';

/** An .npy file as np.save writes it: `descr` ('<f4', '<i4', …), C or Fortran order. */
function npy(values: number[], shape: number[], descr = '<f4', fortran = false): Buffer {
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': ${fortran ? 'True' : 'False'}, 'shape': ${shapeText}, }`;
  header += ' '.repeat((64 - ((10 + header.length + 1) % 64)) % 64) + '\n';
  const size = Number(descr.slice(2));
  const body = Buffer.alloc(values.length * size);
  values.forEach((v, i) => (descr === '<i4' ? body.writeInt32LE(v, 4 * i) : size === 8 ? body.writeDoubleLE(v, 8 * i) : body.writeFloatLE(v, 4 * i)));
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head.writeUInt16LE(header.length, 8);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), body]);
}

/** axe finds nothing serious with the panel open and the set's views shown. */
async function expectAxeClean(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

test('Projector TSVs picked in the panel: every view, tiles equal to the CLI’s; a column, set B, a reload and Clear', async ({ page }) => {
  const a = writeProjector('a', blobs(7, 300, 8, 0.9));
  const b = writeProjector('b', blobs(7, 300, 8, 1.6));
  const [cliA, cliB] = [cliEvaluate(a.vectors, a.metadata, 'a'), cliEvaluate(b.vectors, b.metadata, 'b')];
  await openApp(page, HASH);
  await openPanel(page);
  // The progress bar's stages, as they were shown.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __ownStages: string[] }).__ownStages = seen;
    const bar = document.querySelector('[data-testid="own-embeddings-progress"]') as HTMLElement;
    new MutationObserver(() => bar.dataset.stage && seen.at(-1) !== bar.dataset.stage && seen.push(bar.dataset.stage)).observe(bar, { attributes: true });
  });
  await pick(page, a.vectors, a.metadata);
  expect(await page.evaluate(() => (window as unknown as { __ownStages: string[] }).__ownStages)).toEqual(['reading', 'parsing', 'evaluating']);
  const mA = await cliA;
  expect(mA).toMatchObject({ items: 300, path: 'exact' });

  // The set's views replace the training run's; every evaluation view is filled, the tiles once.
  await expect(page.getByTestId('view-source')).toHaveAttribute('data-source', 'own');
  await expect(page.getByTestId('own-views')).toBeVisible();
  await expect(page.getByTestId('embedding-plot')).toHaveAttribute('data-points', '300');
  await expect(page.getByTestId('pr-curve')).not.toHaveAttribute('data-points', '0');
  for (const id of ['score-distribution', 'utility-curves', 'distance-histogram', 'threshold-tool']) await expect(page.getByTestId(id)).toBeVisible();
  for (const id of ['loss-plot', 'metrics-over-steps', 'input-plane', 'gradient-vs-alpha', 'embedding-timeline', 'evaluate-all']) await expect(page.getByTestId(id)).toHaveCount(0);
  await expect(page.getByTestId('metric-pr-auc')).toHaveCount(1);
  await expect(page.getByTestId('eval-scope')).toContainText('your embeddings · all 300 items · exact');
  await expect(page.getByTestId('own-embeddings-set')).toContainText('a-vectors.tsv + a-metadata.tsv (300 items, d = 8, 5 classes)');
  await expect(page.getByTestId('own-embeddings-time')).toContainText(/Evaluated \(exact.*\) in \d/);
  await expectTiles(page, mA);
  await expect(page.locator('[data-testid="embedding-plot"] .legend text').first()).toHaveText('ant');
  // The captions speak of the set, not of the run training behind it: its own d, and no class weights.
  await expect(page.getByTestId('caption-embedding-plot')).toHaveText("The evaluation items' 8-D embeddings seen through their top two principal components (PCA), coloured by class.");
  // A view of the set saves like a run's, naming the set.
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-pr-curve-svg').click()]);
  const saved = readFileSync((await svg.path())!, 'utf8');
  // The title band names the set (wrapped onto two lines).
  expect(saved).toContain('>Metric Playground · your embeddings: a-vectors.tsv + a-metadata.tsv<');
  expect(saved).toContain('>(300 items, d = 8, 5 classes)<');
  // Named as the set it is, not as a training run (a set has no loss, step or split).
  expect(saved).not.toMatch(/contrastive|step 0/i);

  await expectAxeClean(page);

  // Another labels column: two classes (train/test), other numbers; and back.
  await expect(page.getByTestId('own-embeddings-column')).toHaveValue('label');
  await page.getByTestId('own-embeddings-column').selectOption('split');
  await expect(page.getByTestId('own-embeddings-set')).toContainText('2 classes');
  await page.getByTestId('own-embeddings-column').selectOption('label');
  await expect(page.getByTestId('own-embeddings-set')).toContainText('5 classes');
  await expectTiles(page, mA);

  // The training run's views are one click away, and back.
  await page.getByTestId('view-source-run').click();
  await expect(page.getByTestId('own-views')).toHaveCount(0);
  await expect(page.getByTestId('loss-plot')).toBeVisible();
  await page.getByTestId('view-source-own').click();
  await expectTiles(page, mA);

  // Set B (noisier: "before fine-tuning") against A: the table A | B | Δ and both PR curves.
  await page.getByTestId('own-embeddings-slot').selectOption('B');
  await pick(page, b.vectors, b.metadata);
  const mB = await cliB;
  await expect(page.getByTestId('own-compare')).toBeVisible();
  await expect(page.getByTestId('compare-table')).toHaveAttribute('data-filled', 'true');
  await expect(page.getByTestId('compare-ap-a')).toHaveText(mA.prAuc.toFixed(4));
  await expect(page.getByTestId('compare-ap-b')).toHaveText(mB.prAuc.toFixed(4));
  await expect(page.getByTestId('compare-ap-delta')).toContainText(mB.prAuc < mA.prAuc ? 'worse' : 'better');
  await expect(page.getByTestId('own-compare-pr').locator('path.compare-line')).toHaveCount(2);
  // Verification rows: TAR at FAR 1e-4, 1e-3, 1e-2, and the threshold each set needs for that FAR
  // (no better side, so no verdict); at 1e-2 both equal the CLI's numbers.
  const cell = (v: number) => (Math.abs(v) >= 0.01 || v === 0 ? v.toFixed(4) : v.toPrecision(3));
  for (const far of ['0.0001', '0.001', '0.01']) {
    await expect(page.getByTestId(`compare-tar-${far}-a`)).toHaveText(/^\d\.\d+$/);
    await expect(page.getByTestId(`compare-threshold-${far}-delta`)).toHaveAttribute('data-verdict', 'none');
  }
  await expect(page.getByTestId('compare-tar-0.01-a')).toHaveText(cell(mA.threshold['0.01'].tar));
  await expect(page.getByTestId('compare-tar-0.01-b')).toHaveText(cell(mB.threshold['0.01'].tar));
  await expect(page.getByTestId('compare-threshold-0.01-a')).toHaveText(cell(mA.threshold['0.01'].cosine));
  await expect(page.getByTestId('compare-threshold-0.01-b')).toHaveText(cell(mB.threshold['0.01'].cosine));
  await expectTiles(page, mA);
  await expect(page.getByTestId('own-embeddings-remembered-b')).toHaveText(/^Remembered/);

  // A reload brings both sets back (with a notice), evaluated to the same numbers.
  await page.reload();
  await expect(page.getByTestId('notice').filter({ hasText: 'from your last visit are back as set A' })).toBeVisible();
  await page.getByTestId('view-source-own').click();
  await expectTiles(page, mA);
  await expect(page.getByTestId('compare-ap-b')).toHaveText(mB.prAuc.toFixed(4));

  // Clear forgets them, here and after a reload.
  await openPanel(page);
  await page.getByTestId('own-embeddings-clear').click();
  await expect(page.getByTestId('view-source')).toHaveCount(0);
  await expect(page.getByTestId('loss-plot')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('play')).toBeEnabled();
  await page.waitForTimeout(500);
  await expect(page.getByTestId('view-source')).toHaveCount(0);
  await expect(page.getByTestId('own-embeddings-set')).toHaveCount(0);
});

test('an .npy pair dropped at once; every bad file refused with its reason, the set shown stays; the app’s own export loads back', async ({ page }) => {
  const set = blobs(11, 200, 6, 1.0);
  const values = set.rows.flat().map(Number);
  const vectorsNpy = join(dir, 'x-vectors.npy');
  const labelsNpy = join(dir, 'x-labels.npy');
  writeFileSync(vectorsNpy, npy(values, [200, 6]));
  writeFileSync(labelsNpy, npy(set.labels, [200], '<i4'));
  const cli = cliEvaluate(vectorsNpy, labelsNpy, 'npy');
  await page.emulateMedia({ colorScheme: 'dark' });
  await openApp(page, HASH);
  await openPanel(page);

  // Dropped together, labels first and under names that say nothing: the content tells which is which.
  const dropped = [
    { name: 'first.npy', bytes: readFileSync(labelsNpy).toString('base64') },
    { name: 'second.npy', bytes: readFileSync(vectorsNpy).toString('base64') },
  ];
  const dataTransfer = await page.evaluateHandle((files) => {
    const dt = new DataTransfer();
    for (const f of files) dt.items.add(new File([Uint8Array.from(atob(f.bytes), (c) => c.charCodeAt(0))], f.name));
    return dt;
  }, dropped);
  await page.getByTestId('own-embeddings-drop').dispatchEvent('drop', { dataTransfer });
  await idle(page);
  await expect(page.getByTestId('own-embeddings-set')).toContainText('second.npy + first.npy (200 items, d = 6, 5 classes)');
  const m = await cli;
  await expectTiles(page, m);
  await expectAxeClean(page);

  // Each bad input: its message in the panel and as a notice; the set shown and its numbers stay.
  const tsv = (rows: string[]) => Buffer.from(rows.join('\n') + '\n');
  const good = tsv(set.rows.slice(0, 4).map((r) => r.join('\t')));
  const goodLabels = tsv(['ant', 'bee', 'ant', 'bee']);
  const cases: { what: string; vectors: Buffer; labels?: Buffer; vname?: string; code: string; says: RegExp }[] = [
    { what: 'different row counts', vectors: good, labels: tsv(['ant', 'bee', 'ant']), code: 'row-count', says: /4 rows but .* 3 labels/ },
    { what: 'a ragged row', vectors: tsv(['1\t2\t3', '4\t5\t6', '7\t8', '1\t1\t1']), code: 'ragged', says: /line 3/ },
    { what: 'not a number', vectors: tsv(['1\t2', '3\tabc', '5\t6', '7\t8']), code: 'not-a-number', says: /abc/ },
    { what: 'NaN and Infinity rows', vectors: tsv(['1\t2', 'NaN\t1', '5\t6', '7\tInfinity']), code: 'non-finite', says: /lines 2, 4/ },
    { what: 'a single class', vectors: good, labels: tsv(['ant', 'ant', 'ant', 'ant']), code: 'single-class', says: /same label, “ant”/ },
    { what: 'too large (d over 1,024)', vectors: tsv(Array.from({ length: 4 }, () => Array(1025).fill('0.5').join('\t'))), code: 'too-large', says: /more than 1,024 values/ },
    { what: 'an .npy of integers', vectors: npy([1, 2, 3, 4, 5, 6, 7, 8], [4, 2], '<i4'), vname: 'e.npy', code: 'dtype', says: /float32 or float64/ },
    { what: 'an .npy in Fortran order', vectors: npy([1, 2, 3, 4, 5, 6, 7, 8], [4, 2], '<f4', true), vname: 'e.npy', code: 'order', says: /Fortran/ },
    { what: 'an empty file', vectors: Buffer.alloc(0), code: 'empty', says: /empty/ },
  ];
  for (const c of cases) {
    await pick(page, { name: c.vname ?? 'bad.tsv', buffer: c.vectors }, { name: 'labels.tsv', buffer: c.labels ?? goodLabels });
    await expect(page.getByTestId('own-embeddings-error'), c.what).toHaveAttribute('data-code', c.code);
    await expect(page.getByTestId('own-embeddings-error'), c.what).toHaveText(c.says);
    await expect(page.getByTestId('notice').filter({ hasText: 'Your embeddings were not loaded' }).last(), c.what).toContainText(c.says);
    await expect(page.getByTestId('own-embeddings-set'), c.what).toHaveAttribute('data-items', '200');
    await expect(page.getByTestId('metric-pr-auc'), c.what).toHaveText(m.prAuc.toFixed(4));
  }

  // The app's own Projector export of the training run (two clicks, two downloads) loads back.
  await page.getByTestId('view-source-run').click();
  const run = await trainFor(page, 5);
  const save = async (testId: string) => {
    const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
    const path = join(dir, d.suggestedFilename());
    await d.saveAs(path);
    return path;
  };
  const vectors = await save('export-embeddings-tsv');
  const metadata = await save('export-embeddings-metadata');
  const evalSize = await page.evaluate(() => window.playground.store.getState().dataset?.evalSize);
  await pick(page, vectors, metadata);
  await expect(page.getByTestId('own-embeddings-error')).toHaveCount(0);
  await expect(page.getByTestId('own-embeddings-set')).toHaveAttribute('data-items', String(evalSize));
  await expect(page.getByTestId('own-embeddings-set')).toHaveAttribute('data-dim', String(run.config.dim));
  await expect(page.getByTestId('view-source')).toHaveAttribute('data-source', 'own');
  await expect(page.getByTestId('metric-pr-auc')).toHaveText(/^0\.\d{4}$|^1\.0000$/);
});

test('without IndexedDB a set is evaluated and shown, and "not remembered" says why in words', async ({ page }) => {
  // Private browsing or a sandboxed frame: the page gets no IndexedDB at all.
  await page.addInitScript(() => Object.defineProperty(window, 'indexedDB', { get: () => undefined, configurable: true }));
  const a = writeProjector('no-idb', blobs(3, 120, 4, 0.9));
  await openApp(page, HASH);
  await openPanel(page);
  await pick(page, a.vectors, a.metadata);
  await expect(page.getByTestId('own-views')).toBeVisible();
  const remembered = page.getByTestId('own-embeddings-remembered');
  await expect(remembered).toHaveText(/^Not remembered: .*gives the page no storage \(IndexedDB is off/i);
  await expect(remembered).not.toHaveText(/TypeError|undefined|Cannot read/);
});
