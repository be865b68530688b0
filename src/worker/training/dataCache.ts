/**
 * Loads the dataset a configuration asks for, keeping MNIST in memory across runs so a reset or a
 * changed hyper-parameter does not fetch it again.
 */
import type { DataSplit, Dataset } from '../../data/dataset';
import { fetchMnist, splitMnist } from '../../data/mnist';
import { makeToySplit } from '../../data/toy';
import type { Config } from '../../state/params';

let mnist: Promise<Dataset> | null = null;

/**
 * The train/evaluation split for `config`. `onProgress` sees MNIST's download in [0, 1], with a
 * `note` while a failed file is tried again; `stallMs` overrides the download's time limit.
 */
export async function loadSplit(
  config: Config,
  dataUrl: string,
  onProgress: (fraction: number, note?: string) => void,
  stallMs?: number,
): Promise<DataSplit> {
  if (config.data === 'mnist') {
    let note: string | undefined;
    mnist ??= fetchMnist(dataUrl, (loaded, total) => onProgress(total > 0 ? loaded / total : 0, note), {
      stallMs,
      onRetry: () => {
        note = 'retrying';
        onProgress(0, note);
      },
    });
    try {
      return splitMnist(await mnist, config.split);
    } catch (e) {
      mnist = null; // let the next attempt fetch again
      throw e;
    }
  }
  return makeToySplit(config.data, { classes: config.classes, noise: config.noise, seed: config.dataSeed });
}
