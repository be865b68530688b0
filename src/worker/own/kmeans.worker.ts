/**
 * A share of the own-embeddings evaluation's k-means restarts (src/eval/clustering/split.ts),
 * nested in the own-embeddings worker (evalWorkers.ts): one job, its progress and restarts posted
 * back. Its products run on the WebAssembly SIMD kernel (src/eval/kernels/floatProducts.ts), one
 * thread per worker (the workers are the threads); on tfjs-wasm where the engine has no SIMD.
 */
import * as tf from '@tensorflow/tfjs';
import '../wasmSetup';
import { tfCentreProducts } from '../../eval/kernels/centreProducts';
import { wasmCentreProducts } from '../../eval/kernels/floatProducts';
import { jsCentreProducts } from '../../eval/clustering/products';
import { runKmeansJob, type KmeansThreadJob, type KmeansThreadMessage } from '../../eval/clustering/split';

/** The products on the kernel, else on tfjs-wasm; float64 in JavaScript where wasm does not start. */
async function makeProducts(x: Float64Array, n: number, d: number) {
  const kernel = wasmCentreProducts(x, n, d);
  if (kernel) return kernel;
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  const wasm = await tf.setBackend('wasm').catch(() => false);
  if (wasm) await tf.ready();
  return (wasm && tfCentreProducts(x, n, d)) || jsCentreProducts(x, n, d);
}

self.onmessage = (e: MessageEvent<KmeansThreadJob>) => {
  void runKmeansJob(e.data, (m: KmeansThreadMessage) => self.postMessage(m), makeProducts);
};
