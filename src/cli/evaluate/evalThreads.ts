/**
 * `evaluate`'s two passes on every core with Node's worker threads: the retrieval pass
 * (src/eval/retrieval/retrievalSplit.ts) and k-means's restarts (src/eval/clustering/split.ts). A
 * thread starts the CLI's own entry (bin/metric-playground.mjs), which loads the sources (from a
 * clone) or the one-file build as it does for a command, and then does the shares it is given
 * (main.ts `runEvalThread`) instead of a command.
 */
import { Worker } from 'node:worker_threads';
import { splitRetrieval } from '../../eval/retrieval/retrievalSplit';
import { splitClustering } from '../../eval/clustering/split';
import type { RetrievalPass } from '../../eval/retrieval/retrieval';
import type { ClusteringPass } from '../../eval/clustering/restarts';
import type { StartThread, ThreadMessage } from '../../eval/threads';

/** What a thread of `evaluate` is given (a message to a pooled thread): which share, and the job. */
export type EvalThreadJob = { kind: 'retrieval' | 'kmeans'; job: unknown };
/** The workerData of a pooled thread: it takes {@link EvalThreadJob}s, one after another, until stopped. */
export type EvalThreadData = { evalPool: true };

/**
 * Worker threads kept for both passes: each starts `entry` once (about a second of loading from a
 * clone), so the threads are started while the files are read, and the k-means pass reuses the
 * retrieval pass's. A thread whose job is stopped before its result is ended (its work cannot be
 * interrupted); one that gave its result goes back to the pool. {@link close} ends them all.
 */
export class EvalThreadPool {
  private idle: Worker[] = [];
  private all = new Set<Worker>();
  /** Threads started so far. */
  started = 0;
  constructor(private readonly entry: string) {}

  /** Starts `count` threads now, so that they load while this thread reads the files. */
  warm(count: number): void {
    while (this.idle.length < count) this.idle.push(this.spawn());
  }

  private spawn(): Worker {
    const workerData: EvalThreadData = { evalPool: true };
    const w = new Worker(this.entry, { workerData });
    this.started++;
    this.all.add(w);
    // A thread's error reaches its job's onFailure while a job runs; one after its job was stopped
    // (its listeners gone) must not crash the process as an unhandled 'error' event.
    w.on('error', () => undefined);
    w.on('exit', () => {
      this.all.delete(w);
      this.idle = this.idle.filter((v) => v !== w);
    });
    return w;
  }

  /** A {@link StartThread} for `kind` jobs that takes its threads from the pool. */
  starter<J, R>(kind: EvalThreadJob['kind']): StartThread<J, R> {
    return (job, onMessage, onFailure) => {
      const w = this.idle.pop() ?? this.spawn();
      let gave = false;
      const message = (m: ThreadMessage<R>) => {
        gave ||= 'result' in m;
        onMessage(m);
      };
      const error = (e: Error) => onFailure(e.message);
      const exit = (code: number) => onFailure(`it stopped (exit code ${code}) before its result`);
      w.on('message', message).on('error', error).on('exit', exit);
      const task: EvalThreadJob = { kind, job };
      w.postMessage(task);
      return {
        stop: () => {
          w.off('message', message).off('error', error).off('exit', exit);
          if (gave && this.all.has(w)) return void this.idle.push(w);
          return w.terminate();
        },
      };
    };
  }

  /** Ends every thread. */
  async close(): Promise<void> {
    const threads = [...this.all];
    this.idle = [];
    await Promise.all(threads.map((w) => w.terminate()));
  }
}

/** The retrieval pass split between `threads` threads of `pool`. */
export function threadedRetrieval(threads: number, pool: EvalThreadPool, o: { minItems?: number; onSplit?: (threads: number) => void } = {}): RetrievalPass {
  return splitRetrieval(threads, pool.starter('retrieval'), o);
}

/** k-means's restarts dealt to `threads` threads of `pool`; `local` runs them here when not worth threads. */
export function threadedClustering(threads: number, pool: EvalThreadPool, local: ClusteringPass, o: { onSplit?: (threads: number) => void } = {}): ClusteringPass {
  return splitClustering(threads, pool.starter('kmeans'), local, o);
}
