/**
 * The work of the "your own embeddings" worker, without the worker: which dropped file holds the
 * vectors, parsing both files into a set, the app's evaluation of it (exact up to EXACT_UP_TO items
 * as the training's periodic evaluation, binned above), and its 2-D view. Kept apart from
 * ownEmbeddings.worker.ts so that the unit tests run it in Node.
 */
import { EmbeddingFileError, MAX_FILE_BYTES, parseLabels, parseVectors, type EmbeddingSet, type Labels, type Vectors } from '../../data/embeddingFiles';
import { threadsHere, workerClustering, workerRetrieval } from './evalWorkers';
import { clusteringHere, evaluateEmbeddings } from '../../eval/evaluate';
import type { EvalReport } from '../../eval/report';
import { fitProjection } from '../../eval/views/projection';
import { classCompactness, nearestCentroidAccuracy } from '../../eval/views/compactness';
import { EXACT_UP_TO } from '../../eval/evaluateSubset';
import type { EmbeddingSnapshot } from '../protocol';
import type { OwnSetData, OwnSetInfo } from './ownProtocol';

/** A file's name and bytes, as read. */
export interface NamedBytes {
  name: string;
  bytes: Uint8Array;
}

/** Refusals of a vectors parser that the other file of the pair may not give (it may be the vectors). */
const LABELS_LIKE = new Set(['not-a-number', 'shape', 'dtype', 'header']);

/** 1 when the name says "vectors", −1 when it says "labels", 0 when it says neither. */
function nameSays(name: string): number {
  const base = name.toLowerCase();
  if (/label|meta|target|class|(^|[^a-z])y([^a-z]|$)/.test(base)) return -1;
  if (/vec|emb|feat|(^|[^a-z])x([^a-z]|$)/.test(base)) return 1;
  return 0;
}

/**
 * Reads vectors and labels from two files. With `guess` (two files dropped at once) the one whose
 * name says "vectors" is tried first, and if the vectors parser refuses it as label-like
 * (words, one column, integers, a header of names) the other one is tried: the content decides.
 */
export function parseFiles(first: NamedBytes, second: NamedBytes, guess: boolean, column: string | null): { vectors: Vectors; labels: Labels } {
  let [v, l] = guess && nameSays(second.name) > nameSays(first.name) ? [second, first] : [first, second];
  let vectors: Vectors;
  try {
    vectors = parseVectors(v.bytes, v.name);
  } catch (e) {
    if (!guess || !(e instanceof EmbeddingFileError) || !LABELS_LIKE.has(e.code)) throw e;
    try {
      vectors = parseVectors(l.bytes, l.name);
    } catch {
      throw e;
    }
    [v, l] = [l, v];
  }
  const labels = parseLabels(l.bytes, l.name, column === null ? {} : { column });
  return { vectors, labels };
}

/** What {@link evaluateSet} gives back. */
export interface OwnEvaluation {
  info: Omit<OwnSetInfo, 'ms'>;
  report: EvalReport;
  snapshot: EmbeddingSnapshot;
}

/** The set's parts that are not the vectors, for {@link OwnSetInfo}. */
export interface SetNames {
  vectorsName: string;
  labelsName: string;
  columns: string[];
  column: string | null;
}

/**
 * Rows a 2-D view is fitted on: all of them up to a budget of n·d² work (the covariance), at least
 * 500 (at d = 1,024 the fit's power iterations on the d × d matrix take ~1 s here whatever n is).
 */
const FIT_BUDGET = 2e8;
/** Work budget (items × classes × d) of the nearest-centroid accuracy and compactness. */
const CENTROID_BUDGET = 2e8;

/** Every `stride`-th row of `data` (n × d), as a new array of at most `m` rows, each l2-normalised. */
function normalisedRows(data: Float32Array, labels: Int32Array, n: number, d: number, m: number): { x: Float32Array; y: Int32Array; m: number } {
  const stride = n / Math.min(n, m);
  const rows = Math.min(n, m);
  const x = new Float32Array(rows * d);
  const y = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    const i = Math.floor(r * stride);
    let s = 0;
    for (let k = i * d; k < (i + 1) * d; k++) s += data[k] * data[k];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let k = 0; k < d; k++) x[r * d + k] = data[i * d + k] * inv;
    y[r] = labels[i];
  }
  return { x, y, m: rows };
}

/**
 * The set in 2-D as the embedding view draws it: l2-normalised (the evaluation compares cosines),
 * on the unit circle for d = 2, else through the top two principal components fitted on up to
 * FIT_BUDGET / d² evenly spaced items (~49,000 at d = 64); every item is drawn.
 * Accuracy and compactness (the comparison table's last rows) on a subsample within CENTROID_BUDGET.
 */
export function embeddingView(set: EmbeddingSet, label: string): EmbeddingSnapshot {
  const { n, d, data, labels } = set;
  const fit = normalisedRows(data, labels, n, d, Math.max(500, Math.floor(FIT_BUDGET / (d * d))));
  const p = fitProjection(fit.x, fit.m, d);
  const points = new Float32Array(2 * n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = i * d; k < (i + 1) * d; k++) s += data[k] * data[k];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    let px = 0;
    let py = 0;
    for (let k = 0; k < d; k++) {
      const v = data[i * d + k] * inv - p.mean[k];
      px += v * p.axes[0][k];
      py += v * p.axes[1][k];
    }
    points[2 * i] = px;
    points[2 * i + 1] = py;
  }
  const C = set.classNames.length;
  const sub = normalisedRows(data, labels, n, d, Math.max(500, Math.floor(CENTROID_BUDGET / (C * d))));
  return {
    step: 0,
    label,
    classNames: set.classNames,
    dim: d,
    projection: p.kind,
    explained: p.explained,
    points,
    labels: Int32Array.from(labels),
    weights: new Float32Array(0),
    accuracy: nearestCentroidAccuracy(sub.x, sub.y, sub.m, d).accuracy,
    compactness: classCompactness(sub.x, sub.y, sub.m, d).ratio,
    classifierAccuracy: null,
    gradient: null,
    gradientNote: 'A set of your own has no model, so no gradient.',
    plane: null,
  };
}

/** One turn of the worker's event loop (a MessageChannel's message: not clamped as timers are), so it takes its messages. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    const c = new MessageChannel();
    c.port1.onmessage = () => {
      c.port1.close();
      resolve();
    };
    c.port2.postMessage(null);
  });
}

/**
 * Evaluates `set` with the app's evaluation (SPEC "Evaluation"): exactly up to EXACT_UP_TO items,
 * else on the binned path through tfjs tiles on the active backend (wasm in the worker). The
 * report carries the class names (for the views' legends).
 */
export async function evaluateSet(set: EmbeddingSet, names: SetNames, onProgress: (fraction: number) => void): Promise<OwnEvaluation> {
  const path = set.n <= EXACT_UP_TO ? 'exact' : 'tf';
  // The retrieval pass and k-means's restarts on every core, where the page is isolated.
  let retrievalThreads = 1;
  let kmeansThreads = 1;
  const threads = threadsHere();
  const retrievalPass = threads > 1 ? workerRetrieval(threads, (t) => (retrievalThreads = t)) : undefined;
  const clusteringPass = threads > 1 ? workerClustering(threads, clusteringHere(path), (t) => (kmeansThreads = t)) : undefined;
  const report = await evaluateEmbeddings(set.data, set.labels, set.n, set.d, set.classNames.length, { path, onProgress, retrievalPass, clusteringPass, between: nextTurn });
  // The view's caption names the set by its vectors file (cut short: the caption is one line).
  const name = names.vectorsName.length > 28 ? `${names.vectorsName.slice(0, 27)}…` : names.vectorsName;
  const snapshot = embeddingView(set, name);
  const info = { n: set.n, d: set.d, classNames: set.classNames, classSizes: set.classSizes, warnings: set.warnings, ...names, path: path === 'exact' ? ('exact' as const) : ('binned' as const), retrievalThreads, kmeansThreads, retrievalScreened: report.recall.screened === true };
  return { info, report: { ...report, classNames: set.classNames }, snapshot };
}

/** A remembered set as the evaluation reads it (the checks that need both files passed when it was loaded). */
export function setOf(s: OwnSetData): EmbeddingSet {
  const classSizes = new Array<number>(s.classNames.length).fill(0);
  for (let i = 0; i < s.n; i++) classSizes[s.labels[i]]++;
  return { n: s.n, d: s.d, data: s.data, labels: s.labels, classNames: s.classNames, classSizes, warnings: [] };
}

/** `a` as an array that owns its whole buffer (so that transferring it hands over nothing else). */
export function ownBuffer<T extends Float32Array | Int32Array>(a: T): T {
  return a.byteOffset === 0 && a.byteLength === a.buffer.byteLength ? a : (a.slice() as T);
}

/**
 * The bytes of `file`, read in chunks with the share read so far. Over the 1 GiB limit, or when the
 * browser cannot read it, an {@link EmbeddingFileError} says why in words.
 */
export async function readFile(file: File, onBytes: (done: number) => void): Promise<NamedBytes> {
  if (file.size > MAX_FILE_BYTES) {
    throw new EmbeddingFileError('too-large', `${file.name} is ${(file.size / 2 ** 20).toFixed(0)} MiB, over the 1 GiB limit. Save the vectors as a float32 .npy (4 bytes a value) or use fewer items.`, file.name);
  }
  const mib = `${(file.size / 2 ** 20).toFixed(0)} MiB`;
  let bytes: Uint8Array;
  let at = 0;
  try {
    bytes = new Uint8Array(file.size);
    const reader = file.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // A file that grew since it was chosen: read what was announced.
      const take = value.subarray(0, bytes.length - at);
      bytes.set(take, at);
      at += take.length;
      onBytes(at);
    }
  } catch (err) {
    // The browser's own words here ("… permission problems …") blame the wrong thing: say what it means.
    const out = err instanceof RangeError ? 'the browser could not set aside memory for it' : 'the browser could not read it (a file this large may be more than it can hold, or the file changed or moved after it was chosen)';
    throw new EmbeddingFileError('unreadable', `${file.name} (${mib}) was not read: ${out}. Try a float32 .npy (4 bytes a value) or fewer items, and choose the file again.`, file.name);
  }
  return { name: file.name, bytes: at === bytes.length ? bytes : bytes.subarray(0, at) };
}
