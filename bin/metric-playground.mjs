#!/usr/bin/env node
/**
 * `metric-playground` — evaluate your own embeddings, train a playground link headless, sweep
 * settings over seeds (src/cli/main.ts says how). From a clone, the TypeScript sources load
 * through Vite's SSR module loader (scripts/lib/sources.mjs); from the published package, the
 * one-file build of `npm run build:cli` (dist-cli/). `--backend webgpu` sets up Dawn's Node
 * binding (npm `webgpu`) first, when it is installed, because tfjs-backend-webgpu looks for
 * navigator.gpu as it loads. Started as a worker thread by `evaluate` (its retrieval pass and
 * k-means on every core), it loads the same code and does that thread's share instead of a command.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);

/** Gives Node a navigator.gpu from Dawn when --backend webgpu is asked for and `webgpu` is installed. */
async function setUpWebgpu() {
  const i = argv.findIndex((a) => a === '--backend' || a.startsWith('--backend='));
  const wanted = i < 0 ? null : argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
  if (wanted !== 'webgpu') return;
  try {
    const { create, globals } = await import('webgpu');
    Object.assign(globalThis, globals);
    Object.defineProperty(globalThis, 'navigator', { value: { gpu: create([]) }, configurable: true, writable: true });
  } catch {
    // Not installed: src/cli/backend.ts says so and exits 2.
  }
}

/** `main` and tfjs-wasm's binaries: from the sources in a clone, else from the one-file build. */
async function loadCli() {
  if (existsSync(join(root, 'src/cli/main.ts'))) {
    const { openSources, wasmDir } = await import('../scripts/lib/sources.mjs');
    const { load, close } = await openSources(root);
    const cli = await load('/src/cli/main.ts');
    return { main: cli.main, runEvalThread: cli.runEvalThread, wasmDir: wasmDir(), close };
  }
  const bundle = join(root, 'dist-cli/metric-playground.cjs');
  if (!existsSync(bundle)) throw new Error(`neither the sources (src/cli/main.ts) nor the build (${bundle}) are here: run \`npm run build:cli\``);
  const cli = createRequire(import.meta.url)(bundle);
  return { main: cli.main, runEvalThread: cli.runEvalThread, wasmDir: dirname(bundle), close: async () => {} };
}

async function run() {
  // Paths are resolved against the working folder: one that was deleted is a clear refusal (exit 2),
  // before Vite's loader (which reads it first) fails with a stack trace.
  try {
    process.cwd();
  } catch {
    process.stderr.write('metric-playground: the working folder no longer exists (it was deleted or moved): cd into a folder that exists and run the command again\n');
    return 2;
  }
  await setUpWebgpu();
  const cli = await loadCli();
  try {
    const ctx = { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s), stderrTty: process.stderr.isTTY === true, wasmDir: cli.wasmDir, root, threadEntry: fileURLToPath(import.meta.url) };
    return await cli.main(argv, ctx);
  } finally {
    await cli.close();
  }
}

/**
 * Started by `evaluate` as one of its pooled threads (src/cli/evaluate/evalThreads.ts): no command, but each
 * share it is sent, one after another, until `evaluate` ends it.
 */
async function runThread() {
  const cli = await loadCli();
  let queue = Promise.resolve();
  parentPort.on('message', (job) => {
    queue = queue.then(() => cli.runEvalThread(job, (m) => parentPort.postMessage(m), cli.wasmDir)).catch((e) => parentPort.postMessage({ error: String(e?.stack ?? e) }));
  });
}

if (!isMainThread && workerData?.evalPool) {
  runThread().catch((e) => parentPort.postMessage({ error: String(e?.stack ?? e) }));
} else {
  run().then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`metric-playground: internal error: ${e?.stack ?? e}\n`);
      process.exitCode = 1;
    },
  );
}
