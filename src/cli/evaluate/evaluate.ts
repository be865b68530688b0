/**
 * `metric-playground evaluate --embeddings e.npy --labels y.tsv [--label-column NAME]
 * [--far 0.01,0.1] [--eps 0.1] [--path auto|exact|binned] [--backend wasm|webgpu] [--recall-sample N] [--threads N]
 * [--skip-header] [--out report/]`:
 * every metric of the page's evaluation view on the user's own embeddings, computed by the app's
 * own code (src/eval), written as metrics.json, SVG figures and report.html, and printed as a table.
 */
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { CLI_MAX_ITEMS, MAX_FILE_BYTES, pairEmbeddings, parseLabels, parseVectors } from '../../data/embeddingFiles';
import { intFlag, numberFlag, numberListFlag, parseArgs } from '../args';
import type { CliContext } from '../context';
import { CliError } from '../errors';
import { EVALUATE_LAYOUT, prepareOut, resolveIn, workingFolder } from '../paths';
import { progressLine } from './progressLine';
import { retrievalPassWords, THREADS_FROM } from '../../eval/retrieval/retrievalSplit';
import { EVALUATE_USAGE } from '../usage';
import { visibleText } from '../../state/notices';

/** Sets up to this size are evaluated exactly by default, as the page's periodic evaluation does. */
const EXACT_UP_TO = 2000;
/** The exact path's limit (src/eval/pairs/exact.ts EXACT_MAX_ITEMS; not imported, to keep this module light). */
const EXACT_MAX_ITEMS = 2500;

/** The bytes of `file`, or exit 2 saying why not (missing, a folder, over the size limit). */
export function readInput(file: string, what: string): Uint8Array {
  let size: number;
  try {
    const st = statSync(file);
    if (!st.isFile()) throw new CliError(`${what} ${file} is not a file`);
    size = st.size;
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`cannot read ${what} ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  if (size > MAX_FILE_BYTES) throw new CliError(`${what} ${file} is ${(size / 2 ** 20).toFixed(0)} MiB, over the 1 GiB limit [too-large]`);
  return readFileSync(file);
}

/** Runs `evaluate` with its arguments; resolves to the exit status. */
export async function runEvaluate(argv: string[], ctx: CliContext): Promise<number> {
  const a = parseArgs(
    argv,
    { embeddings: 'value', labels: 'value', 'label-column': 'value', far: 'value', eps: 'value', path: 'value', backend: 'value', 'recall-sample': 'value', threads: 'value', out: 'value', 'skip-header': 'switch' },
    0,
    EVALUATE_USAGE,
  );
  const embeddings = a.values.embeddings;
  const labels = a.values.labels;
  if (!embeddings || !labels) throw new CliError(`evaluate needs --embeddings and --labels\n${EVALUATE_USAGE}`);
  const fars = numberListFlag('far', a.values.far ?? '0.01,0.1', 0, 1);
  if (fars.some((f) => !(f > 0))) throw new CliError(`--far rates must be above 0 and at most 1 (no threshold has a false accept rate of 0), got “${a.values.far}”`);
  if (fars.length < 2 || Math.min(...fars) >= Math.max(...fars)) throw new CliError('--far needs at least two different rates, e.g. 0.01,0.1 (the calibration range runs from the lowest to the highest)');
  const eps = numberFlag('eps', a.values.eps ?? '0.1', 0, 0.5);
  const pathFlag = a.values.path ?? 'auto';
  if (!['auto', 'exact', 'binned'].includes(pathFlag)) throw new CliError(`--path must be auto, exact or binned, got “${pathFlag}”`);
  // Where the binned path bins the pairs: tfjs-wasm (with the retrieval pass's products), or the GPU's WGSL kernel.
  const backend = a.values.backend ?? 'wasm';
  if (backend !== 'wasm' && backend !== 'webgpu') throw new CliError(`--backend must be wasm or webgpu, got “${backend}”`);
  // Opt-in: Recall@K, MAP@R and R-precision over N seeded queries (each still against every item).
  const recallSample = a.values['recall-sample'] === undefined ? undefined : intFlag('recall-sample', a.values['recall-sample'], 1, 1e9);
  // The retrieval pass and k-means on this many threads (default: every core); the numbers are the same.
  const threads = a.values.threads === undefined ? availableParallelism() : intFlag('threads', a.values.threads, 1, 1024);
  const labelColumn = a.values['label-column'] ?? null;
  const cwd = workingFolder(ctx.cwd);
  const embeddingsPath = resolveIn(cwd, embeddings, '--embeddings');
  const labelsPath = resolveIn(cwd, labels, '--labels');

  // The command line reads up to CLI_MAX_ITEMS items (the page, MAX_ITEMS).
  const vectors = parseVectors(readInput(embeddingsPath, 'embeddings file'), embeddings, { skipHeader: a.switches.has('skip-header'), maxItems: CLI_MAX_ITEMS });
  const labelSet = parseLabels(readInput(labelsPath, 'labels file'), labels, { maxItems: CLI_MAX_ITEMS, ...(labelColumn === null ? {} : { column: labelColumn }) });
  const set = pairEmbeddings(vectors, labelSet);
  // A warning may quote labels: their control and bidi characters as code points.
  for (const w of set.warnings) ctx.stderr(`warning: ${visibleText(w)}\n`);
  if (pathFlag === 'exact' && set.n > EXACT_MAX_ITEMS) throw new CliError(`--path exact reads at most ${EXACT_MAX_ITEMS} items; ${embeddings} has ${set.n} (use --path binned)`);
  const path = pathFlag === 'auto' ? (set.n <= EXACT_UP_TO ? 'exact' : 'binned') : (pathFlag as 'exact' | 'binned');
  // The folder before the work: made, writable, emptied of an earlier report's files.
  const outText = a.values.out ?? 'report';
  const out = prepareOut(outText, cwd, EVALUATE_LAYOUT);
  // The evaluation, tfjs and the plots load only now: a refused file answers in a moment.
  const { evaluateSet, metricsTable } = await import('./evaluateSet');
  // The threads of both passes, started now where a pass will be split, so they load while this one does.
  const onThreads = threads > 1 && ctx.threadEntry ? { entry: ctx.threadEntry, ...(await import('./evalThreads')) } : null;
  const pool = onThreads ? new onThreads.EvalThreadPool(onThreads.entry) : null;
  if (pool && set.n >= THREADS_FROM) pool.warm(threads);
  let doc: Awaited<ReturnType<typeof evaluateSet>>;
  let split = 1;
  let kmeansSplit = 1;
  // A long evaluation says how far it is and about how long is left (src/cli/evaluate/progressLine.ts).
  const line = progressLine('evaluating', ctx.stderr, { tty: ctx.stderrTty === true, now: ctx.now ?? (() => performance.now()) });
  try {
    if (path === 'binned') await (await import('../backend')).startBackend(backend, ctx.wasmDir);
    const retrievalPass = onThreads && pool ? onThreads.threadedRetrieval(threads, pool, { onSplit: (t) => (split = t) }) : undefined;
    const local = (await import('../../eval/evaluate')).clusteringHere(path === 'exact' ? 'exact' : 'tf');
    const clusteringPass = onThreads && pool ? onThreads.threadedClustering(threads, pool, local, { onSplit: (t) => (kmeansSplit = t) }) : undefined;
    doc = await evaluateSet(set, { embeddings, labels, labelColumn: labelSet.column, fars, eps, path, backend, out, recallSample, retrievalPass, clusteringPass, onProgress: (f) => line.update(f) });
  } finally {
    line.end();
    await pool?.close();
  }
  ctx.stdout(metricsTable(doc));
  const how = [doc.backend === 'webgpu' ? 'the all-pairs histograms on webgpu' : null, retrievalPassWords(split, doc.recallScreened), kmeansSplit > 1 ? `k-means's restarts on ${kmeansSplit} threads` : null].filter(Boolean);
  const shared = how.length ? ` (${how.join('; ')})` : '';
  ctx.stdout(`wrote ${join(outText, 'metrics.json')}, report.html and ${doc.figureFiles.length} SVG figures (${doc.figureFiles.join(', ')}) in ${doc.seconds.toFixed(2)} s${shared}\n`);
  return 0;
}
