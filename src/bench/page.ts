/**
 * The benchmark page (bench.html), driven by scripts/bench.mjs in headless Chromium: window glue
 * around the suite (suite.ts), with the wasm backend's binaries served by Vite.
 */
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { runBenchmarks } from './suite';

export type { BenchReport } from './suite';

setWasmPaths({ 'tfjs-backend-wasm.wasm': wasmPlain, 'tfjs-backend-wasm-simd.wasm': wasmSimd, 'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded });
tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);

declare global {
  interface Window {
    runBenchmarks: typeof runBenchmarks;
  }
}
window.runBenchmarks = runBenchmarks;
