/**
 * The page's side of the run's files: the worker's replies saved as downloads (two files, two
 * clicks), and the files a person chose read into a `loadModel` command (the worker checks them).
 */
import { createStore } from 'zustand/vanilla';
import type { FromWorker, RunFileCommand } from '../../worker/protocol';
import { runFileName, saveFile } from './download';

/** Larger files are not read: no model.json of this playground comes near. */
const MAX_JSON_BYTES = 16 << 20;
const MAX_BIN_BYTES = 1 << 30;

/** The second file of an export (a model's weights, the embeddings' labels), waiting for its own click. */
export interface PendingFile {
  kind: 'model' | 'embeddings';
  /** The file saved by the first click, and this one's name. */
  saved: string;
  name: string;
  data: BlobPart;
  type: string;
}

/**
 * Chromium downloads one file per click: a second download from the same click waits behind a
 * "download multiple files" prompt (measured in Chromium 156 with a fresh profile: it never came,
 * and the next click's download waited behind the prompt too). So each export
 * saves its first file at once and keeps the second, from the same step, for a second click.
 */
export const pendingFile = createStore<{ file: PendingFile | null }>(() => ({ file: null }));

/** Saves the first file of a `modelFile` or `embeddingsFile` reply and keeps the second; false for any other message. */
export function saveRunFiles(msg: FromWorker): boolean {
  if (msg.type === 'modelFile') {
    const saved = runFileName('model', msg.step, 'json');
    saveFile(saved, msg.json, 'application/json');
    pendingFile.setState({ file: { kind: 'model', saved, name: msg.weightsName, data: msg.weights, type: 'application/octet-stream' } });
    return true;
  }
  if (msg.type === 'embeddingsFile') {
    const saved = runFileName('vectors', msg.step, 'tsv');
    saveFile(saved, msg.vectors, 'text/tab-separated-values');
    pendingFile.setState({ file: { kind: 'embeddings', saved, name: runFileName('metadata', msg.step, 'tsv'), data: msg.metadata, type: 'text/tab-separated-values' } });
    return true;
  }
  return false;
}

/** Saves the waiting second file (see {@link pendingFile}). */
export function savePendingFile(): void {
  const { file } = pendingFile.getState();
  if (!file) return;
  saveFile(file.name, file.data, file.type);
  pendingFile.setState({ file: null });
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * Reads the chosen files into a `loadModel` command: one model.json and its .bin files. Returns
 * the reason in words when the choice itself cannot be a model (a .bin alone, two models, …).
 */
export async function readModelFiles(files: File[]): Promise<Extract<RunFileCommand, { type: 'loadModel' }> | string> {
  const jsons = files.filter((f) => /\.json$/i.test(f.name));
  const bins = files.filter((f) => /\.bin$/i.test(f.name));
  const other = files.find((f) => !jsons.includes(f) && !bins.includes(f));
  if (other) return `“${other.name}” is neither a model.json nor a .bin: choose a saved model's .json and its .weights.bin together.`;
  if (jsons.length === 0) {
    return bins.length > 0 ? `A .bin alone cannot be opened: choose the model's .json together with “${bins[0].name}”.` : 'No file was chosen.';
  }
  if (jsons.length > 1) return `Choose one model at a time (${jsons.length} .json files were chosen).`;
  const [json] = jsons;
  if (json.size > MAX_JSON_BYTES) return `“${json.name}” is too large (${mb(json.size)}) to be a model.json of this playground.`;
  const big = bins.find((b) => b.size > MAX_BIN_BYTES);
  if (big) return `“${big.name}” is too large (${mb(big.size)}) to be the weights of this playground's models.`;
  try {
    const weights = await Promise.all(bins.map(async (b) => ({ name: b.name, data: await b.arrayBuffer() })));
    return { type: 'loadModel', jsonName: json.name, json: await json.text(), weights };
  } catch (err) {
    return `The chosen files could not be read (${err instanceof Error ? err.message : String(err)}).`;
  }
}
