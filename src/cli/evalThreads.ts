/**
 * `evaluate`'s two passes on every core with Node's worker threads: the retrieval pass
 * (src/eval/retrievalSplit.ts) and k-means's restarts (src/eval/clustering/split.ts). A thread
 * starts the CLI's own entry (bin/metric-playground.mjs), which loads the sources (from a clone) or
 * the one-file build as it does for a command, and does the thread's share (main.ts `runEvalThread`)
 * instead of a command: about a second from a clone, small beside a pass of 10,000 items or more.
 */
import { Worker } from 'node:worker_threads';
import { splitRetrieval } from '../eval/retrievalSplit';
import { splitClustering } from '../eval/clustering/split';
import type { RetrievalPass } from '../eval/retrieval';
import type { ClusteringPass } from '../eval/clustering/restarts';
import type { StartThread } from '../eval/threads';

/** What a thread of `evaluate` is started with (its workerData): which share, and the job. */
export type EvalThreadData = { evalThread: { kind: 'retrieval' | 'kmeans'; job: unknown } };

/** Starts `entry` as a worker thread doing a `kind` job. */
function nodeThreads<J, R>(entry: string, kind: EvalThreadData['evalThread']['kind']): StartThread<J, R> {
  return (job, onMessage, onFailure) => {
    const workerData: EvalThreadData = { evalThread: { kind, job } };
    const w = new Worker(entry, { workerData });
    w.on('message', onMessage);
    w.on('error', (e) => onFailure(e.message));
    w.on('exit', (code) => onFailure(`it stopped (exit code ${code}) before its result`));
    return { stop: () => w.terminate() };
  };
}

/** The retrieval pass split between `threads` worker threads that start `entry` (the CLI's bin). */
export function threadedRetrieval(threads: number, entry: string, o: { minItems?: number; onSplit?: (threads: number) => void } = {}): RetrievalPass {
  return splitRetrieval(threads, nodeThreads(entry, 'retrieval'), o);
}

/** k-means's restarts dealt to `threads` worker threads that start `entry`; `local` runs them here when not worth threads. */
export function threadedClustering(threads: number, entry: string, local: ClusteringPass, o: { onSplit?: (threads: number) => void } = {}): ClusteringPass {
  return splitClustering(threads, nodeThreads(entry, 'kmeans'), local, o);
}
