/**
 * A share of the own-embeddings evaluation's k-means restarts (src/eval/clustering/split.ts),
 * nested in the own-embeddings worker (evalWorkers.ts): one job, its progress and restarts posted
 * back. Its products run on tfjs-wasm, one thread per worker (the workers are the threads).
 */
import * as tf from '@tensorflow/tfjs';
import '../wasmSetup';
import { tfCentreProducts } from '../../eval/kernels/centreProducts';
import { jsCentreProducts } from '../../eval/clustering/products';
import { runKmeansJob, type KmeansThreadJob, type KmeansThreadMessage } from '../../eval/clustering/split';

/** The products on tfjs-wasm; float64 in JavaScript where wasm does not start. */
async function makeProducts(x: Float64Array, n: number, d: number) {
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  const wasm = await tf.setBackend('wasm').catch(() => false);
  if (wasm) await tf.ready();
  return (wasm && tfCentreProducts(x, n, d)) || jsCentreProducts(x, n, d);
}

self.onmessage = (e: MessageEvent<KmeansThreadJob>) => {
  void runKmeansJob(e.data, (m: KmeansThreadMessage) => self.postMessage(m), makeProducts);
};
