/**
 * The `metric-playground` command: dispatches to evaluate, train, sweep and presets check, and turns every
 * outcome into an exit status a script can rely on — 0 success, 2 bad arguments or files (the
 * reason on stderr), 1 anything else. The bin (bin/metric-playground.mjs) loads this module.
 * Each command's module loads on demand, so a bad argument is answered before tfjs loads.
 */
import { CliError, describeFailure, EXIT_USAGE } from './errors';
import type { CliContext } from './context';
import { USAGE } from './usage';
import type { RetrievalThreadJob, RetrievalThreadMessage } from '../eval/retrieval/retrievalSplit';
import type { KmeansThreadJob, KmeansThreadMessage } from '../eval/clustering/split';
import type { EvalThreadJob } from './evaluate/evalThreads';

/**
 * A thread's share of `evaluate`'s retrieval pass or k-means restarts (src/cli/evaluate/evalThreads.ts):
 * bin/metric-playground.mjs runs it instead of a command when it was started as one of
 * `evaluate`'s worker threads. Its float32 products run on the WebAssembly SIMD kernel
 * (src/eval/kernels/floatProducts.ts), as `evaluate`'s own thread has them on tfjs-wasm.
 */
export async function runEvalThread(data: EvalThreadJob, post: (m: RetrievalThreadMessage | KmeansThreadMessage) => void, wasmDir?: string): Promise<void> {
  const onWasm = async () => {
    if (wasmDir) await (await import('./backend')).startBackend('wasm', wasmDir);
    return wasmDir !== undefined;
  };
  if (data.kind === 'kmeans') {
    const { runKmeansJob } = await import('../eval/clustering/split');
    const { jsCentreProducts } = await import('../eval/clustering/products');
    const { tfCentreProducts } = await import('../eval/kernels/centreProducts');
    const { wasmCentreProducts } = await import('../eval/kernels/floatProducts');
    const make = async (x: Float64Array, n: number, d: number) =>
      wasmCentreProducts(x, n, d) ?? (((await onWasm().catch(() => false)) && tfCentreProducts(x, n, d)) || jsCentreProducts(x, n, d));
    return runKmeansJob(data.job as KmeansThreadJob, post, make);
  }
  const { runRetrievalJob } = await import('../eval/retrieval/retrievalSplit');
  const { wasmCoarseCosines } = await import('../eval/kernels/floatProducts');
  return runRetrievalJob(data.job as RetrievalThreadJob, post, async (x, n, d) => wasmCoarseCosines(x, n, d));
}

/** Runs the command line `argv` (without node and the script); resolves to the exit status. */
export async function main(argv: string[], ctx: CliContext): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      (command === undefined ? ctx.stderr : ctx.stdout)(USAGE + '\n');
      return command === undefined ? EXIT_USAGE : 0;
    }
    if (rest.includes('--help') || rest.includes('-h')) {
      ctx.stdout(USAGE + '\n');
      return 0;
    }
    if (command === 'evaluate') return await (await import('./evaluate/evaluate')).runEvaluate(rest, ctx);
    if (command === 'train') return await (await import('./train/train')).runTrain(rest, ctx);
    if (command === 'sweep') return await (await import('./sweep/sweep')).runSweep(rest, ctx);
    if (command === 'presets') return await (await import('./presets/presetsCheck')).runPresetsCheck(rest, ctx);
    throw new CliError(`unknown command “${command}”\n${USAGE}`);
  } catch (e) {
    const { exitCode, message } = describeFailure(e);
    ctx.stderr(`metric-playground: ${message}\n`);
    return exitCode;
  }
}
