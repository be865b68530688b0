/**
 * The heavy half of `metric-playground evaluate`, loaded once the files are read and accepted:
 * the app's evaluation (src/eval, whose report carries the operating points), the figures and the report files.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { EmbeddingSet } from '../../data/embeddingFiles';
import { evaluateEmbeddings } from '../../eval/evaluate';
import { activeBackend } from '../../ml/nodeBackend';
import type { RetrievalPass } from '../../eval/retrieval/retrieval';
import { jsonText, visibleText } from '../../state/notices';
import { evaluationFigureMakers, type Figure } from './figures';
import { metricsDoc, type MetricsDoc } from './metricsDoc';
import { makeDirs } from '../paths';
import { reportHtml } from './reportHtml';
import type { ClusteringPass } from '../../eval/clustering/restarts';

export { metricsTable } from './metricsDoc';

/**
 * Lets the event loop turn (every ~50 ms of the evaluation's work): the retrieval threads' progress
 * reaches the progress line while the histograms are computed here, and a signal (the bench's
 * SIGTERM, a handler of the caller's) is handled at once, not when this thread next waits.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Evaluates `set` and writes the report files into `out`; returns metrics.json's contents and the figures' file names. */
export async function evaluateSet(
  set: EmbeddingSet,
  o: {
    embeddings: string;
    labels: string;
    labelColumn: string | null;
    fars: number[];
    eps: number;
    path: 'exact' | 'binned';
    /** On the binned path, 'webgpu' bins the pairs with the WGSL kernel (webgpu must be the active tfjs backend); else tfjs ops on the active backend. */
    backend?: 'wasm' | 'webgpu';
    out: string;
    recallSample?: number;
    retrievalPass?: RetrievalPass;
    clusteringPass?: ClusteringPass;
    onProgress?: (fraction: number) => void;
  },
): Promise<MetricsDoc & { figureFiles: string[] }> {
  const t0 = performance.now();
  const path = o.path === 'exact' ? 'exact' : o.backend === 'webgpu' ? 'wgsl' : 'tf';
  const farLo = Math.min(...o.fars);
  const farHi = Math.max(...o.fars);
  const report = await evaluateEmbeddings(set.data, set.labels, set.n, set.d, set.classNames.length, { path, farLo, farHi, eps: o.eps, fars: o.fars, recallSample: o.recallSample, retrievalPass: o.retrievalPass, clusteringPass: o.clusteringPass, onProgress: o.onProgress, between: nextTurn });
  // metricsDoc takes the operating points at --far from the report: `fars` puts them on its grid.
  const doc = metricsDoc(report, {
    embeddings: o.embeddings,
    labels: o.labels,
    labelColumn: o.labelColumn,
    classNames: set.classNames,
    dim: set.d,
    eps: o.eps,
    fars: o.fars,
    warnings: set.warnings,
    seconds: (performance.now() - t0) / 1000,
    backend: activeBackend(),
  });
  // The figures draw the class names with their control and bidi characters as code points (as the
  // page's views do); metrics.json keeps them exact, as \u escapes.
  // One figure a turn: drawing them all at once held the event loop for about a second at 1,000 classes.
  const figures: Figure[] = [];
  for (const make of evaluationFigureMakers(report, { ...set, classNames: set.classNames.map(visibleText) }, o.fars)) {
    await nextTurn();
    figures.push(make());
  }
  makeDirs(resolve(o.out));
  writeFileSync(join(o.out, 'metrics.json'), jsonText(doc, 2) + '\n');
  for (const f of figures) writeFileSync(join(o.out, f.file), f.svg);
  writeFileSync(join(o.out, 'report.html'), reportHtml(doc, figures));
  return { ...doc, figureFiles: figures.map((f) => f.file) };
}

