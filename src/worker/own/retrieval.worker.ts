/**
 * A share of the own-embeddings evaluation's retrieval pass (src/eval/retrieval/retrievalSplit.ts), nested in
 * the own-embeddings worker (evalWorkers.ts): one job, its progress and verdicts posted back.
 * Its float32 screen is the WebAssembly SIMD kernel (src/eval/kernels/floatProducts.ts), one thread
 * per worker; where the engine has no WebAssembly SIMD the share is ranked in float64 alone.
 */
import { wasmCoarseCosines } from '../../eval/kernels/floatProducts';
import { runRetrievalJob, type RetrievalThreadJob, type RetrievalThreadMessage } from '../../eval/retrieval/retrievalSplit';

self.onmessage = (e: MessageEvent<RetrievalThreadJob>) => {
  void runRetrievalJob(e.data, (m: RetrievalThreadMessage) => self.postMessage(m), async (x, n, d) => wasmCoarseCosines(x, n, d));
};
