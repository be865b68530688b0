/**
 * One training run of a playground configuration in Node, step for step as the page's worker
 * runs it (src/worker/training/trainer.worker.ts): the same split, `Trainer` and pair ops; an embedding
 * refresh (nearest-centroid accuracy, compactness) every `evalEvery` steps, the periodic
 * all-pairs metrics every `metricsEvery` steps on the same `evalItems` subsample (`evaluateSubset`),
 * then "Evaluate all" on every evaluation item at the end. The history and metrics over steps are
 * kept in the page's own shapes, so the page's export code writes the CLI's files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSplit } from '../../data/dataset';
import { decodeMnist, splitMnist } from '../../data/mnist';
import { makeToySplit } from '../../data/toy';
import { classCompactness, nearestCentroidAccuracy } from '../../eval/views/compactness';
import type { EvalReport } from '../../eval/report';
import { activePairOps } from '../../ml/activePairOps';
import { activeBackend } from '../../ml/nodeBackend';
import { Trainer } from '../../ml/trainer';
import type { Config } from '../../state/params';
import { emptyEvalSeries, emptyHistory, pushEvaluation, pushSteps, type EvalSeries, type History } from '../../state/run/runHistory';
import { evaluateSubset } from '../../eval/evaluateSubset';
import { CliError, EXIT_FAILURE } from '../errors';

/** What a finished run leaves: its trainer (for the model file), history, metrics over steps, final evaluation. */
export interface RunResult {
  trainer: Trainer;
  history: History;
  series: EvalSeries;
  final: EvalReport & { step: number; full: boolean };
  trainSeconds: number;
  seconds: number;
}

/** The train/evaluation split of `config`; MNIST from `dataDir` (public/data of a clone). */
export function loadSplitNode(config: Config, dataDir: string): DataSplit {
  if (config.data !== 'mnist') return makeToySplit(config.data, { classes: config.classes, noise: config.noise, seed: config.dataSeed });
  const images = join(dataDir, 'mnist-images.u8');
  if (!existsSync(images)) throw new CliError(`MNIST is not prepared in ${dataDir}: run \`node scripts/build-mnist.mjs\` once (or train a toy set, data=blobs)`, EXIT_FAILURE);
  const meta = JSON.parse(readFileSync(join(dataDir, 'mnist-meta.json'), 'utf8'));
  const mnist = decodeMnist(readFileSync(images), readFileSync(join(dataDir, 'mnist-labels.u8')), meta.rows, meta.cols);
  return splitMnist(mnist, config.split);
}

/**
 * Trains `config` for `config.steps` steps (> 0) on the active tfjs backend. A step whose loss is
 * not finite ends the run with a {@link CliError} (exit 1): a cut-short run is an error, not a result.
 */
export async function trainRun(config: Config, split: DataSplit, onStep?: (step: number, loss: number) => void): Promise<RunResult> {
  const t0 = performance.now();
  const trainer = new Trainer(config, split, activePairOps());
  const history = emptyHistory();
  const series = emptyEvalSeries();
  const numClasses = split.evaluation.numClasses;
  const noYield = async () => {};
  let trainMs = 0;
  while (trainer.step < config.steps) {
    const s0 = performance.now();
    const p = await trainer.trainStep();
    trainMs += performance.now() - s0;
    pushSteps(history, [p]);
    onStep?.(p.step, p.loss);
    if (!Number.isFinite(p.loss)) {
      trainer.dispose();
      throw new CliError(`training diverged at step ${p.step} of ${config.steps} (loss ${p.loss}): lower the learning rate or α`, EXIT_FAILURE);
    }
    // The worker's refresh rule: an embedding snapshot at these steps, metrics when metricsEvery divides.
    if (p.step % config.evalEvery === 0 || (config.metricsEvery > 0 && p.step % config.metricsEvery === 0) || p.step === config.steps) {
      const ev = await trainer.evaluate();
      history.evalStep.push(ev.step);
      history.accuracy.push(nearestCentroidAccuracy(ev.embeddings, ev.labels, ev.n, ev.dim).accuracy);
      history.compactness.push(classCompactness(ev.embeddings, ev.labels, ev.n, ev.dim).ratio);
      if (config.metricsEvery > 0 && ev.step % config.metricsEvery === 0) pushEvaluation(series, ev.step, await evaluateSubset(ev, config.evalItems, false, numClasses, activeBackend() === 'webgpu' ? 'fallback' : null, noYield, () => {}));
    }
  }
  if (trainer.step !== config.steps) throw new CliError(`the run stopped at step ${trainer.step} of ${config.steps}`, EXIT_FAILURE);
  // "Evaluate all": every evaluation item, as the page's button does.
  const ev = await trainer.evaluate();
  const report = await evaluateSubset(ev, ev.n, true, numClasses, activeBackend() === 'webgpu' ? 'fallback' : null, noYield, () => {});
  return { trainer, history, series, final: { ...report, step: ev.step, full: true }, trainSeconds: trainMs / 1000, seconds: (performance.now() - t0) / 1000 };
}
