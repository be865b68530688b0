#!/usr/bin/env node
/**
 * `metric-playground` — evaluate your own embeddings, train a playground link headless, sweep
 * settings over seeds (src/cli/main.ts says how). From a clone, the TypeScript sources load
 * through Vite's SSR module loader (as scripts/train-node.mjs does); tfjs and its wasm backend are
 * plain Node packages. `--backend webgpu` sets up Dawn's Node binding (npm `webgpu`) first, when
 * it is installed, because tfjs-backend-webgpu looks for navigator.gpu as it loads.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

async function run() {
  await setUpWebgpu();
  const { createServer } = await import('vite');
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { main } = await server.ssrLoadModule('/src/cli/main.ts');
    const ctx = {
      stdout: (s) => process.stdout.write(s),
      stderr: (s) => process.stderr.write(s),
      wasmDir: join(root, 'node_modules/@tensorflow/tfjs-backend-wasm/dist'),
      root,
    };
    return await main(argv, ctx);
  } finally {
    await server.close();
  }
}

run().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`metric-playground: internal error: ${e?.stack ?? e}\n`);
    process.exitCode = 1;
  },
);
