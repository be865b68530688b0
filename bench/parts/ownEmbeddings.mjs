// "Evaluate your own embeddings" at scale: how long the built app takes from the moment a
// person has picked both files (a Projector vectors.tsv + metadata.tsv, or a float32 .npy and the
// labels) to the views filled — the tiles showing numbers and every item drawn in the embedding view.
// Seeded Gaussian blobs, d = 64, 10 classes, 10,000 / 50,000 / 100,000 items by default.
//
// As a module: `measureOwnEmbeddings(browser, baseUrl, options)` (for bench/run.mjs).
// Alone, after `npm run build`: `node bench/parts/ownEmbeddings.mjs [--sizes 10000,50000]
// [--format tsv|npy] [--dim 64] [--classes 10] [--dist dist] [--port 4193]`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Seeded uniform numbers in [0, 1) (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An .npy (version 1.0, C order) of `values` as `descr` ('<f4' or '<i4') with `shape`. */
export function npy(values, shape, descr) {
  const shapeText = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeText}, }`;
  header += ' '.repeat((64 - ((10 + header.length + 1) % 64)) % 64) + '\n';
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head.writeUInt16LE(header.length, 8);
  const body = descr === '<i4' ? Buffer.from(Int32Array.from(values).buffer) : Buffer.from(Float32Array.from(values).buffer);
  return Buffer.concat([head, Buffer.from(header, 'latin1'), body]);
}

/** Writes n items of `classes` seeded Gaussian blobs in `dim` dimensions as two files in `dir`; returns their paths. */
export function writeBlobFiles(dir, { n, dim, classes, format, seed = 1 }) {
  const r = rng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const centres = Array.from({ length: classes }, () => Array.from({ length: dim }, gauss));
  const values = new Float32Array(n * dim);
  for (let i = 0; i < n; i++) for (let k = 0; k < dim; k++) values[i * dim + k] = centres[i % classes][k] + 1.5 * gauss();
  const labels = Array.from({ length: n }, (_, i) => i % classes);
  if (format === 'npy') {
    const vectors = join(dir, `vectors-${n}.npy`);
    const metadata = join(dir, `labels-${n}.npy`);
    writeFileSync(vectors, npy(values, [n, dim], '<f4'));
    writeFileSync(metadata, npy(labels, [n], '<i4'));
    return { vectors, metadata };
  }
  const vectors = join(dir, `vectors-${n}.tsv`);
  const metadata = join(dir, `metadata-${n}.tsv`);
  const lines = [];
  for (let i = 0; i < n; i++) lines.push(Array.from(values.subarray(i * dim, (i + 1) * dim), (v) => v.toFixed(5)).join('\t'));
  writeFileSync(vectors, lines.join('\n') + '\n');
  writeFileSync(metadata, 'label\tindex\n' + labels.map((c, i) => `class-${c}\t${i}`).join('\n') + '\n');
  return { vectors, metadata };
}

/**
 * Opens `baseUrl` (the default link) in a fresh context of `browser`, waits until the page is ready,
 * then for each size picks the two files in the "Evaluate your own embeddings" panel and measures
 * the time from the second pick to the views filled (in the page's clock). Resolves to one row per
 * size: `{items, dim, classes, format, seconds, read, parse, evaluate, path, prAuc}` (read, parse
 * and evaluate: the worker's own ms, from the panel).
 */
export async function measureOwnEmbeddings(browser, baseUrl, { sizes = [10_000, 50_000, 100_000], dim = 64, classes = 10, format = 'tsv', log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mp-own-bench-'));
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(baseUrl);
    await page.waitForFunction(() => document.querySelector('[data-testid="play"]')?.disabled === false, null, { timeout: 120_000 });
    const intro = page.getByTestId('intro-close');
    if (await intro.isVisible()) await intro.click();
    await page.getByTestId('own-embeddings-open').click();
    const rows = [];
    for (const n of sizes) {
      const files = writeBlobFiles(dir, { n, dim, classes, format });
      await page.getByTestId('own-embeddings-vectors').setInputFiles(files.vectors);
      const t0 = await page.evaluate(() => performance.now());
      await page.getByTestId('own-embeddings-labels').setInputFiles(files.metadata);
      // Filled: no job running, this set's items all drawn, and the tiles showing a number.
      const t1 = await page.waitForFunction(
        (items) => {
          const q = (id) => document.querySelector(`[data-testid="${id}"]`);
          const error = q('own-embeddings-error');
          if (error) return { error: error.textContent };
          const done =
            q('own-embeddings-progress')?.dataset.state === 'idle' &&
            q('embedding-plot')?.dataset.points === String(items) &&
            /\d/.test(q('metric-pr-auc')?.textContent ?? '');
          return done ? { at: performance.now() } : false;
        },
        n,
        { timeout: 1_800_000, polling: 'raf' },
      );
      const end = await t1.jsonValue();
      if (end.error) throw new Error(`${n} items were refused: ${end.error}`);
      const time = (await page.getByTestId('own-embeddings-time').textContent()) ?? '';
      const part = (word) => Number(new RegExp(`${word} ([\\d.]+) s`).exec(time)?.[1] ?? NaN);
      const row = {
        items: n,
        dim,
        classes,
        format,
        seconds: Math.round((end.at - t0) / 100) / 10,
        read: part('reading'),
        parse: part('parsing'),
        evaluate: part('evaluating'),
        path: /exact/.test(time) ? 'exact' : 'binned',
        prAuc: Number(await page.getByTestId('metric-pr-auc').textContent()),
      };
      log(row);
      rows.push(row);
      // Clear before the next size: the stored copy and the views go.
      await page.getByTestId('own-embeddings-clear').click();
    }
    return rows;
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The markdown table of {@link measureOwnEmbeddings}' rows. */
export function ownEmbeddingsTable(rows) {
  const lines = ['| items | d | classes | files | path | picked → views filled | reading | parsing | evaluating |', '|---:|---:|---:|---|---|---:|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.items.toLocaleString('en-US')} | ${r.dim} | ${r.classes} | ${r.format} | ${r.path} | ${r.seconds} s | ${r.read} s | ${r.parse} s | ${r.evaluate} s |`);
  return lines.join('\n');
}

/** Run alone: serve a build with Vite's preview server, measure, print a table. */
async function main() {
  const { chromium } = await import('@playwright/test');
  const { spawn, execFileSync } = await import('node:child_process');
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : fallback;
  };
  const port = Number(arg('port', '4193'));
  const dist = arg('dist', 'dist');
  const sizes = arg('sizes', '10000,50000,100000').split(',').map(Number);
  const format = arg('format', 'tsv');
  const executablePath = execFileSync('node', ['scripts/find-chromium.mjs'], { encoding: 'utf8' }).trim().split('\n').pop();
  const args = ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', '--outDir', dist], { stdio: 'ignore', detached: true });
  let browser;
  try {
    const url = `http://127.0.0.1:${port}/`;
    for (let end = Date.now() + 60_000; ; ) {
      try {
        if ((await fetch(url)).ok) break;
      } catch {}
      if (Date.now() > end) throw new Error(`preview server did not start at ${url}`);
      await new Promise((r) => setTimeout(r, 300));
    }
    browser = await chromium.launch({ executablePath, args });
    const rows = await measureOwnEmbeddings(browser, url, { sizes, format, dim: Number(arg('dim', '64')), classes: Number(arg('classes', '10')), log: (r) => console.log(JSON.stringify(r)) });
    console.log('\n' + ownEmbeddingsTable(rows));
  } finally {
    await browser?.close();
    // npx starts vite as a child: end the whole group.
    process.kill(-server.pid);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
