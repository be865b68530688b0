/**
 * One file over the network, with the failures a user can meet said plainly: which file, what the
 * server answered, how many bytes came of how many, and a time limit on a download that stalls.
 * A transport failure (HTTP error, cut connection, stall) is tried again; content of the wrong size
 * is not, since a second download would be just as wrong. Pure TypeScript: runs in a page, a
 * Web Worker and Node.
 */

/** How a download is made and how long it may stall. */
export interface DownloadOptions {
  /** The fetch to use (tests inject a fake network). */
  fetchFn?: typeof fetch;
  /** Give up when no byte (or no response) arrives for this long, in ms. */
  stallMs?: number;
  /** Further tries after a transport failure. */
  retries?: number;
  /** Pause before trying again, in ms (a blip on the network often passes in a moment). */
  retryDelayMs?: number;
  /** Told when a try failed and another starts, with the reason. */
  onRetry?: (reason: Error) => void;
  /** Ends the download at once (e.g. its sibling failed); never retried. */
  signal?: AbortSignal;
}

/** No byte for this long ends a download: long enough for a slow mobile link, short enough to wait for. */
export const DEFAULT_STALL_MS = 25_000;
/** One automatic retry: enough for a blip, not so many that a dead server keeps the user waiting. */
export const DEFAULT_RETRIES = 1;
export const DEFAULT_RETRY_DELAY_MS = 500;

/** A download failure; `transient` ones (network, HTTP, stall) are worth another try. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** The file name at the end of `url`, as a user would recognise it. */
export function fileName(url: string): string {
  const path = url.split(/[?#]/)[0];
  return path.slice(path.lastIndexOf('/') + 1) || url;
}

/** `p`, or a rejection with `onStall()` when it takes longer than `ms`. */
function withStall<T>(p: Promise<T>, ms: number, onStall: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stall = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onStall()), ms);
  });
  return Promise.race([p, stall]).finally(() => clearTimeout(timer));
}

const seconds = (ms: number) => (ms < 1000 ? `${ms} ms` : `${+(ms / 1000).toFixed(1)} s`);

/** The options one try runs with: the fetch, the stall limit, the caller's abort signal, the hint for content errors and the size limit of a body of unknown length. */
type TryOptions = Required<Pick<DownloadOptions, 'fetchFn' | 'stallMs'>> & { signal: AbortSignal; hint: string; maxBytes: number };

/**
 * The response to a request for `url` whose status is OK and whose uncompressed content-length, if
 * given, is `expected`; a stall or refused connection is a transient error, a wrong length is not.
 */
async function requestFile(url: string, name: string, expected: number | null, opts: TryOptions, requestSignal: AbortSignal, stalled: () => DownloadError): Promise<Response> {
  let res: Response;
  try {
    const fetchFn = opts.fetchFn; // called unbound: a browser's fetch refuses another `this`
    res = await withStall(fetchFn(url, { signal: requestSignal }), opts.stallMs, stalled);
  } catch (e) {
    if (e instanceof DownloadError || opts.signal.aborted) throw e;
    throw new DownloadError(`${name}: could not connect to ${url} (${(e as Error).message})`, true);
  }
  if (!res.ok) {
    const status = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    throw new DownloadError(`${name}: ${status} from ${url}${res.status === 404 ? `; ${opts.hint}` : ''}`, true);
  }
  // A compressed response's content-length counts encoded bytes, so only trust it uncompressed.
  const encoding = res.headers.get('content-encoding');
  const header = res.headers.get('content-length');
  if (expected !== null && header !== null && (!encoding || encoding === 'identity') && Number(header) !== expected) {
    throw new DownloadError(`${name} has ${header} bytes, expected ${expected}: ${opts.hint}`, false);
  }
  return res;
}

/**
 * Reads a streamed body to its end, handing each chunk to `take`, each read limited to the stall
 * time; `received` says how much had arrived when the connection fails. Any failure cancels the stream.
 */
async function readStream(body: NonNullable<Response['body']>, name: string, opts: TryOptions, stalled: () => DownloadError, received: () => string, take: (value: Uint8Array) => void): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await withStall(reader.read(), opts.stallMs, stalled);
      } catch (e) {
        if (e instanceof DownloadError || opts.signal.aborted) throw e;
        // Chromium says only "network error" when a body is cut short: say how short.
        throw new DownloadError(`${name}: received ${received()}, then the connection failed (${(e as Error).message})`, true);
      }
      if (chunk.done) break;
      take(chunk.value);
    }
  } catch (e) {
    reader.cancel().catch(() => undefined); // not awaited: a stalled stream may never answer
    throw e;
  }
}

/** The chunks of a body of unknown length, joined into one array of `length` bytes. */
function joinChunks(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const all = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}

/**
 * One try: the body of `url` as bytes. With `expected`, the body must be exactly that long (the
 * progress total); without, at most `maxBytes`. `hint` is added to errors about the file's content.
 */
async function tryOnce(
  url: string,
  expected: number | null,
  opts: TryOptions,
  onProgress?: (loaded: number, total: number) => void,
): Promise<Uint8Array> {
  const name = fileName(url);
  const ctrl = new AbortController();
  const stop = () => ctrl.abort();
  opts.signal.addEventListener('abort', stop);
  let loaded = 0;
  const of = () => (expected === null ? `${loaded} bytes` : `${loaded} of ${expected} bytes`);
  const stalled = () => new DownloadError(`${name}: timed out, no data for ${seconds(opts.stallMs)} (received ${of()})`, true);
  try {
    const res = await requestFile(url, name, expected, opts, ctrl.signal, stalled);
    const limit = expected ?? opts.maxBytes;
    const tooBig = () => new DownloadError(`${name} is larger than the expected ${limit} bytes: ${opts.hint}`, false);
    const chunks: Uint8Array[] = [];
    const out = expected === null ? null : new Uint8Array(expected);
    const take = (value: Uint8Array) => {
      if (loaded + value.length > limit) throw tooBig();
      if (out) out.set(value, loaded);
      else chunks.push(value);
      loaded += value.length;
      if (expected !== null) onProgress?.(loaded, expected);
    };
    if (!res.body) {
      take(new Uint8Array(await withStall(res.arrayBuffer(), opts.stallMs, stalled)));
    } else {
      await readStream(res.body, name, opts, stalled, of, take);
    }
    if (expected !== null && loaded !== expected) {
      throw new DownloadError(`${name}: received ${of()}; the download ended early`, true);
    }
    if (out) return out;
    return joinChunks(chunks, loaded);
  } finally {
    // Ends a stalled or failed request in the browser too, not just our wait for it.
    stop();
    opts.signal.removeEventListener('abort', stop);
  }
}

/**
 * Downloads `url`: exactly `expected` bytes (null: any length up to `maxBytes`), reporting
 * progress per chunk when the length is known. A transport failure is tried again `retries` times;
 * the error of the last try is thrown, saying how many tries were made.
 */
export async function downloadBytes(
  url: string,
  expected: number | null,
  options: DownloadOptions & { hint?: string; maxBytes?: number; onProgress?: (loaded: number, total: number) => void } = {},
): Promise<Uint8Array> {
  const retries = options.retries ?? DEFAULT_RETRIES;
  const opts = {
    fetchFn: options.fetchFn ?? ((...a: Parameters<typeof fetch>) => fetch(...a)),
    stallMs: options.stallMs ?? DEFAULT_STALL_MS,
    signal: options.signal ?? new AbortController().signal,
    hint: options.hint ?? 'check that the file is served',
    maxBytes: options.maxBytes ?? 1 << 20,
  };
  for (let attempt = 0; ; attempt++) {
    try {
      return await tryOnce(url, expected, opts, options.onProgress);
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      const transient = err instanceof DownloadError && err.transient;
      if (!transient || attempt >= retries || opts.signal.aborted) {
        throw attempt > 0 ? new DownloadError(`${err.message} (tried ${attempt + 1} times)`, transient) : err;
      }
      options.onRetry?.(err);
      const delay = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    }
  }
}
