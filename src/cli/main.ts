/**
 * The `metric-playground` command: dispatches to evaluate, train, sweep and presets check, and turns every
 * outcome into an exit status a script can rely on — 0 success, 2 bad arguments or files (the
 * reason on stderr), 1 anything else. The bin (bin/metric-playground.mjs) loads this module.
 * Each command's module loads on demand, so a bad argument is answered before tfjs loads.
 */
import { CliError, describeFailure, EXIT_USAGE } from './errors';
import type { CliContext } from './evaluate';
import { USAGE } from './usage';
import type { RetrievalThreadJob, RetrievalThreadMessage } from '../eval/retrievalSplit';

/**
 * A retrieval thread's share of the pass (src/cli/retrievalThreads.ts): bin/metric-playground.mjs
 * runs it instead of a command when it was started as one of `evaluate`'s worker threads.
 */
export async function runRetrievalThread(job: RetrievalThreadJob, post: (m: RetrievalThreadMessage) => void, wasmDir?: string): Promise<void> {
  const { runRetrievalJob } = await import('../eval/retrievalSplit');
  // The thread's float32 screen on tfjs-wasm, as `evaluate` has it on its own thread.
  const makeScreen = wasmDir
    ? async (x: Float64Array, n: number, d: number) => {
        await (await import('./backend')).startBackend('wasm', wasmDir);
        return (await import('../eval/kernels/coarseCosines')).tfCoarseCosines(x, n, d);
      }
    : undefined;
  return runRetrievalJob(job, post, makeScreen);
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
    if (command === 'evaluate') return await (await import('./evaluate')).runEvaluate(rest, ctx);
    if (command === 'train') return await (await import('./train')).runTrain(rest, ctx);
    if (command === 'sweep') return await (await import('./sweep')).runSweep(rest, ctx);
    if (command === 'presets') return await (await import('./presetsCheck')).runPresetsCheck(rest, ctx);
    throw new CliError(`unknown command “${command}”\n${USAGE}`);
  } catch (e) {
    const { exitCode, message } = describeFailure(e);
    ctx.stderr(`metric-playground: ${message}\n`);
    return exitCode;
  }
}
