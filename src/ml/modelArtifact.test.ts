import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs';
import { makeToySplit } from '../data/toy';
import { Trainer, type Checkpoint, type TrainSpec } from './trainer';
import { useCpuBackend } from './ml.testkit';
import { decodeModel, encodeModel, inspectModel, MODEL_FORMAT, ModelFileError, shapeMismatch, type WeightsFile } from './modelArtifact';
import { parseHash, serializeConfig, SCHEMA_VERSION } from '../state/link/urlSchema';
import { defaultConfig, type Config } from '../state/params';

beforeAll(useCpuBackend);

// The app's defaults on blobs: with them, tfjs's own Adam restore continues differently in the last bits.
const config: Config = { ...defaultConfig(), data: 'blobs' };
const spec: TrainSpec = config;
const split = makeToySplit('blobs', { classes: config.classes, noise: config.noise, seed: config.dataSeed, perClass: 60 });

/** The configuration reader the worker uses: a link that needed any fixing is refused. */
const readLink = (link: string): Config | string => {
  const { config: c, compare, notices } = parseHash(link);
  return notices.length > 0 ? notices.join('; ') : compare ? 'it holds a comparison' : c;
};

const variablesOf = (t: Trainer) => t.stateVariables;

async function saved(steps: number, s: TrainSpec = spec) {
  const t = new Trainer(s, split);
  for (let i = 0; i < steps; i++) await t.trainStep();
  const cp = await t.checkpoint();
  const file = await encodeModel(cp, {
    link: serializeConfig(config),
    schemaVersion: SCHEMA_VERSION,
    config: { ...config },
    encoder: t.encoder.kind,
    shapes: variablesOf(t).map((v) => v.shape),
    encoderVariables: t.encoder.variables.length,
    fileBase: 'm',
  });
  return { t, cp, file, bins: [{ name: file.weightsName, data: file.weights }] as WeightsFile[] };
}

/** A fresh run of the same configuration with `cp` put back, as the worker opens a model. */
async function restored(cp: Checkpoint, s: TrainSpec = spec): Promise<Trainer> {
  const t = new Trainer(s, split);
  await t.restore(cp);
  return t;
}

/** The message a broken file gets (and that it is one of ours, not a crash). */
function refusal(text: string, bins: WeightsFile[]): string {
  try {
    inspectModel('model.json', text, bins, readLink);
  } catch (e) {
    expect(e).toBeInstanceOf(ModelFileError);
    return (e as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('model artifact', () => {
  it('round-trips a run: same weights, same Adam state, same embeddings', async () => {
    const { t, cp, file, bins } = await saved(5);
    const json = JSON.parse(file.json);
    expect(json.format).toBe(MODEL_FORMAT);
    expect(json.convertedBy).toBeNull();
    expect(json.weightsManifest[0].paths).toEqual(['m.weights.bin']);
    expect(json.modelTopology.step).toBe(5);
    const before = tf.memory().numTensors;
    const opened = await decodeModel('m.json', file.json, bins, readLink);
    expect(tf.memory().numTensors).toBe(before);
    expect(opened.config).toEqual(config);
    expect(opened.checkpoint.variables.map((v) => Array.from(v))).toEqual(cp.variables.map((v) => Array.from(v)));
    expect(opened.checkpoint.optimizer.map((o) => Array.from(o.values))).toEqual(cp.optimizer.map((o) => Array.from(o.values)));
    expect(shapeMismatch(opened.topology, variablesOf(t))).toBeNull();

    const back = await restored(opened.checkpoint);
    expect(Array.from((await back.evaluate()).embeddings)).toEqual(Array.from((await t.evaluate()).embeddings));
    [t, back].forEach((x) => x.dispose());
  });

  it('keeps what BN evaluates with but does not train (its running statistics): the same embeddings after a round trip', async () => {
    const bn: TrainSpec = { ...spec, loss: 'softmax', head: 'bn' };
    const { t, file, bins } = await saved(6, bn);
    expect(JSON.parse(file.json).modelTopology.variables).toHaveLength(t.stateVariables.length);
    expect(t.stateVariables.length).toBeGreaterThan(t.stateVariables.filter((v) => v.trainable).length);
    const back = await restored((await decodeModel('m.json', file.json, bins, readLink)).checkpoint, bn);
    expect(Array.from((await back.evaluate()).embeddings)).toEqual(Array.from((await t.evaluate()).embeddings));
    [t, back].forEach((x) => x.dispose());
  });

  it('continues training bit for bit after a round trip, at any step (Adam’s bias corrections included)', async () => {
    const next = async (x: Trainer) => [(await x.trainStep()).loss, (await x.trainStep()).loss, (await x.trainStep()).loss];
    for (let steps = 20; steps < 28; steps++) {
      const { t, file, bins } = await saved(steps);
      const back = await restored((await decodeModel('m.json', file.json, bins, readLink)).checkpoint);
      expect(await next(back), `saved at step ${steps}`).toEqual(await next(t));
      [t, back].forEach((x) => x.dispose());
    }
  });

  it('saves a run before its first step (no Adam moments yet)', async () => {
    const { t, file, bins } = await saved(0);
    const opened = await decodeModel('m.json', file.json, bins, readLink);
    expect(opened.checkpoint.step).toBe(0);
    expect(opened.checkpoint.optimizer).toHaveLength(1);
    t.dispose();
  });

  it('refuses every kind of bad or foreign file with a clear reason', async () => {
    const { t, file, bins } = await saved(2);
    const json = () => JSON.parse(file.json);
    const edit = (f: (j: ReturnType<typeof json>) => void) => {
      const j = json();
      f(j);
      return JSON.stringify(j);
    };
    expect(refusal('{"format": "layers', bins)).toMatch(/not JSON/);
    expect(refusal('{"hello": [1, 2, 3]}', bins)).toMatch(/not a model file of this playground/);
    const layers = { format: 'layers-model', generatedBy: 'keras v2.15', convertedBy: 'TensorFlow.js Converter', modelTopology: { class_name: 'Sequential' }, weightsManifest: [{ paths: ['group1-shard1of1.bin'], weights: [] }] };
    expect(refusal(JSON.stringify(layers), bins)).toMatch(/another kind \(format “layers-model”\)/);
    expect(refusal(edit((j) => (j.modelTopology.artifactVersion = 99)), bins)).toMatch(/newer version/);
    expect(refusal(edit((j) => delete j.modelTopology.variables), bins)).toMatch(/damaged modelTopology/);
    expect(refusal(edit((j) => (j.modelTopology.link = 'v=1&dim=999&lossy=1')), bins)).toMatch(/configuration does not read cleanly.*dim=999/);
    expect(refusal(edit((j) => (j.weightsManifest[0].weights[0].shape = [7, 7])), bins)).toMatch(/weight 1 of the manifest/);
    expect(refusal(edit((j) => (j.weightsManifest[0].weights[0].dtype = 'int32')), bins)).toMatch(/is not the float32/);
    expect(refusal(edit((j) => j.weightsManifest[0].weights.pop()), bins)).toMatch(/lists \d+ weights, the model \d+/);
    expect(refusal(edit((j) => (j.weightsManifest = [])), bins)).toMatch(/damaged weightsManifest/);
    // The .bin: missing, truncated, too long, another model's, with a NaN.
    expect(refusal(file.json, [])).toMatch(/weights file “m.weights.bin” is missing/);
    expect(refusal(file.json, [{ name: 'm.weights.bin', data: file.weights.slice(0, 100) }])).toMatch(/has 100 bytes but .* needs \d+: it is truncated/);
    expect(refusal(file.json, [{ name: 'x.bin', data: new ArrayBuffer(file.weights.byteLength + 8) }])).toMatch(/longer than the model/);
    expect(refusal(file.json, [{ name: 'a.bin', data: file.weights }, { name: 'b.bin', data: file.weights }])).toMatch(/none is “m.weights.bin”/);
    const nan = file.weights.slice(0);
    new Float32Array(nan)[3] = NaN;
    expect(refusal(file.json, [{ name: 'm.weights.bin', data: nan }])).toMatch(/weight “encoder\/0” holds a non-finite value/);
    // A variable resized in the topology and the manifest alike, its Adam moments not: named as such, not as a wrong step.
    const resized = edit((j) => {
      const v = j.modelTopology.variables[0];
      v.shape = [v.shape[0] + 1, ...v.shape.slice(1)];
      j.weightsManifest[0].weights[0].shape = v.shape;
    });
    expect(refusal(resized, bins)).toMatch(/variable “encoder\/0” is \[.*\] but its Adam moments are \[/);
    const wrongStep = edit((j) => (j.modelTopology.step = 7));
    expect(refusal(wrongStep, bins)).toMatch(/step count disagrees/);
    // A renamed .bin (a browser adds " (1)") still opens when it is the only one.
    expect(inspectModel('m.json', file.json, [{ name: 'm.weights (1).bin', data: file.weights }], readLink).topology.step).toBe(2);
    t.dispose();
  });

  it('tells when the weights do not fit the model the configuration builds', async () => {
    const { t, file, bins } = await saved(1);
    const { topology } = inspectModel('m.json', file.json, bins, readLink);
    const other = new Trainer({ ...spec, dim: 3 }, split);
    expect(shapeMismatch(topology, variablesOf(other))).toMatch(/variable \d+ is \[.*2\] in the file but \[.*3\]/);
    expect(shapeMismatch(topology, variablesOf(t).slice(1))).toMatch(/has \d+ variables/);
    // Moments of the right count but on no trainable variable of that shape.
    const frozen = variablesOf(t).map((v) => ({ shape: v.shape, trainable: false }));
    expect(shapeMismatch(topology, frozen)).toMatch(/moments/);
    [t, other].forEach((x) => x.dispose());
  });
});
