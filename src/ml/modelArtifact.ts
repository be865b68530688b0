/**
 * A trained run as a TensorFlow.js model artifact: `model.json` (our own `modelTopology` — the
 * configuration as a link, the encoder, the step, the variables — and a `weightsManifest` exactly
 * as `tf.io.encodeWeights` writes it) beside one `.weights.bin`. Adam's state travels too, so an
 * opened model continues training exactly where it was saved.
 *
 * Opening checks everything a file can get wrong before anything changes: JSON, format, version,
 * configuration, manifest, byte length, finite values. Framework-free (no DOM); the configuration
 * reader is passed in so this module needs nothing from the state layer.
 */
import * as tf from '@tensorflow/tfjs';
import type { Checkpoint } from './trainer';

/** The `format` of our model.json (a tfjs layers-model says `layers-model`). */
export const MODEL_FORMAT = 'metric-playground-encoder';
/** Version of this artifact layout; a newer file is refused, not guessed at. */
export const ARTIFACT_VERSION = 1;

/** What a model.json describes besides its weights. */
export interface ModelTopology {
  artifactVersion: number;
  /** Version of the link schema `link` was written in. */
  schemaVersion: number;
  /** The configuration as the hash of its link (authoritative). */
  link: string;
  /** The same configuration key by key, for a person reading the file. */
  config: Record<string, string | number>;
  encoder: string;
  step: number;
  /** Encoder then objective variables, then BN's running statistics where the head has them, in the manifest's order. */
  variables: { name: string; shape: number[] }[];
  /** Adam's iteration count then first and second moments (empty before the first step). */
  optimizer: { name: string; shape: number[] }[];
}

/** Everything a saved model.json holds. */
export interface ModelJson {
  format: string;
  generatedBy: string;
  convertedBy: null;
  modelTopology: ModelTopology;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

/** What the caller knows about the run besides its checkpoint. */
export interface SaveInfo {
  link: string;
  schemaVersion: number;
  config: Record<string, string | number>;
  encoder: string;
  /** Shapes of the checkpoint's variables, in its order; the first `encoderVariables` are the encoder's. */
  shapes: number[][];
  encoderVariables: number;
  /** The files' name without extension: `<base>.json` and `<base>.weights.bin`. */
  fileBase: string;
}

/** A `.bin` a person chose, by name. */
export interface WeightsFile {
  name: string;
  data: ArrayBuffer;
}

/** A model file that passed every check, with its configuration read by the caller's reader. */
export interface OpenedModel<C> {
  topology: ModelTopology;
  config: C;
  checkpoint: Checkpoint;
}

/** A file that cannot be opened; the message says why in words a person can act on. */
export class ModelFileError extends Error {}

const size = (shape: number[]) => shape.reduce((a, b) => a * b, 1);
const isShape = (s: unknown): s is number[] => Array.isArray(s) && s.length <= 8 && s.every((d) => Number.isSafeInteger(d) && d >= 0 && d <= 1 << 24);
const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const same = (a: number[], b: number[]) => a.length === b.length && a.every((d, i) => d === b[i]);

/** Serialises a run: the model.json text and the weights (float32 values; Adam's count as int32). */
export async function encodeModel(cp: Checkpoint, info: SaveInfo): Promise<{ json: string; weightsName: string; weights: ArrayBuffer }> {
  if (info.shapes.length !== cp.variables.length) throw new Error('encodeModel: one shape per variable is needed');
  const nMoments = (cp.optimizer.length - 1) / 2;
  const optName = (i: number) => (i === 0 ? 'optimizer/iter' : `optimizer/${i <= nMoments ? 'm' : 'v'}/${(i - 1) % nMoments}`);
  const varName = (i: number) => (i < info.encoderVariables ? `encoder/${i}` : `objective/${i - info.encoderVariables}`);
  const model = cp.variables.map((values, i) => ({ name: varName(i), tensor: tf.tensor(values, info.shapes[i], 'float32') }));
  const optimizer = cp.optimizer.map((o, i) => ({ name: optName(i), tensor: tf.tensor(o.values, o.shape, o.dtype) }));
  try {
    const a = await tf.io.encodeWeights(model, 'model');
    const b = await tf.io.encodeWeights(optimizer, 'optimizer');
    const weights = new Uint8Array(a.data.byteLength + b.data.byteLength);
    weights.set(new Uint8Array(a.data), 0);
    weights.set(new Uint8Array(b.data), a.data.byteLength);
    const weightsName = `${info.fileBase}.weights.bin`;
    const topology: ModelTopology = {
      artifactVersion: ARTIFACT_VERSION,
      schemaVersion: info.schemaVersion,
      link: info.link,
      config: info.config,
      encoder: info.encoder,
      step: cp.step,
      variables: model.map((t) => ({ name: t.name, shape: t.tensor.shape })),
      optimizer: optimizer.map((t) => ({ name: t.name, shape: t.tensor.shape })),
    };
    const json: ModelJson = {
      format: MODEL_FORMAT,
      generatedBy: `Metric Playground (TensorFlow.js ${tf.version.tfjs})`,
      convertedBy: null,
      modelTopology: topology,
      weightsManifest: [{ paths: [weightsName], weights: [...a.specs, ...b.specs] }],
    };
    return { json: JSON.stringify(json), weightsName, weights: weights.buffer };
  } finally {
    tf.dispose([...model, ...optimizer].map((t) => t.tensor));
  }
}

/** Why a model.json is not ours, in words: a random JSON, another tfjs model kind, a newer file. */
function readJson(name: string, text: string): ModelJson {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ModelFileError(`“${name}” is not a model file of this playground: it is not JSON.`);
  }
  if (!isRecord(json) || typeof json.format !== 'string') {
    throw new ModelFileError(`“${name}” is not a model file of this playground (it has no "format": "${MODEL_FORMAT}").`);
  }
  if (json.format !== MODEL_FORMAT) {
    throw new ModelFileError(`“${name}” is a TensorFlow.js model of another kind (format “${json.format.slice(0, 40)}”), not one saved by this playground's “Download model”.`);
  }
  const t = json.modelTopology;
  if (!isRecord(t) || typeof t.artifactVersion !== 'number') throw new ModelFileError(`“${name}” has no readable modelTopology.`);
  if (t.artifactVersion > ARTIFACT_VERSION) {
    throw new ModelFileError(`“${name}” was saved by a newer version of the playground (model file v${t.artifactVersion}; this page reads v${ARTIFACT_VERSION}).`);
  }
  const list = (xs: unknown) => Array.isArray(xs) && xs.every((x) => isRecord(x) && typeof x.name === 'string' && isShape(x.shape));
  if (
    t.artifactVersion !== ARTIFACT_VERSION || typeof t.link !== 'string' || typeof t.encoder !== 'string' ||
    !Number.isSafeInteger(t.step) || (t.step as number) < 0 || !list(t.variables) || !list(t.optimizer)
  ) {
    throw new ModelFileError(`“${name}” has a damaged modelTopology (link, encoder, step or variables missing or malformed).`);
  }
  const m = json.weightsManifest;
  const group = Array.isArray(m) && m.length === 1 && isRecord(m[0]) ? m[0] : null;
  if (!group || !Array.isArray(group.paths) || group.paths.length !== 1 || typeof group.paths[0] !== 'string' || !Array.isArray(group.weights)) {
    throw new ModelFileError(`“${name}” has a damaged weightsManifest (one group with one weights file is expected).`);
  }
  return json as unknown as ModelJson;
}

/** The manifest must list the topology's variables, then Adam's state, as float32 (the count int32). */
function checkManifest(name: string, t: ModelTopology, specs: tf.io.WeightsManifestEntry[]): void {
  const expected = [...t.variables.map((v) => ({ ...v, dtype: 'float32' })), ...t.optimizer.map((o, i) => ({ ...o, dtype: i === 0 ? 'int32' : 'float32' }))];
  const bad = (why: string) => new ModelFileError(`“${name}”: ${why}.`);
  if (specs.length !== expected.length) throw bad(`the weights manifest lists ${specs.length} weights, the model ${expected.length}`);
  specs.forEach((s, i) => {
    const e = expected[i];
    if (!isRecord(s) || s.name !== e.name || !isShape(s.shape) || !same(s.shape, e.shape) || s.dtype !== e.dtype || s.quantization !== undefined) {
      throw bad(`weight ${i + 1} of the manifest (“${String((s as { name?: unknown })?.name).slice(0, 40)}”) is not the ${e.dtype} [${e.shape.join(', ')}] “${e.name}” the model lists`);
    }
  });
  const n = t.optimizer.length;
  if (n > 0 && (n % 2 !== 1 || t.optimizer[0].shape.length !== 0)) throw bad('Adam’s state is not its step count followed by pairs of moments');
  const k = (n - 1) / 2;
  for (let i = 1; i <= k; i++) if (!same(t.optimizer[i].shape, t.optimizer[i + k].shape)) throw bad('Adam’s first and second moments differ in shape');
  // Adam keeps one pair of moments per variable, of its shape: a variable resized alone is named as such
  // (otherwise its misplaced bytes would surface later as a wrong step count).
  if (n > 0 && k === t.variables.length) {
    t.variables.forEach((v, i) => {
      if (!same(v.shape, t.optimizer[i + 1].shape)) throw bad(`variable “${v.name}” is [${v.shape.join(', ')}] but its Adam moments are [${t.optimizer[i + 1].shape.join(', ')}]: the file was edited or mixes two models`);
    });
  }
}

/** The `.bin` the manifest names, or the only one chosen (a browser may have renamed a second download). */
function pickWeights(name: string, path: string, bins: WeightsFile[]): WeightsFile {
  const named = bins.find((b) => b.name === path);
  if (named) return named;
  if (bins.length === 1) return bins[0];
  if (bins.length === 0) throw new ModelFileError(`The weights file “${path}” is missing: choose “${name}” and its .bin together.`);
  throw new ModelFileError(`Several .bin files were chosen and none is “${path}”, the one “${name}” needs.`);
}

/**
 * Checks a model.json and the chosen `.bin` files without touching tfjs's state, and reads the
 * configuration with `readConfig` (which returns the problem as a string when it cannot).
 * Throws {@link ModelFileError} on anything wrong.
 */
export function inspectModel<C>(name: string, text: string, bins: WeightsFile[], readConfig: (link: string) => C | string) {
  const json = readJson(name, text);
  const t = json.modelTopology;
  const config = readConfig(t.link);
  if (typeof config === 'string') throw new ModelFileError(`“${name}”: its configuration does not read cleanly here (${config}).`);
  const specs = json.weightsManifest[0].weights;
  checkManifest(name, t, specs);
  const bin = pickWeights(name, json.weightsManifest[0].paths[0], bins);
  const need = specs.reduce((a, s) => a + size(s.shape) * 4, 0);
  if (bin.data.byteLength !== need) {
    const how = bin.data.byteLength < need ? 'it is truncated or belongs to another model' : 'it is longer than the model, so it belongs to another one';
    throw new ModelFileError(`“${bin.name}” has ${bin.data.byteLength} bytes but “${name}” needs ${need}: ${how}.`);
  }
  let offset = 0;
  for (const s of specs) {
    const n = size(s.shape);
    if (s.dtype === 'float32') {
      const values = new Float32Array(bin.data, offset, n);
      if (!values.every(Number.isFinite)) throw new ModelFileError(`“${bin.name}”: weight “${s.name}” holds a non-finite value (NaN or ±Infinity).`);
    } else if (new Int32Array(bin.data, offset, n)[0] !== t.step) {
      throw new ModelFileError(`“${bin.name}”: Adam’s step count disagrees with the saved step ${t.step}.`);
    }
    offset += n * 4;
  }
  return { topology: t, config, specs, data: bin.data };
}

/** Opens a model: {@link inspectModel}, then the weights through `tf.io.decodeWeights` into a checkpoint. */
export async function decodeModel<C>(name: string, text: string, bins: WeightsFile[], readConfig: (link: string) => C | string): Promise<OpenedModel<C>> {
  const { topology, config, specs, data } = inspectModel(name, text, bins, readConfig);
  const named = tf.io.decodeWeights(data, specs);
  try {
    const read = async (n: string) => (await named[n].data()) as Float32Array | Int32Array;
    const variables = await Promise.all(topology.variables.map(async (v) => (await read(v.name)) as Float32Array));
    const optimizer = await Promise.all(
      topology.optimizer.map(async (o, i) => ({ name: o.name, shape: o.shape, dtype: (i === 0 ? 'int32' : 'float32') as tf.DataType, values: await read(o.name) })),
    );
    return { topology, config, checkpoint: { step: topology.step, variables, optimizer } };
  } finally {
    tf.dispose(Object.values(named));
  }
}

/**
 * Whether the weights fit the model a configuration builds: the same variable shapes in order,
 * and Adam's moments those of trainable variables (tfjs keeps moments only for variables that got
 * a gradient, in order). Null when they fit, else the first difference in words.
 */
export function shapeMismatch(t: ModelTopology, built: { shape: number[]; trainable: boolean }[]): string | null {
  if (t.variables.length !== built.length) return `the file has ${t.variables.length} variables, the model its configuration builds has ${built.length}`;
  for (let i = 0; i < built.length; i++) {
    if (!same(t.variables[i].shape, built[i].shape)) {
      return `variable ${i + 1} is [${t.variables[i].shape.join(', ')}] in the file but [${built[i].shape.join(', ')}] in the model its configuration builds`;
    }
  }
  const k = (t.optimizer.length - 1) / 2;
  let j = 0;
  for (let i = 1; i <= k; i++) {
    while (j < built.length && !(built[j].trainable && same(built[j].shape, t.optimizer[i].shape))) j++;
    if (j++ >= built.length) return 'Adam’s moments do not match the model’s trainable variables';
  }
  return null;
}
