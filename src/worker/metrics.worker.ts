/**
 * The metrics worker (see metricsOffload.ts): evaluates a subsample with SPEC's exact path, and
 * finishes embedding refreshes, while the training worker goes on training.
 */
import { evaluateEmbeddings } from '../eval/evaluate';
import type { OffloadReply, OffloadRequest } from './metricsOffload';
import { finishSnapshot, snapshotTransfers } from './snapshotView';

/** Jobs run one after another, so answers leave in the order the requests came. */
let queue = Promise.resolve();
self.onmessage = (e: MessageEvent<OffloadRequest>) => {
  queue = queue.then(() => answer(e.data));
};

async function answer(r: OffloadRequest): Promise<void> {
  try {
    if (r.kind === 'snapshot') {
      const snapshot = finishSnapshot(r.job);
      self.postMessage({ id: r.id, snapshot } satisfies OffloadReply, { transfer: snapshotTransfers(snapshot) });
    } else {
      const report = await evaluateEmbeddings(r.emb, r.labels, r.n, r.d, r.numClasses, { path: 'exact' });
      self.postMessage({ id: r.id, report } satisfies OffloadReply);
    }
  } catch (err) {
    self.postMessage({ id: r.id, error: err instanceof Error ? err.message : String(err) } satisfies OffloadReply);
  }
}
