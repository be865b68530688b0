/**
 * The retrieval pass (retrieval.ts: Recall@K, MAP@R, R-precision over every item) split between
 * threads, whatever starts them: the CLI's worker threads (src/cli/evaluate/evalThreads.ts) and the
 * page's nested workers (src/worker/own/evalWorkers.ts) give a {@link StartThread}. The queries
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
import type { BinnedPairs, RowBinning } from '../pairs/rowBins';
import { runOnThreads, sharedRows, type StartThread as StartAnyThread, type ThreadMessage } from '../threads';

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

/** What a retrieval thread posts: its progress in [0, 1], then its verdicts, or why it failed. */
export type RetrievalThreadMessage = ThreadMessage<RetrievalVerdicts>;

/** Starts a retrieval thread (threads.ts). */
export type StartThread = StartAnyThread<RetrievalThreadJob, RetrievalVerdicts>;

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
    const xs = sharedRows(x, n * d);
    const ls = new SharedArrayBuffer(n * 8);
    const lv = new Float64Array(ls);
    for (let i = 0; i < n; i++) lv[i] = labels[i];
    const maxEntries = Math.max(1, Math.floor((opts.maxEntries ?? MAX_ENTRIES) / parts));
    const jobs = Array.from({ length: parts }, (_, p): RetrievalThreadJob => {
      const mine = queries.filter((_, k) => k % parts === p);
      return { x: xs, labels: ls, n, d, queries: mine, ks: opts.ks, rCap: opts.rCap, maxEntries, screen: opts.coarse !== undefined, binPairs: opts.binPairs };
    });
    return merge(queries, await runOnThreads('retrieval', jobs, start, { onProgress: opts.onProgress, signal: opts.signal }));
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
