/**
 * The worker's side of the run's files: the model artifact and the Embedding Projector's TSVs
 * made from the live run, and a saved model opened into a new run. Nothing here changes the
 * worker's run; the worker swaps in what {@link openModel} returns only when it all worked.
 */
import type * as tf from '@tensorflow/tfjs';
import { Trainer } from '../../ml/trainer';
import type { PairOps } from '../../ml/ops/pairOps';
import { decodeModel, encodeModel, ModelFileError, shapeMismatch, type ModelTopology } from '../../ml/modelArtifact';
import { projectorTsv } from '../../eval/projectorTsv';
import { parseHash, SCHEMA_VERSION, serializeConfig } from '../../state/link/urlSchema';
import type { Config } from '../../state/params';
import { loadSplit } from './dataCache';
import type { RunFileCommand, WorkerReport } from '../protocol';

type LoadModel = Extract<RunFileCommand, { type: 'loadModel' }>;

/** The run as model.json and its weights (to post, with the weights transferred). */
export async function modelFile(run: Trainer, config: Config): Promise<[WorkerReport, Transferable[]]> {
  const cp = await run.checkpoint();
  const variables = run.stateVariables;
  const file = await encodeModel(cp, {
    link: serializeConfig(config),
    schemaVersion: SCHEMA_VERSION,
    config: { ...config },
    encoder: run.encoder.kind,
    shapes: variables.map((v) => v.shape),
    encoderVariables: run.encoder.variables.length,
    // The page saves model.json as runFileName('model', step, 'json'): the same base.
    fileBase: `metric-playground-model-step${cp.step}`,
  });
  return [{ type: 'modelFile', step: cp.step, json: file.json, weightsName: file.weightsName, weights: file.weights }, [file.weights]];
}

/**
 * The variables a model file of `trainer`'s configuration holds: all of its state, or — in a file
 * saved before the untrained state (BN's running statistics) was kept — the trained ones only.
 */
function builtFor(t: ModelTopology, trainer: Trainer): tf.Variable[] {
  const all = trainer.stateVariables;
  const trained = all.filter((v) => v.trainable);
  return t.variables.length === trained.length && trained.length < all.length ? trained : all;
}

/** The whole evaluation set at the current step as vectors.tsv and metadata.tsv. */
export async function embeddingsFile(run: Trainer, between: () => Promise<void>): Promise<WorkerReport> {
  const ev = await run.evaluate(between);
  return { type: 'embeddingsFile', step: ev.step, ...projectorTsv(ev.embeddings, ev.labels, ev.n, ev.dim) };
}

/** A saved link read strictly: anything the reader had to fix or ignore means the file is not what it says. */
function readLink(link: string): Config | string {
  const { config, compare, notices } = parseHash(link);
  if (notices.length > 0) return notices.slice(0, 3).join('; ');
  return compare ? 'it holds a comparison, not one run' : config;
}

/**
 * Opens a saved model into a new run, on this page's backend: the files checked, the data of its
 * configuration loaded, the model built and checked against the weights, then restored at the
 * saved step (Adam's state included). Throws {@link ModelFileError} with the reason otherwise.
 */
export async function openModel(
  msg: LoadModel,
  backend: Config['backend'],
  dataUrl: string,
  ops: PairOps,
  onProgress: (fraction: number) => void,
  stallMs?: number,
): Promise<{ config: Config; trainer: Trainer }> {
  const opened = await decodeModel(msg.jsonName, msg.json, msg.weights, readLink);
  // A model saved on webgpu opens here too: the backend is this page's, not part of the model.
  const config: Config = { ...opened.config, backend };
  onProgress(0);
  let trainer: Trainer;
  try {
    trainer = new Trainer(config, await loadSplit(config, dataUrl, (f) => onProgress(Math.min(f, 0.999)), stallMs), ops);
  } finally {
    onProgress(1);
  }
  const why =
    trainer.encoder.kind !== opened.topology.encoder
      ? `it holds a ${opened.topology.encoder} encoder, its configuration builds a ${trainer.encoder.kind}`
      : shapeMismatch(opened.topology, builtFor(opened.topology, trainer));
  if (why) {
    trainer.dispose();
    throw new ModelFileError(`“${msg.jsonName}” does not fit the model its configuration builds: ${why}.`);
  }
  try {
    await trainer.restore(opened.checkpoint);
  } catch (err) {
    trainer.dispose();
    throw err;
  }
  return { config, trainer };
}

/** The `ready` report of a run (freshly built or opened from a model file). */
export function readyReport(run: Trainer): WorkerReport {
  const description = run.objective.batchNote ? `${run.split.description} · ${run.objective.batchNote}` : run.split.description;
  return { type: 'ready', description, trainSize: run.split.train.n, evalSize: run.split.evaluation.n, encoder: run.encoder.kind, kernels: run.ops.name };
}

/** The error notice of a file command that failed: what did not happen, and why. */
export function failureMessage(msg: RunFileCommand, err: unknown): string {
  const what = msg.type === 'loadModel' ? 'The model was not opened' : msg.type === 'exportModel' ? 'The model could not be saved' : 'The embeddings could not be saved';
  return `${what}: ${err instanceof Error ? err.message : String(err)}`;
}
