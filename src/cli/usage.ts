/** The CLI's usage lines, in one light module so that `--help` and argument errors load nothing else. */

/** Usage line of `evaluate`. */
export const EVALUATE_USAGE =
  'usage: metric-playground evaluate --embeddings FILE --labels FILE [--label-column NAME] [--far 0.01,0.1] [--eps 0.1] [--path auto|exact|binned] [--skip-header] [--out DIR]';
/** Usage line of `train`. */
export const TRAIN_USAGE = "usage: metric-playground train '<link or #hash>' [--steps N] [--backend cpu|wasm|webgpu] [--out DIR]";
/** Usage line of `sweep`. */
export const SWEEP_USAGE = "usage: metric-playground sweep '<link>' --vary KEY=v1,v2,… [--vary …] --seeds 1,2,3 [--steps N] [--jobs N] [--out DIR]";

/** Usage line of `presets check`. */
export const PRESETS_USAGE = 'usage: metric-playground presets check [--preset ID,…] [--seeds 1,2,3,4,5] [--backend wasm|cpu] [--jobs N] [--out DIR]';

/** The help text of the command. */
export const USAGE = [
  'metric-playground — the Metric Playground on the command line',
  '',
  EVALUATE_USAGE,
  TRAIN_USAGE,
  SWEEP_USAGE,
  PRESETS_USAGE,
  '',
  'exit status: 0 success, 2 bad arguments or files (reason on stderr), 1 anything else',
].join('\n');
