/**
 * The metrics worker's side of a refresh embedded off the training thread (metricsOffload.ts): a
 * copy of the run's model on tfjs-wasm, set up as the training worker sets it up (wasmSetup.ts),
 * so its embeddings are the training worker's, bit for bit. Loaded on the first such job only.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import '../wasmSetup';
import type { Dataset } from '../../data/dataset';
import type { EvalReport } from '../../eval/report';
import { embedEvaluation } from '../../ml/embedding';
import { EncoderCopy } from '../../ml/encoderCopy';
import { evaluateSubset } from '../../eval/evaluateSubset';
import type { EmbedAnswer, EmbedJob, ModelMessage } from './metricsOffload';
import { finishSnapshot } from '../training/snapshotView';

let backend: Promise<void> | null = null;
/** The current run's model; a model that could not be set up fails its jobs with the reason. */
let model: Promise<{ copy: EncoderCopy; evaluation: Dataset; closedSet: boolean }> | null = null;

/** tfjs-wasm on one thread: the refreshes come between the training worker's steps, not instead of them. */
function wasmBackend(): Promise<void> {
  backend ??= (async () => {
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs-wasm could not start on the metrics worker');
    await tf.ready();
  })();
  return backend;
}

/** Takes the model of a new run (the previous one's tensors are freed). */
export function setModel(m: ModelMessage): void {
  const previous = model;
  model = (async () => {
    await wasmBackend();
    (await previous?.catch(() => null))?.copy.dispose();
    return { copy: new EncoderCopy(m.spec, m.itemShape, m.numClasses), evaluation: m.evaluation, closedSet: m.closedSet };
  })();
  model.catch(() => {});
}

/**
 * Embeds the evaluation set with `job`'s variables: the view, its embeddings (a copy: the
 * evaluation below keeps the originals), and a function for the all-pairs report when it is due.
 */
export async function embedJob(job: EmbedJob): Promise<{ answer: EmbedAnswer; report: (() => Promise<EvalReport>) | null }> {
  if (!model) throw new Error('no model was sent to embed with');
  const { copy, evaluation, closedSet } = await model;
  copy.load(job.variables);
  const ev = await embedEvaluation(copy, job.step, evaluation, closedSet);
  const snapshot = finishSnapshot({ ...ev, labels: Int32Array.from(ev.labels), gradientAlpha: job.gradientAlpha, gradientNote: job.gradientNote, plane: null });
  const metrics = job.metrics;
  const report = metrics ? () => evaluateSubset(ev, metrics.items, false, metrics.numClasses, tf.getBackend() === 'webgpu' ? 'fallback' : null, async () => {}, () => {}) : null;
  return { answer: { snapshot, embeddings: ev.embeddings.slice() }, report };
}
