/**
 * tfjs in Node, behind a few functions: the command line (src/cli/backend.ts, src/cli/train/runner.ts)
 * starts and names its backend through these instead of importing tfjs, so that every direct use
 * of tfjs stays in src/ml, src/eval/kernels, src/worker and the bench (README "Layout"). The page's
 * worker sets its backends up in src/worker/training/backends.ts and src/worker/wasmSetup.ts; this is the
 * Node counterpart, with the wasm binaries read from a folder instead of bundled URLs.
 */
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { installWasmMatMul } from './ops/wasmMatMul';

/**
 * tfjs itself and tfjs-wasm's `setWasmPaths`, for the Node scripts that load the app through
 * scripts/lib/sources.mjs (`loadNamed`, `exportLines`): they get tfjs from here, so tfjs is
 * imported by name only inside the allowed folders.
 */
export { tf, setWasmPaths };

/**
 * The name of tfjs's active backend (`tf.getBackend()`): when none has started yet, this starts
 * the best registered one, as tfjs does.
 */
export function activeBackend(): string {
  return tf.getBackend();
}

/**
 * Prepares tfjs-wasm in Node as the page's worker has it: the binaries from `wasmDir` (the folder
 * of `tfjs-backend-wasm*.wasm`), the single-threaded build (tfjs's threaded build is browser-only)
 * and the app's transposed-product kernels (`installWasmMatMul`; without them the loss differs
 * from the browser's in the last digits). Call before {@link switchBackend}`('wasm')`.
 */
export function prepareNodeWasm(wasmDir: string): void {
  setWasmPaths(wasmDir.endsWith('/') ? wasmDir : `${wasmDir}/`);
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  installWasmMatMul();
}

/**
 * Loads and registers tfjs-backend-webgpu. It looks for `navigator.gpu` as it loads, so Node needs
 * Dawn's binding installed on the global first (bin/metric-playground.mjs does it).
 */
export async function loadWebgpuBackend(): Promise<void> {
  await import('@tensorflow/tfjs-backend-webgpu');
}

/**
 * `tf.setBackend(name)` then `tf.ready()`: true when tfjs says the backend started. Throws what
 * tfjs throws (a backend whose initialisation fails).
 */
export async function switchBackend(name: string): Promise<boolean> {
  const ok = await tf.setBackend(name);
  await tf.ready();
  return ok;
}
