/**
 * The metrics worker (see metricsOffload.ts): evaluates a subsample with SPEC's exact path while
 * the training worker goes on training.
 */
import { evaluateEmbeddings } from '../eval/evaluate';
import type { ExactReply, ExactRequest } from './metricsOffload';

self.onmessage = async (e: MessageEvent<ExactRequest>) => {
  const { id, emb, labels, n, d, numClasses } = e.data;
  let reply: ExactReply;
  try {
    reply = { id, report: await evaluateEmbeddings(emb, labels, n, d, numClasses, { path: 'exact' }) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(reply);
};
