/**
 * Sets of one's own for the browser tests: seeded blobs written as the Embedding Projector's files,
 * the panel driven as a person does (opened, both files picked), and the tiles read back against
 * `metric-playground evaluate` on the same files.
 */
import { expect, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '../src/data/rng';

/** Where the tests' files go (one folder per test file). */
export const dir = mkdtempSync(join(tmpdir(), 'mp-own-'));

export const NAMES = ['ant', 'bee', 'cat', 'dog', 'eel'];

/** n items of `C` Gaussian blobs in d dimensions, blob spread `noise`; values as 6-decimal strings (as a TSV holds them). */
export function blobs(seed: number, n: number, d: number, noise: number) {
  const r = new Rng(seed);
  const gauss = () => r.normal();
  const C = NAMES.length;
  const centres = Array.from({ length: C }, () => Array.from({ length: d }, gauss));
  const rows = Array.from({ length: n }, (_, i) => centres[i % C].map((c) => (c + noise * gauss()).toFixed(6)));
  const labels = Array.from({ length: n }, (_, i) => i % C);
  return { rows, labels };
}

/** Writes a set as vectors.tsv + a two-column metadata.tsv (header: label, split); returns their paths. */
export function writeProjector(name: string, set: ReturnType<typeof blobs>) {
  const vectors = join(dir, `${name}-vectors.tsv`);
  const metadata = join(dir, `${name}-metadata.tsv`);
  writeFileSync(vectors, set.rows.map((r) => r.join('\t')).join('\n') + '\n');
  writeFileSync(metadata, 'label\tsplit\n' + set.labels.map((c, i) => `${NAMES[c]}\t${i % 3 ? 'train' : 'test'}`).join('\n') + '\n');
  return { vectors, metadata };
}

export interface Metrics {
  prAuc: number;
  opis: number;
  epsOpis: number;
  recall: Record<string, number>;
  nmi: number;
  mapAtR: number;
  rPrecision: number;
  items: number;
  path: string;
  threshold: Record<string, { tar: number; cosine: number }>;
}

/** `metric-playground evaluate` on the files (and `extra` flags), in Node (started at once; it runs while the page loads). */
export function cliEvaluate(vectors: string, labels: string, out: string, extra: string[] = []): Promise<Metrics> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['bin/metric-playground.mjs', 'evaluate', '--embeddings', vectors, '--labels', labels, '--out', join(dir, out), ...extra]);
    let stderr = '';
    p.stderr.on('data', (b) => (stderr += b));
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(readFileSync(join(dir, out, 'metrics.json'), 'utf8'))) : reject(new Error(`CLI exit ${code}: ${stderr}`))));
  });
}

export const TILES = [
  ['metric-pr-auc', (m: Metrics) => m.prAuc],
  ['metric-opis', (m: Metrics) => m.opis],
  ['metric-eps-opis', (m: Metrics) => m.epsOpis],
  ['metric-recall-at-1', (m: Metrics) => m.recall['1']],
  ['metric-nmi', (m: Metrics) => m.nmi],
  ['metric-map-at-r', (m: Metrics) => m.mapAtR],
  ['metric-r-precision', (m: Metrics) => m.rPrecision],
] as const;

/** The tile's exact value, from its tip ("… Exact value: 0.97.") */
export async function exactTile(page: Page, id: string): Promise<number> {
  const tip = await page.locator('.eval-metric', { has: page.getByTestId(id) }).locator('.tip').textContent();
  return Number(/Exact value: (.*)\.$/.exec(tip ?? '')?.[1]);
}

/** Every tile shows the CLI's value: exactly in its tip, and to the tile's precision on screen. */
export async function expectTiles(page: Page, m: Metrics): Promise<void> {
  for (const [id, value] of TILES) {
    const v = value(m);
    expect(await exactTile(page, id), id).toBe(v);
    await expect(page.getByTestId(id)).toHaveText(v === 0 ? '0' : Math.abs(v) >= 0.01 ? v.toFixed(4) : v.toPrecision(3));
  }
}

/** Opens the panel (collapsed by default) and waits until no job is running. */
export async function openPanel(page: Page): Promise<void> {
  if (await page.getByTestId('intro-close').isVisible()) await page.getByTestId('intro-close').click();
  // Open already when sets came back from the last visit: a click would close it.
  if ((await page.getByTestId('own-embeddings').getAttribute('open')) === null) await page.getByTestId('own-embeddings-open').click();
  await expect(page.getByTestId('own-embeddings-vectors')).toBeAttached();
}

export const idle = (page: Page) => expect(page.getByTestId('own-embeddings-progress')).toHaveAttribute('data-state', 'idle');

/** Picks both files with the two inputs and waits for the job to end. */
export async function pick(page: Page, vectors: string | { name: string; buffer: Buffer }, labels: string | { name: string; buffer: Buffer }): Promise<void> {
  const file = (f: typeof vectors) => (typeof f === 'string' ? f : { ...f, mimeType: 'application/octet-stream' });
  await page.getByTestId('own-embeddings-vectors').setInputFiles(file(vectors));
  await page.getByTestId('own-embeddings-labels').setInputFiles(file(labels));
  await idle(page);
}
