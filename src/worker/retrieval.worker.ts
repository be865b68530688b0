/**
 * A share of the own-embeddings evaluation's retrieval pass (src/eval/retrievalSplit.ts), nested in
 * the own-embeddings worker (retrievalWorkers.ts): one job, its progress and verdicts posted back.
 */
import { runRetrievalJob, type RetrievalThreadJob, type RetrievalThreadMessage } from '../eval/retrievalSplit';

self.onmessage = (e: MessageEvent<RetrievalThreadJob>) => {
  void runRetrievalJob(e.data, (m: RetrievalThreadMessage) => self.postMessage(m));
};
