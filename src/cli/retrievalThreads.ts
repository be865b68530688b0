/**
 * `evaluate`'s retrieval pass on every core (src/eval/retrievalSplit.ts) with Node's worker
 * threads. A thread starts the CLI's own entry (bin/metric-playground.mjs), which loads the
 * sources (from a clone) or the one-file build as it does for a command, and runs the thread's
 * share (main.ts `runRetrievalThread`) instead of a command: about a second from a clone, small
 * beside a pass of 10,000 items or more.
 */
import { Worker } from 'node:worker_threads';
import { splitRetrieval } from '../eval/retrievalSplit';
import type { RetrievalPass } from '../eval/retrieval';

/** The pass split between `threads` worker threads that start `entry` (the CLI's bin). */
export function threadedRetrieval(threads: number, entry: string, o: { minItems?: number; onSplit?: (threads: number) => void } = {}): RetrievalPass {
  return splitRetrieval(
    threads,
    (job, onMessage, onFailure) => {
      const w = new Worker(entry, { workerData: { retrievalThread: job } });
      w.on('message', onMessage);
      w.on('error', (e) => onFailure(e.message));
      w.on('exit', (code) => onFailure(`it stopped (exit code ${code}) before its result`));
      return { stop: () => w.terminate() };
    },
    o,
  );
}
