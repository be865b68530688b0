/**
 * The metrics worker (see metricsOffload.ts): evaluates a subsample with SPEC's exact path,
 * finishes embedding refreshes, and on wasm embeds them too, while the training worker trains.
 */
import { evaluateEmbeddings } from '../../eval/evaluate';
import type { OffloadReply, OffloadRequest } from './metricsOffload';
import { finishSnapshot, snapshotTransfers } from '../training/snapshotView';
import type * as EmbedOffThread from './embedOffThread';
import { inTurn, type CpuTurns } from '../cpuTurns';

/** Jobs run one after another, so answers leave in the order the requests came. */
let queue = Promise.resolve();
/** The page's CPU turns: each job computes in one. */
let turns: CpuTurns | null = null;
self.onmessage = (e: MessageEvent<OffloadRequest>) => {
  const r = e.data;
  if (r.kind === 'turns') turns = r.turns;
  else queue = queue.then(() => (r.kind === 'model' ? answer(r) : inTurn(turns, () => answer(r))));
};

const reply = (r: OffloadReply, transfer: Transferable[] = []) => self.postMessage(r, { transfer });
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** tfjs and the model copy load with the first refresh embedded here. */
const embedding = () => import('./embedOffThread');

async function answer(r: Exclude<OffloadRequest, { kind: 'turns' }>): Promise<void> {
  if (r.kind === 'model') {
    // A model that cannot be set up fails the jobs that need it, each with the reason.
    await embedding().then((m) => m.setModel(r), () => {});
    return;
  }
  try {
    if (r.kind === 'snapshot') {
      const snapshot = finishSnapshot(r.job);
      reply({ id: r.id, snapshot }, snapshotTransfers(snapshot));
    } else if (r.kind === 'exact') {
      reply({ id: r.id, report: await evaluateEmbeddings(r.emb, r.labels, r.n, r.d, r.numClasses, { path: 'exact' }) });
    } else {
      let job: Awaited<ReturnType<typeof EmbedOffThread.embedJob>>;
      try {
        job = await (await embedding()).embedJob(r);
      } catch (err) {
        // The view fails first, then the evaluation of the refresh that could not be embedded.
        reply({ id: r.id, error: reason(err) });
        if (r.metricsId !== null) reply({ id: r.metricsId, error: reason(err) });
        return;
      }
      const { answer, report } = job;
      reply({ id: r.id, ...answer }, [...snapshotTransfers(answer.snapshot), answer.embeddings.buffer]);
      if (report && r.metricsId !== null) {
        const metricsId = r.metricsId;
        await report().then(
          (rep) => reply({ id: metricsId, report: rep }),
          (err: unknown) => reply({ id: metricsId, error: reason(err) }),
        );
      }
    }
  } catch (err) {
    reply({ id: r.id, error: reason(err) });
  }
}
