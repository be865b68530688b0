/**
 * MNIST loading: decoding the compact assets written by scripts/build-mnist.mjs, fetching them
 * with progress (works in a page and in a Web Worker), and the two fixed splits the app offers.
 */
import { classesIn, subset, type Dataset, type DataSplit } from './dataset';
import { Rng } from './rng';
import { downloadBytes, type DownloadOptions } from './download';

/** Seed of the closed split: a constant, so every user and every run sees the same split. */
export const MNIST_SPLIT_SEED = 0x6d6e7374; // "mnst"

/** Fraction of each class that goes to training in the closed split. */
export const MNIST_TRAIN_FRACTION = 0.8;

/** Turns raw uint8 pixels + labels into a Dataset (x = pixel/255, itemShape [rows, cols, 1]). */
export function decodeMnist(images: Uint8Array, labels: Uint8Array, rows = 28, cols = 28): Dataset {
  const size = rows * cols;
  if (!(size > 0) || !Number.isInteger(size)) throw new Error(`MNIST: bad image size ${rows}×${cols}`);
  if (images.length !== labels.length * size) {
    throw new Error(
      `MNIST: ${images.length} image bytes do not match ${labels.length} labels × ${size} pixels ` +
        `(expected ${labels.length * size})`,
    );
  }
  const n = labels.length;
  const x = new Float32Array(images.length);
  for (let i = 0; i < x.length; i++) x[i] = images[i] / 255;
  const y = new Int32Array(n);
  let maxLabel = -1;
  for (let i = 0; i < n; i++) {
    y[i] = labels[i];
    if (labels[i] > maxLabel) maxLabel = labels[i];
  }
  return { x, y, n, itemShape: [rows, cols, 1], numClasses: maxLabel + 1 };
}

interface MnistMeta {
  format: number;
  n: number;
  rows: number;
  cols: number;
  source?: string;
}

const HINT = 'run `npm run build` (or `node scripts/build-mnist.mjs`) to create them';

function parseMeta(raw: unknown, url: string): MnistMeta {
  const m = raw as Partial<MnistMeta> | null;
  const posInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
  if (!m || m.format !== 1 || !posInt(m.n) || !posInt(m.rows) || !posInt(m.cols)) {
    throw new Error(`MNIST metadata at ${url} is not format 1 with positive n/rows/cols: ${HINT}`);
  }
  return m as MnistMeta;
}

/**
 * Fetches `${baseUrl}mnist-meta.json`, `mnist-images.u8` and `mnist-labels.u8` and decodes them.
 * Progress covers the image bytes (99.9% of the download); it starts again at 0 on a retry. A
 * missing trailing slash on baseUrl is added. Each file is tried again once after a transport
 * failure and times out when it stalls (see {@link downloadBytes}); the Error thrown names the
 * file and what went wrong (HTTP status, bytes received of expected, the time limit).
 */
export async function fetchMnist(
  baseUrl: string,
  onProgress?: (loaded: number, total: number) => void,
  options: DownloadOptions = {},
): Promise<Dataset> {
  const base = baseUrl === '' || baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  // One failed file ends the others: no point finishing 7.8 MB of images without labels.
  const all = new AbortController();
  options.signal?.addEventListener('abort', () => all.abort());
  const get = (url: string, expected: number | null, progress?: (loaded: number, total: number) => void) =>
    downloadBytes(url, expected, { ...options, signal: all.signal, hint: HINT, maxBytes: 1 << 16, onProgress: progress }).catch((e: Error) => {
      all.abort();
      throw new Error(`MNIST could not be loaded: ${e.message}`);
    });
  const metaUrl = `${base}mnist-meta.json`;
  const metaBytes = await get(metaUrl, null);
  let rawMeta: unknown;
  try {
    rawMeta = JSON.parse(new TextDecoder().decode(metaBytes));
  } catch {
    throw new Error(`MNIST metadata at ${metaUrl} is not valid JSON: ${HINT}`);
  }
  const meta = parseMeta(rawMeta, metaUrl);
  const [images, labels] = await Promise.all([
    get(`${base}mnist-images.u8`, meta.n * meta.rows * meta.cols, onProgress),
    get(`${base}mnist-labels.u8`, meta.n),
  ]);
  return decodeMnist(images, labels, meta.rows, meta.cols);
}

/** "digits 0–9" for a contiguous label range, else "digits 0, 2, 5". */
function digitsText(labels: number[]): string {
  const contiguous = labels.length > 1 && labels[labels.length - 1] - labels[0] === labels.length - 1;
  return contiguous ? `digits ${labels[0]}–${labels[labels.length - 1]}` : `digits ${labels.join(', ')}`;
}

/**
 * The two MNIST splits. `closed`: a fixed stratified 80/20 split of every class (seeded by
 * MNIST_SPLIT_SEED, independent of user seeds, so evaluation numbers compare across runs).
 * `open`: train on digits 0–5, evaluate on the unseen digits 6–9 (open-world retrieval).
 * Both keep the source's numClasses and the source order inside each part.
 */
export function splitMnist(ds: Dataset, split: 'closed' | 'open'): DataSplit {
  const train: number[] = [];
  const evaluation: number[] = [];
  if (split === 'open') {
    for (let i = 0; i < ds.n; i++) (ds.y[i] <= 5 ? train : evaluation).push(i);
  } else {
    const rng = new Rng(MNIST_SPLIT_SEED);
    for (const c of classesIn(ds)) {
      const members: number[] = [];
      for (let i = 0; i < ds.n; i++) if (ds.y[i] === c) members.push(i);
      rng.shuffle(members);
      const nTrain = Math.round(members.length * MNIST_TRAIN_FRACTION);
      train.push(...members.slice(0, nTrain));
      evaluation.push(...members.slice(nTrain));
    }
    // Back to source order, which build-mnist interleaves across classes.
    train.sort((a, b) => a - b);
    evaluation.sort((a, b) => a - b);
  }
  const tr = subset(ds, train);
  const ev = subset(ds, evaluation);
  const description =
    split === 'open'
      ? `MNIST open split: ${tr.n} train (${digitsText(classesIn(tr))}) / ${ev.n} eval (unseen ${digitsText(classesIn(ev))})`
      : `MNIST closed split: ${tr.n} train / ${ev.n} eval, ${digitsText(classesIn(ds))}`;
  return { train: tr, evaluation: ev, description };
}
