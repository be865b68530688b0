import { test, expect, type Page } from '@playwright/test';
import { download, openApp, readRun, stepTimes, trainFor } from './helpers';

// The run's files (issue: "Embeddings … vectors.tsv + metadata.tsv in the Embedding Projector's
// format"; "Model … model.json + weights .bin, and load it back"): a person clicks the buttons, the
// browser downloads two files each time (one per click), and the files hold the run. Toy blobs on wasm train in
// milliseconds; evalEvery=1 keeps the embedding view at the current step, to compare with the file.
const HASH = '#backend=wasm&data=blobs&steps=200&evalEvery=1&metricsEvery=0';

interface File {
  name: string;
  body: Buffer;
}

/**
 * An export's two files: the first on the button's click, the second on the button that then
 * offers it (Chromium downloads one file per click; a second one from the same click is held
 * behind a "download multiple files" prompt, which Playwright's download handling would hide).
 */
async function twoDownloads(page: Page, first: string, second: string): Promise<File[]> {
  const a = await download(page, first);
  return [a, await download(page, second)];
}

/** Exports the embeddings and parses both TSVs (rows of numbers; one label per line). */
async function exportEmbeddings(page: Page) {
  const [vectors, metadata] = await twoDownloads(page, 'export-embeddings-tsv', 'export-embeddings-metadata');
  expect(vectors.name).toMatch(/vectors-step\d+\.tsv$/);
  expect(metadata.name).toMatch(/metadata-step\d+\.tsv$/);
  const lines = (f: File) => f.body.toString('utf8').replace(/\n$/, '').split('\n');
  return { rows: lines(vectors).map((l) => l.split('\t').map(Number)), labels: lines(metadata), vectorsName: vectors.name };
}

/** What the page shows of the run: its step, link, evaluation set size, and the embedding view. */
const pageRun = (page: Page) =>
  page.evaluate(() => {
    const s = window.playground.store.getState();
    return {
      step: s.step,
      hash: window.location.hash,
      evalSize: s.dataset?.evalSize ?? -1,
      dim: s.config.dim,
      snapshot: s.snapshot && { step: s.snapshot.step, projection: s.snapshot.projection, points: Array.from(s.snapshot.points), labels: Array.from(s.snapshot.labels) },
    };
  });

test('embeddings export as Projector TSVs; a saved model loads back with the same embeddings and continues exactly', async ({ page }) => {
  await openApp(page, HASH);
  const trained = await trainFor(page, 30);
  // The view of the step the pause landed on comes from the metrics worker a moment later.
  await expect.poll(async () => (await pageRun(page)).snapshot?.step, { timeout: 10_000 }).toBe(trained.step);
  const before = await pageRun(page);

  // Embeddings: one row of `dim` finite numbers per evaluation item, l2-normalised, the view's
  // points (d = 2 is drawn on the circle as is); one label per line, the view's labels.
  const tsv = await exportEmbeddings(page);
  expect(tsv.vectorsName).toContain(`step${trained.step}`);
  expect(tsv.rows).toHaveLength(before.evalSize);
  expect(before.evalSize).toBeGreaterThan(100);
  for (const row of tsv.rows) {
    expect(row).toHaveLength(before.dim);
    expect(row.every(Number.isFinite)).toBe(true);
    expect(Math.hypot(...row)).toBeCloseTo(1, 5);
  }
  expect(tsv.labels).toEqual(before.snapshot!.labels.map(String));
  expect(before.snapshot!.projection).toBe('circle');
  tsv.rows.flat().forEach((x, i) => expect(Math.abs(x - before.snapshot!.points[i])).toBeLessThan(1e-6));

  // The model: model.json then its .weights.bin, named as the manifest says.
  const [json, bin] = await twoDownloads(page, 'export-model', 'export-model-weights');
  const model = JSON.parse(json.body.toString('utf8'));
  expect(json.name).toBe(`metric-playground-model-step${trained.step}.json`);
  expect(model.format).toBe('metric-playground-encoder');
  expect(model.modelTopology.step).toBe(trained.step);
  expect(model.weightsManifest[0].paths).toEqual([bin.name]);
  const floats = model.weightsManifest[0].weights.reduce((n: number, w: { shape: number[] }) => n + w.shape.reduce((a, b) => a * b, 1), 0);
  expect(bin.body.byteLength).toBe(4 * floats);

  // The original run goes on three steps: the reference the opened model must reproduce.
  const goneOn = (await stepTimes(page, 3)).loss.slice(trained.step);

  // Another page with another link, then open the two files: the saved link, step and embeddings come back.
  await page.goto('about:blank');
  await openApp(page, '#backend=wasm&data=blobs&steps=200&seed=7&dim=3');
  await page.getByTestId('load-model').setInputFiles([
    { name: json.name, mimeType: 'application/json', buffer: json.body },
    { name: bin.name, mimeType: 'application/octet-stream', buffer: bin.body },
  ]);
  await expect.poll(async () => (await pageRun(page)).hash).toBe(before.hash);
  await expect.poll(async () => (await pageRun(page)).snapshot?.step).toBe(trained.step);
  await expect(page.getByTestId('play')).toBeEnabled();
  expect((await pageRun(page)).step).toBe(trained.step);
  expect((await readRun(page)).running).toBe(false);
  await expect(page.getByTestId('notice').filter({ hasText: `Opened the saved model at step ${trained.step}` })).toBeVisible();
  const again = await exportEmbeddings(page);
  expect(again.rows).toHaveLength(tsv.rows.length);
  again.rows.flat().forEach((x, i) => expect(Math.abs(x - tsv.rows.flat()[i])).toBeLessThan(1e-6));

  // Training continues exactly (weights, Adam's state and the batch stream were restored), and Play goes on.
  const continued = await stepTimes(page, 3);
  expect(continued.loss).toEqual(goneOn);
  const played = await trainFor(page, trained.step + 10);
  expect(played.step).toBeGreaterThanOrEqual(trained.step + 10);
});

test('a foreign or broken model file gets an error notice and leaves the run as it was', async ({ page }) => {
  await openApp(page, HASH);
  await stepTimes(page, 4);
  const [json, bin] = await twoDownloads(page, 'export-model', 'export-model-weights');
  const run = await readRun(page);
  const { hash } = await pageRun(page);
  const model = JSON.parse(json.body.toString('utf8'));
  const withLink = (link: string) => Buffer.from(JSON.stringify({ ...model, modelTopology: { ...model.modelTopology, link } }));
  const layersModel = { format: 'layers-model', generatedBy: 'keras v2.15.0', convertedBy: 'TensorFlow.js Converter v4.22.0', modelTopology: { class_name: 'Sequential', config: {} }, weightsManifest: [{ paths: ['group1-shard1of1.bin'], weights: [{ name: 'dense/kernel', shape: [2, 2], dtype: 'float32' }] }] };
  const cases: [string, File[], RegExp][] = [
    ['a random JSON', [{ name: 'model.json', body: Buffer.from('{"hello": [1, 2, 3]}') }], /not a model file of this playground/],
    ['a Keras layers-model', [{ name: 'model.json', body: Buffer.from(JSON.stringify(layersModel)) }, { name: 'group1-shard1of1.bin', body: Buffer.alloc(16) }], /another kind \(format “layers-model”\)/],
    ['a .bin alone', [bin], /A \.bin alone cannot be opened/],
    ['a missing .bin', [json], /weights file “.*\.weights\.bin” is missing/],
    ['a truncated .bin', [json, { name: bin.name, body: bin.body.subarray(0, bin.body.byteLength - 40) }], /is truncated or belongs to another model/],
    // The file itself is sound but its link builds another model (4 classes, not 5): found only after the build.
    ['weights of another model', [{ name: json.name, body: withLink(model.modelTopology.link + '&classes=4') }, bin], /does not fit the model its configuration builds/],
  ];
  for (const [what, files, message] of cases) {
    await page.getByTestId('load-model').setInputFiles(files.map((f) => ({ name: f.name, mimeType: 'application/octet-stream', buffer: f.body })));
    const notice = page.getByTestId('notice').filter({ hasText: message });
    await expect(notice, what).toBeVisible();
    await expect(notice, what).toHaveAttribute('data-level', 'error');
    await expect(page.getByTestId('play'), what).toBeEnabled();
    const now = await readRun(page);
    expect({ step: now.step, loss: now.loss, hash: (await pageRun(page)).hash }, what).toEqual({ step: run.step, loss: run.loss, hash });
  }
  // The run still trains from where it was, and saving while it trains does not stop it.
  expect((await stepTimes(page, 1)).step).toBe(run.step + 1);
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step).toBeGreaterThan(run.step + 3);
  expect((await download(page, 'export-embeddings-tsv')).name).toMatch(/vectors-step\d+\.tsv$/);
  const at = (await readRun(page)).step;
  await expect.poll(async () => (await readRun(page)).step).toBeGreaterThan(at + 5);
  expect((await readRun(page)).running).toBe(true);
});
