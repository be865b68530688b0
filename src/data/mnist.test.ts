import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { convertDigits } from '../../scripts/mnist-convert.mjs';
import { classesIn } from './dataset';
import { decodeMnist, fetchMnist, splitMnist } from './mnist';
import type { DownloadOptions } from './download';

describe('decodeMnist', () => {
  it('scales pixels to [0,1], keeps labels, sets shape and numClasses', () => {
    const images = Uint8Array.from([0, 255, 51, 102, 255, 0, 0, 0]);
    const ds = decodeMnist(images, Uint8Array.from([4, 2]), 2, 2);
    expect(ds.n).toBe(2);
    expect(ds.itemShape).toEqual([2, 2, 1]);
    expect(ds.numClasses).toBe(5);
    expect([...ds.y]).toEqual([4, 2]);
    expect(ds.x[1]).toBe(1);
    expect(ds.x[2]).toBeCloseTo(0.2, 6);
    expect(ds.x[0]).toBe(0);
  });

  it('throws a clear error when image bytes and labels disagree', () => {
    expect(() => decodeMnist(new Uint8Array(784 * 3 - 1), new Uint8Array(3))).toThrow(
      /2351 image bytes do not match 3 labels × 784 pixels/,
    );
    expect(() => decodeMnist(new Uint8Array(784 * 2), new Uint8Array(3))).toThrow(/expected 2352/);
  });
});

/** A fake network over real Response objects: url → body (chunks) + headers, else 404. */
function fakeFetch(files: Record<string, { chunks: Uint8Array[]; headers?: Record<string, string> }>): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const f = files[String(input)];
    if (!f) return new Response('not found', { status: 404, statusText: 'Not Found' });
    const chunks = f.chunks.slice();
    const body = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        const c = chunks.shift();
        if (c) ctrl.enqueue(c);
        else ctrl.close();
      },
    });
    return new Response(body, { status: 200, headers: f.headers });
  }) as typeof fetch;
}

function assets(n: number, opts: { lengthHeader?: boolean; imageBytes?: number; meta?: unknown } = {}) {
  const total = opts.imageBytes ?? n * 784;
  const images = Uint8Array.from({ length: total }, (_, i) => (i * 7) % 256);
  const labels = Uint8Array.from({ length: n }, (_, i) => i % 10);
  const chunks: Uint8Array[] = [];
  for (let o = 0; o < total; o += 1000) chunks.push(images.slice(o, o + 1000));
  const enc = new TextEncoder();
  const meta = opts.meta ?? { format: 1, n, rows: 28, cols: 28, source: 'test' };
  return {
    images,
    files: {
      'http://x/data/mnist-meta.json': { chunks: [enc.encode(JSON.stringify(meta))] },
      'http://x/data/mnist-images.u8': {
        chunks,
        headers: opts.lengthHeader ? { 'content-length': String(total) } : undefined,
      },
      'http://x/data/mnist-labels.u8': { chunks: [labels] },
    },
  };
}

/** Network options for the tests: the fake network, no pause before the retry. */
const net = (fetchFn: typeof fetch, more: DownloadOptions = {}): DownloadOptions => ({ fetchFn, retryDelayMs: 0, ...more });

/** Wraps `inner`, answering the first `n` requests for `file` with `fail()` instead; counts requests. */
function failFirst(inner: typeof fetch, file: string, n: number, fail: () => Promise<Response>) {
  const calls: string[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    if (url.endsWith(file) && calls.filter((u) => u === url).length <= n) return fail();
    return inner(input, init);
  }) as typeof fetch;
  return { fn, calls };
}

describe('fetchMnist', () => {
  for (const lengthHeader of [true, false]) {
    it(`streams images with monotone progress ending at the total (content-length ${lengthHeader ? 'set' : 'absent'})`, async () => {
      const { images, files } = assets(12, { lengthHeader });
      const calls: [number, number][] = [];
      const ds = await fetchMnist('http://x/data/', (l, t) => calls.push([l, t]), net(fakeFetch(files)));
      expect(ds.n).toBe(12);
      expect(ds.x[5]).toBeCloseTo(images[5] / 255, 6);
      expect([...ds.y.subarray(0, 12)]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1]);
      expect(calls.length).toBeGreaterThan(5);
      for (let i = 1; i < calls.length; i++) expect(calls[i][0]).toBeGreaterThan(calls[i - 1][0]);
      for (const [, t] of calls) expect(t).toBe(12 * 784);
      expect(calls[calls.length - 1][0]).toBe(12 * 784);
    });
  }

  it('adds a missing trailing slash to baseUrl', async () => {
    const { files } = assets(3);
    await expect(fetchMnist('http://x/data', undefined, net(fakeFetch(files)))).resolves.toMatchObject({ n: 3 });
  });

  it('an HTTP error names the file, the status and the URL, after trying twice', async () => {
    await expect(fetchMnist('http://x/data/', undefined, net(fakeFetch({})))).rejects.toThrow(
      /^MNIST could not be loaded: mnist-meta\.json: HTTP 404 Not Found from http:\/\/x\/data\/mnist-meta\.json; run `npm run build`.*\(tried 2 times\)$/,
    );
    const { files } = assets(3);
    const { fn, calls } = failFirst(fakeFetch(files), 'mnist-labels.u8', 9, async () => new Response('busy', { status: 503, statusText: 'Service Unavailable' }));
    await expect(fetchMnist('http://x/data/', undefined, net(fn))).rejects.toThrow(
      'MNIST could not be loaded: mnist-labels.u8: HTTP 503 Service Unavailable from http://x/data/mnist-labels.u8 (tried 2 times)',
    );
    expect(calls.filter((u) => u.endsWith('mnist-labels.u8'))).toHaveLength(2);
  });

  it('a body cut short says how many bytes of how many arrived', async () => {
    // Ends cleanly but early (no content-length to compare with).
    const short = assets(3, { imageBytes: 3 * 784 - 10 });
    await expect(fetchMnist('http://x/data/', undefined, net(fakeFetch(short.files)))).rejects.toThrow(
      /mnist-images\.u8: received 2342 of 2352 bytes; the download ended early \(tried 2 times\)/,
    );
    // The connection breaks after 1000 bytes, as Chromium reports it: a bare "network error".
    const { files } = assets(3);
    const cut = (async () => {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(ctrl) {
          if (sent) return ctrl.error(new TypeError('network error'));
          sent = true;
          ctrl.enqueue(new Uint8Array(1000));
        },
      });
      return new Response(body, { headers: { 'content-length': '2352' } });
    }) as () => Promise<Response>;
    const { fn } = failFirst(fakeFetch(files), 'mnist-images.u8', 9, cut);
    await expect(fetchMnist('http://x/data/', undefined, net(fn))).rejects.toThrow(
      'MNIST could not be loaded: mnist-images.u8: received 1000 of 2352 bytes, then the connection failed (network error) (tried 2 times)',
    );
  });

  it('a stalled download times out, naming the file and the bytes received', async () => {
    const { files } = assets(3);
    // Headers arrive, one chunk, then nothing: pull never settles.
    const stall = (async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(ctrl) {
            ctrl.enqueue(new Uint8Array(500));
          },
          pull: () => new Promise<void>(() => undefined),
        }),
      )) as () => Promise<Response>;
    const { fn } = failFirst(fakeFetch(files), 'mnist-images.u8', 9, stall);
    const t0 = Date.now();
    await expect(fetchMnist('http://x/data/', undefined, net(fn, { stallMs: 40 }))).rejects.toThrow(
      'MNIST could not be loaded: mnist-images.u8: timed out, no data for 40 ms (received 500 of 2352 bytes) (tried 2 times)',
    );
    expect(Date.now() - t0).toBeLessThan(2000);
    // No response at all (headers never come) times out too.
    const silent = failFirst(fakeFetch(files), 'mnist-meta.json', 9, () => new Promise<Response>(() => undefined));
    await expect(fetchMnist('http://x/data/', undefined, net(silent.fn, { stallMs: 1500, retries: 0 }))).rejects.toThrow(
      'MNIST could not be loaded: mnist-meta.json: timed out, no data for 1.5 s (received 0 bytes)',
    );
  });

  it('retries once after a failure and succeeds on the retry', async () => {
    const { files } = assets(3);
    const { fn, calls } = failFirst(fakeFetch(files), 'mnist-images.u8', 1, () => Promise.reject(new TypeError('Failed to fetch')));
    const retried: string[] = [];
    const ds = await fetchMnist('http://x/data/', undefined, net(fn, { onRetry: (e) => retried.push(e.message) }));
    expect(ds.n).toBe(3);
    expect(calls.filter((u) => u.endsWith('mnist-images.u8'))).toHaveLength(2);
    expect(retried).toEqual(['mnist-images.u8: could not connect to http://x/data/mnist-images.u8 (Failed to fetch)']);
  });

  it('rejects oversized or mislabelled image assets without a second download', async () => {
    const long = assets(3, { imageBytes: 3 * 784 + 10 });
    const a = failFirst(fakeFetch(long.files), 'none', 0, async () => new Response());
    await expect(fetchMnist('http://x/data/', undefined, net(a.fn))).rejects.toThrow(/mnist-images\.u8 is larger than the expected 2352 bytes/);
    expect(a.calls.filter((u) => u.endsWith('mnist-images.u8'))).toHaveLength(1);
    const header = assets(3, { imageBytes: 3 * 784 + 10, lengthHeader: true });
    await expect(fetchMnist('http://x/data/', undefined, net(fakeFetch(header.files)))).rejects.toThrow(/has 2362 bytes, expected 2352/);
  });

  it('rejects metadata of another format', async () => {
    const { files } = assets(3, { meta: { format: 2, n: 3, rows: 28, cols: 28 } });
    await expect(fetchMnist('http://x/data/', undefined, net(fakeFetch(files)))).rejects.toThrow(/not format 1/);
  });
});

describe('splitMnist on the real digits', () => {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('mnist/package.json')), 'src', 'digits');
  const arrays = Array.from({ length: 10 }, (_, c) => JSON.parse(readFileSync(join(dir, `${c}.json`), 'utf8')).data);
  const { images, labels } = convertDigits(arrays);
  const ds = decodeMnist(images, labels);
  const countBy = (y: Int32Array) => y.reduce((m, l) => (m[l]++, m), new Array(10).fill(0));

  it('closed: 80/20 stratified per class (±1), disjoint, covering everything', () => {
    const { train, evaluation, description } = splitMnist(ds, 'closed');
    expect(train.n + evaluation.n).toBe(ds.n);
    expect(Math.abs(train.n - 0.8 * ds.n)).toBeLessThanOrEqual(10);
    const all = countBy(ds.y), tr = countBy(train.y);
    for (let c = 0; c < 10; c++) expect(Math.abs(tr[c] - 0.8 * all[c])).toBeLessThanOrEqual(1);
    // Tag each item's first feature with its source index to check disjointness and coverage.
    const tagged = { ...ds, x: ds.x.slice() };
    for (let i = 0; i < ds.n; i++) tagged.x[i * 784] = i;
    const t = splitMnist(tagged, 'closed');
    const ids = (d: typeof ds) => Array.from({ length: d.n }, (_, i) => d.x[i * 784]);
    const trainIds = ids(t.train), evalIds = ids(t.evaluation);
    expect(new Set([...trainIds, ...evalIds]).size).toBe(ds.n);
    expect([...trainIds, ...evalIds].sort((a, b) => a - b)).toEqual(Array.from({ length: ds.n }, (_, i) => i));
    for (let i = 0; i < train.n; i++) expect(t.train.y[i]).toBe(ds.y[trainIds[i]]);
    expect([...t.train.y]).toEqual([...train.y]); // tagging didn't change the split
    expect(train.numClasses).toBe(10);
    expect(evaluation.numClasses).toBe(10);
    expect(description).toBe(`MNIST closed split: ${train.n} train / ${evaluation.n} eval, digits 0–9`);
  });

  it('closed: identical across calls (fixed seed) and not class-sorted', () => {
    const a = splitMnist(ds, 'closed'), b = splitMnist(ds, 'closed');
    expect(a.train.y).toEqual(b.train.y);
    expect(a.evaluation.x).toEqual(b.evaluation.x);
    expect(new Set(a.train.y.subarray(0, 30)).size).toBe(10);
  });

  it('open: train holds exactly digits 0–5, eval exactly 6–9, numClasses stays 10', () => {
    const { train, evaluation, description } = splitMnist(ds, 'open');
    expect(classesIn(train)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(classesIn(evaluation)).toEqual([6, 7, 8, 9]);
    const all = countBy(ds.y);
    expect(train.n).toBe(all.slice(0, 6).reduce((a: number, b: number) => a + b, 0));
    expect(train.n + evaluation.n).toBe(ds.n);
    expect(evaluation.numClasses).toBe(10);
    expect(description).toMatch(/^MNIST open split: \d+ train \(digits 0–5\) \/ \d+ eval \(unseen digits 6–9\)$/);
  });
});
