/**
 * Work dealt to threads, whatever starts them: the CLI's worker threads and the page's nested
 * workers each give a {@link StartThread}. The retrieval pass (retrievalSplit.ts) and k-means's
 * restarts (clustering/split.ts) are dealt this way: one job per thread, its progress and its
 * result posted back, every thread stopped when the work ends or fails.
 */

/** What a thread posts: its progress in [0, 1], then its result, or why it failed. */
export type ThreadMessage<R> = { progress: number } | { result: R } | { error: string };

/**
 * Starts a thread on `job`; its messages go to `onMessage`, and `onFailure` hears why it stopped
 * without a result (it could not start, it crashed, it exited). Returns how to stop it.
 */
export type StartThread<J, R> = (job: J, onMessage: (m: ThreadMessage<R>) => void, onFailure: (why: string) => void) => { stop: () => unknown };

/**
 * Runs each job on a thread of its own and resolves to their results in job order. `onProgress`
 * hears the mean of the threads' progress; a failing thread (or `signal`) rejects with what
 * failed, `what` naming the work. Every thread is stopped before it settles.
 */
export async function runOnThreads<J, R>(what: string, jobs: J[], start: StartThread<J, R>, o: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<R[]> {
  const done = new Array<number>(jobs.length).fill(0);
  const running: { stop: () => unknown }[] = [];
  try {
    return await Promise.all(
      jobs.map(
        (job, p) =>
          new Promise<R>((resolve, reject) => {
            const onMessage = (m: ThreadMessage<R>) => {
              if ('progress' in m) {
                done[p] = m.progress;
                o.onProgress?.(done.reduce((a, b) => a + b, 0) / jobs.length);
              } else if ('result' in m) resolve(m.result);
              else reject(new Error(`a ${what} thread failed: ${m.error}`));
            };
            running.push(start(job, onMessage, (why) => reject(new Error(`a ${what} thread failed: ${why}`))));
            o.signal?.addEventListener('abort', () => reject(new Error(`${what}: stopped`)));
          }),
      ),
    );
  } finally {
    await Promise.all(running.map((t) => t.stop()));
  }
}

/** The rows as a Float64Array on shared memory (the same array when it already is). */
export function sharedRows(x: Float64Array, len: number): SharedArrayBuffer {
  if (x.buffer instanceof SharedArrayBuffer && x.byteOffset === 0 && x.length === len) return x.buffer;
  const xs = new SharedArrayBuffer(len * 8);
  new Float64Array(xs).set(x.subarray(0, len));
  return xs;
}
