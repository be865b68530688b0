/**
 * Starts a tfjs backend in Node the way the page's worker does (src/worker/training/backends.ts), so a run
 * here reproduces the browser's numbers: on wasm, the single-threaded SIMD build with the app's own
 * transposed-product kernels (`installWasmMatMul`) — without them the loss differs in the last
 * digits. `webgpu` needs Dawn's Node binding set up before tfjs-backend-webgpu loads (the bin does it).
 * tfjs itself is reached through src/ml/nodeBackend.ts.
 */
import { activeBackend, loadWebgpuBackend, prepareNodeWasm, switchBackend } from '../ml/nodeBackend';
import { CliError, EXIT_FAILURE } from './errors';

/** The backends the CLI can train and evaluate on. */
export const CLI_BACKENDS = ['wasm', 'cpu', 'webgpu'] as const;
/** One of {@link CLI_BACKENDS}. */
export type CliBackend = (typeof CLI_BACKENDS)[number];

/** Activates `name`; `wasmDir` holds tfjs-backend-wasm's .wasm files. Exit 2 when webgpu is missing. */
export async function startBackend(name: CliBackend, wasmDir: string): Promise<void> {
  if (activeBackend() === name) return;
  if (name === 'wasm') prepareNodeWasm(wasmDir); // single-threaded, with the app's matMul: else the loss differs from the browser's
  if (name === 'webgpu') {
    const nav = (globalThis as { navigator?: { gpu?: unknown } }).navigator;
    if (!nav?.gpu) {
      throw new CliError(
        '--backend webgpu needs Dawn’s Node binding (the optional npm package `webgpu`, with a Vulkan, Metal or D3D12 driver); ' +
          'it is not installed here. Install it with `npm install webgpu`, or use --backend wasm.',
      );
    }
    await loadWebgpuBackend();
  }
  let ok = false;
  try {
    ok = await switchBackend(name);
  } catch (e) {
    throw new CliError(`backend ${name} did not start: ${(e as Error).message}`, name === 'webgpu' ? 2 : EXIT_FAILURE);
  }
  if (!ok || activeBackend() !== name) throw new CliError(`backend ${name} did not start${name === 'webgpu' ? ' (no WebGPU adapter: is a GPU driver installed?)' : ''}`, name === 'webgpu' ? 2 : EXIT_FAILURE);
}
