/**
 * The "your own embeddings" worker: reads the two chosen files (in the worker, from their File
 * handles), parses them (src/data/embeddingFiles), evaluates the set with the app's evaluation and
 * answers with the report and the 2-D view (ownEvaluation.ts). One job at a time: the page
 * terminates the worker to give up a job. Its own worker, so the training goes on meanwhile.
 */
import { EmbeddingFileError, pairEmbeddings } from '../../data/embeddingFiles';
import { NonFiniteEmbeddingsError } from '../../eval/finite';
import { EXACT_UP_TO } from '../../eval/evaluateSubset';
import { trySet } from '../training/backends';
import { evaluateSet, ownBuffer, parseFiles, readFile, setOf } from './ownEvaluation';
import type { FromOwnWorker, OwnSetData, OwnStage, ToOwnWorker } from './ownProtocol';

const post = (msg: FromOwnWorker, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(msg, transfer);

/** Progress at most every 50 ms (and always at 0 and 1): the page redraws a bar, not a log. */
function reporter(job: number, stage: OwnStage): (fraction: number) => void {
  let last = 0;
  return (fraction) => {
    const now = performance.now();
    if (fraction > 0 && fraction < 1 && now - last < 50) return;
    last = now;
    post({ type: 'progress', job, stage, fraction });
  };
}

let backend: Promise<void> | null = null;
/** The binned path's tfjs tiles run on wasm (the fast CPU path; cpu if wasm cannot start). */
function startBackend(): Promise<void> {
  backend ??= (async () => {
    if (!(await trySet('wasm'))) await trySet('cpu');
  })();
  return backend;
}

async function run(msg: ToOwnWorker): Promise<void> {
  const { job } = msg;
  const ms = { read: 0, parse: 0, evaluate: 0 };
  let t = performance.now();
  let data: OwnSetData | null = null;
  let set;
  let keepUpTo = 0;
  if (msg.type === 'files') {
    keepUpTo = msg.keepUpTo;
    const reading = reporter(job, 'reading');
    const total = Math.max(1, msg.vectors.size + msg.labels.size);
    reading(0);
    const first = await readFile(msg.vectors, (b) => reading(b / total));
    const second = await readFile(msg.labels, (b) => reading((msg.vectors.size + b) / total));
    reading(1);
    ms.read = performance.now() - t;
    t = performance.now();
    post({ type: 'progress', job, stage: 'parsing', fraction: 0 });
    const { vectors, labels } = parseFiles(first, second, msg.roles === 'guess', msg.column);
    set = pairEmbeddings(vectors, labels);
    post({ type: 'progress', job, stage: 'parsing', fraction: 1 });
    ms.parse = performance.now() - t;
    const names = { vectorsName: vectors.fileName, labelsName: labels.fileName, columns: labels.columns, column: labels.column };
    data = { n: set.n, d: set.d, data: set.data, labels: set.labels, classNames: set.classNames, ...names };
  } else {
    data = msg.set;
    set = setOf(data);
  }
  t = performance.now();
  if (set.n > EXACT_UP_TO) await startBackend();
  const names = { vectorsName: data.vectorsName, labelsName: data.labelsName, columns: data.columns, column: data.column };
  const { info, report, snapshot } = await evaluateSet(set, names, reporter(job, 'evaluating'));
  ms.evaluate = performance.now() - t;
  // The parsed set goes back for the page to remember (with this evaluation), when it is small
  // enough to keep; a remembered set evaluated again always is.
  const keep = msg.type === 'set' || set.n * set.d * 4 <= keepUpTo;
  const kept = keep ? { ...data, data: ownBuffer(set.data), labels: ownBuffer(set.labels) } : null;
  const transfer: Transferable[] = [snapshot.points.buffer, snapshot.labels.buffer];
  if (kept) transfer.push(kept.data.buffer, kept.labels.buffer);
  post({ type: 'result', job, info: { ...info, ms }, report, snapshot, kept }, transfer);
}

self.onmessage = async (e: MessageEvent<ToOwnWorker>) => {
  const job = e.data.job;
  try {
    await run(e.data);
  } catch (err) {
    if (err instanceof EmbeddingFileError) {
      post({ type: 'failed', job, code: err.code, message: err.message, file: err.file ?? null, rows: err.rows ?? [] });
    } else if (err instanceof NonFiniteEmbeddingsError) {
      post({ type: 'failed', job, code: 'non-finite', message: err.message, file: null, rows: err.rows.slice(0, 100) });
    } else {
      const why = err instanceof Error ? err.message : String(err);
      post({ type: 'failed', job, code: 'internal', message: `The evaluation failed: ${why}`, file: null, rows: [] });
    }
  }
};
