/**
 * A share of the own-embeddings evaluation's retrieval pass (src/eval/retrieval/retrievalSplit.ts), nested in
 * the own-embeddings worker (evalWorkers.ts): one job, its progress and verdicts posted back.
 * Its float32 screen runs on tfjs-wasm, one thread per worker (the workers are the threads).
 */
import * as tf from '@tensorflow/tfjs';
import '../wasmSetup';
import { tfCoarseCosines } from '../../eval/kernels/coarseCosines';
import { runRetrievalJob, type RetrievalThreadJob, type RetrievalThreadMessage } from '../../eval/retrieval/retrievalSplit';

/** The screen on tfjs-wasm; null where wasm does not start (the share is then ranked in float64 alone). */
async function makeScreen(x: Float64Array, n: number, d: number) {
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  if (!(await tf.setBackend('wasm'))) return null;
  await tf.ready();
  return tfCoarseCosines(x, n, d);
}

self.onmessage = (e: MessageEvent<RetrievalThreadJob>) => {
  void runRetrievalJob(e.data, (m: RetrievalThreadMessage) => self.postMessage(m), makeScreen);
};
