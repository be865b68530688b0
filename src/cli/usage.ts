/** The CLI's usage lines, in one light module so that `--help` and argument errors load nothing else (the parameter table has no imports). */
import { PARAM_BY_KEY } from '../state/params';

/** Usage line of `evaluate`. */
export const EVALUATE_USAGE =
  'usage: metric-playground evaluate --embeddings FILE --labels FILE [--label-column NAME] [--far 0.01,0.1] [--eps 0.1] [--path auto|exact|binned] [--backend wasm|webgpu] [--recall-sample N] [--threads N] [--skip-header] [--out DIR]';
/** Usage line of `train`. */
export const TRAIN_USAGE = "usage: metric-playground train '<link or #hash>' [--steps N] [--backend cpu|wasm|webgpu] [--lenient] [--out DIR]";
/** Usage line of `sweep`. */
export const SWEEP_USAGE =
  "usage: metric-playground sweep '<link>' --vary KEY=v1,v2,… [--vary …] --seeds 1,2,3 [--steps N] [--jobs N] [--lenient] [--out DIR] [--plan] [--shard I/N]\n" +
  '       metric-playground sweep --collect DIR';

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
  'a link the page would read only with a notice (an unknown key, a malformed or clamped value, a link too long) is refused',
  '  with exit 2, naming the key; --lenient trains what the page would make of it, the notices on stderr.',
  `--steps N: 1 to ${PARAM_BY_KEY.steps.max} (the Steps setting's range); --jobs N: 1 or more; --far: rates above 0, at most 1.`,
  'a sweep on a job engine (GNU parallel, Slurm, Kubernetes): --plan prints one `metric-playground train … --out DIR/runs/runNNN` command per run',
  '  (e.g. | parallel -j 4) and trains nothing; --shard I/N (1 ≤ I ≤ N) trains only the runs whose index i, from 0, has',
  '  i % N = I − 1 (a job array) into the same folders and writes no merged files; both write DIR/plan.json. Then',
  '  sweep --collect DIR writes runs.csv, runs.json, summary.csv, summary.json and opis-vs-error.svg as a sweep on one',
  '  machine does; a missing or incomplete run is named (exit 2, nothing written).',
  'evaluate: Recall@K, MAP@R and R-precision are over every item, each against every other item; --recall-sample N takes',
  '  them over N seeded queries instead (still against every item; metrics.json and the report say so). NMI: every item.',
  '  --threads N: the retrieval pass on N worker threads from 10,000 items (default: every core; the same numbers).',
  '  --backend webgpu: on the binned path, the all-pairs histograms on the GPU (Dawn; exit 2 without one), the retrieval',
  '  pass on the threads as on wasm.',
  '--out DIR is made if missing and checked (a writable folder, with room for a run) before any work; the files the command',
  '  writes there (metrics.json, report.html, *.svg, loss.csv, run.json, model files, final/, runs/…) are removed first,',
  '  anything else in the folder is left alone.',
  '',
  'exit status: 0 success, 2 bad arguments or files (reason on stderr), 1 anything else',
].join('\n');
