/**
 * The benchmark page (bench.html), driven by bench/run.mjs in headless Chromium: window glue
 * around the suite (suite.ts) and the training benchmark (training.ts), with the wasm backend's
 * binaries served by Vite. `?threads=N` (N > 1) runs wasm on tfjs's threaded build with N threads
 * (the page is cross-origin isolated); without it, on the single-threaded SIMD build.
 */
import * as tf from '@tensorflow/tfjs';
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreaded from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { runBenchmarks } from './suite';
import { benchTraining, type TrainingCase } from './training';

export type { BenchReport } from './suite';
export type { TrainerBenchRow } from './training';

setWasmPaths({ 'tfjs-backend-wasm.wasm': wasmPlain, 'tfjs-backend-wasm-simd.wasm': wasmSimd, 'tfjs-backend-wasm-threaded-simd.wasm': wasmThreaded });
const threads = Number(new URLSearchParams(location.search).get('threads') ?? 1);
if (threads > 1) {
  // tfjs-wasm caps its pool at half of navigator.hardwareConcurrency (it assumes two hyperthreads
  // per core); the benchmark asks for all of them, so it lifts the cap for this page.
  Object.defineProperty(navigator, 'hardwareConcurrency', { value: 2 * threads });
  setThreadsCount(threads);
} else tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);

/** The training benchmark on this page's wasm thread setting; MNIST from the app's data folder. */
function runTrainingBench(o: { cases: TrainingCase[]; backends: string[]; seconds?: number }) {
  return benchTraining(o.cases, o.backends, new URL('data/', document.baseURI).href, o.seconds ?? 4, (s) => console.log(s));
}

declare global {
  interface Window {
    runBenchmarks: typeof runBenchmarks;
    runTrainingBench: typeof runTrainingBench;
  }
}
window.runBenchmarks = runBenchmarks;
window.runTrainingBench = runTrainingBench;
