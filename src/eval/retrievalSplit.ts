/**
 * The retrieval pass (retrieval.ts: Recall@K, MAP@R, R-precision over every item) split between
 * threads, whatever starts them: the CLI's worker threads (src/cli/retrievalThreads.ts) and the
 * page's nested workers (src/worker/retrievalWorkers.ts) give a {@link StartThread}. The queries
 * are dealt to the threads in turn (query k to thread k mod threads: a query that bins pairs bins
 * those with the items after it, so contiguous ranges would leave the first thread ~3× the binning
 * of the last); each thread ranks its queries against every item ({@link runRetrievalJob}), and
 * their per-query verdicts are put back together in query order.
 * Each query's ranking does not depend on which thread makes it, so the numbers are those of one
 * thread, in about 1/threads of the time. The rows and labels are shared (SharedArrayBuffer: in a
 * page, only a cross-origin isolated one; elsewhere one thread does the pass), and each thread's
 * selections hold 1/threads of the pass's memory bound.
 */
import { retrievalPass, MAX_ENTRIES, type RetrievalPass, type RetrievalPerQuery } from './retrieval';
import type { CoarseCosines } from './retrievalScreened';
import type { BinnedPairs, RowBinning } from './rowBins';

/**
 * How a retrieval pass ran, in words for its report ("the retrieval pass on 2 threads, screened by
 * float32 products"; the CLI's last line and the page's panel), or null when on one thread without
 * a screen. The numbers are the same either way.
 */
export function retrievalPassWords(threads: number, screened: boolean): string | null {
  const how = [threads > 1 ? `on ${threads} threads` : '', screened ? 'screened by float32 products' : ''].filter(Boolean);
  return how.length ? `the retrieval pass ${how.join(', ')}` : null;
}

/** From this many items the pass is split (below it a thread's start is not worth it). */
export const THREADS_FROM = 10_000;
/** Fewest queries per thread worth a thread. */
const MIN_QUERIES = 256;

/** What a thread is given: the shared rows (n × d float64, unit) and labels, and its queries. */
export interface RetrievalThreadJob {
  x: SharedArrayBuffer;
  labels: SharedArrayBuffer;
  n: number;
  d: number;
  queries: Int32Array;
  ks: number[];
  rCap?: number;
  maxEntries: number;
  /**
   * Screen with float32 products where the thread can make them (the pass it shares had a screen):
   * the same numbers, faster (retrievalScreened.ts).
   */
  screen: boolean;
  /** Bin the pairs of its queries' rows too (RetrievalOptions.binPairs; only where it screens). */
  binPairs?: RowBinning;
}

/** Per-query verdicts of a thread's queries (a pass's, without its queries). */
export type RetrievalVerdicts = Omit<RetrievalPerQuery, 'queries'>;

/** What a thread posts: its progress in [0, 1], then its verdicts, or why it failed. */
export type RetrievalThreadMessage = { progress: number } | { result: RetrievalVerdicts } | { error: string };

/**
 * Starts a thread on `job`; its messages go to `onMessage`, and `onFailure` hears why it stopped
 * without a result (it could not start, it crashed, it exited). Returns how to stop it.
 */
export type StartThread = (job: RetrievalThreadJob, onMessage: (m: RetrievalThreadMessage) => void, onFailure: (why: string) => void) => { stop: () => unknown };

/**
 * A retrieval pass split between `threads` threads that `start` starts; one thread (this one)
 * below `minItems` items (default {@link THREADS_FROM}), when the queries are too few to share, or
 * where memory cannot be shared. `onSplit` hears how many threads a pass was split between.
 */
export function splitRetrieval(threads: number, start: StartThread, o: { minItems?: number; onSplit?: (threads: number) => void } = {}): RetrievalPass {
  return async (x, labels, n, d, opts) => {
    const queries = opts.queries ?? Int32Array.from({ length: n }, (_, i) => i);
    const parts = Math.min(threads, Math.floor(queries.length / MIN_QUERIES));
    if (parts < 2 || n < (o.minItems ?? THREADS_FROM) || typeof SharedArrayBuffer === 'undefined') return retrievalPass(x, labels, n, d, opts);
    o.onSplit?.(parts);
    const xs = new SharedArrayBuffer(n * d * 8);
    new Float64Array(xs).set(x.subarray(0, n * d));
    const ls = new SharedArrayBuffer(n * 8);
    const lv = new Float64Array(ls);
    for (let i = 0; i < n; i++) lv[i] = labels[i];
    const dealt = Array.from({ length: parts }, (_, p) => queries.filter((_, k) => k % parts === p));
    const done = new Array<number>(parts).fill(0);
    const maxEntries = Math.max(1, Math.floor((opts.maxEntries ?? MAX_ENTRIES) / parts));
    const running: { stop: () => unknown }[] = [];
    try {
      const results = await Promise.all(
        dealt.map(
          (mine, p) =>
            new Promise<RetrievalVerdicts>((resolve, reject) => {
              const job: RetrievalThreadJob = { x: xs, labels: ls, n, d, queries: mine, ks: opts.ks, rCap: opts.rCap, maxEntries, screen: opts.coarse !== undefined, binPairs: opts.binPairs };
              const onMessage = (m: RetrievalThreadMessage) => {
                if ('progress' in m) {
                  done[p] = m.progress;
                  opts.onProgress?.(done.reduce((a, b) => a + b, 0) / parts);
                } else if ('result' in m) resolve(m.result);
                else reject(new Error(`a retrieval thread failed: ${m.error}`));
              };
              running.push(start(job, onMessage, (why) => reject(new Error(`a retrieval thread failed: ${why}`))));
              opts.signal?.addEventListener('abort', () => reject(new Error('retrieval: stopped')));
            }),
        ),
      );
      return merge(queries, results);
    } finally {
      await Promise.all(running.map((t) => t.stop()));
    }
  };
}

/**
 * The threads' verdicts as one pass's, in query order (query k was thread k mod threads' k div
 * threads-th); their binned pairs summed (whole numbers, so in any order), when every thread binned its rows.
 */
function merge(queries: Int32Array, parts: RetrievalVerdicts[]): RetrievalPerQuery {
  const join = <T extends Int32Array | Float64Array>(make: (m: number) => T, pick: (r: RetrievalVerdicts) => T): T => {
    const out = make(queries.length);
    parts.forEach((r, p) => {
      const a = pick(r);
      for (let t = 0; t < a.length; t++) out[t * parts.length + p] = a[t];
    });
    return out;
  };
  const i32 = (m: number) => new Int32Array(m);
  const f64 = (m: number) => new Float64Array(m);
  const merged: RetrievalPerQuery = {
    queries,
    firstHit: join(i32, (r) => r.firstHit),
    others: join(i32, (r) => r.others),
    r: join(i32, (r) => r.r),
    rPrecision: join(f64, (r) => r.rPrecision),
    apAtR: join(f64, (r) => r.apAtR),
    screened: parts.every((r) => r.screened),
  };
  if (parts.every((r) => r.pairs)) merged.pairs = sumPairs(parts.map((r) => r.pairs!));
  return merged;
}

/** Element-wise sums of binned pairs. */
function sumPairs(all: BinnedPairs[]): BinnedPairs {
  const pos = all[0].pos.slice();
  const neg = all[0].neg.slice();
  for (const p of all.slice(1)) {
    for (let k = 0; k < pos.length; k++) {
      pos[k] += p.pos[k];
      neg[k] += p.neg[k];
    }
  }
  return { pos, neg };
}

/**
 * Makes a thread's float32 screen over its rows (tfjs in that thread), or null where it cannot:
 * the thread then ranks in float64 alone, with the same numbers.
 */
export type ScreenMaker = (x: Float64Array, n: number, d: number) => Promise<CoarseCosines | null>;

/** A thread's work: its queries' pass, its progress and verdicts posted through `post`. */
export async function runRetrievalJob(job: RetrievalThreadJob, post: (m: RetrievalThreadMessage) => void, makeScreen?: ScreenMaker): Promise<void> {
  let coarse: CoarseCosines | null = null;
  try {
    const x = new Float64Array(job.x);
    if (job.screen && makeScreen) coarse = await makeScreen(x, job.n, job.d).catch(() => null);
    const per = await retrievalPass(x, new Float64Array(job.labels), job.n, job.d, {
      ks: job.ks,
      rCap: job.rCap,
      maxEntries: job.maxEntries,
      queries: job.queries,
      coarse: coarse ?? undefined,
      binPairs: job.binPairs,
      yieldMs: 250,
      onProgress: (progress) => post({ progress }),
    });
    post({ result: { firstHit: per.firstHit, others: per.others, r: per.r, rPrecision: per.rPrecision, apAtR: per.apAtR, screened: per.screened, pairs: per.pairs } });
  } catch (e) {
    post({ error: e instanceof Error ? e.message : String(e) });
  } finally {
    coarse?.dispose();
  }
}
