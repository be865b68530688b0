import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { isolationSentence, planIsolation, type PageFacts } from './isolation';

const page = (over: Partial<PageFacts> = {}): PageFacts => ({
  crossOriginIsolated: false,
  isSecureContext: true,
  hasServiceWorker: true,
  controlledByWorker: false,
  frame: 'top',
  reloadFlag: false,
  ...over,
});

describe('planIsolation', () => {
  it('registers the worker on a plain host (top-level, secure, service workers, no reload yet)', () => {
    expect(planIsolation(page())).toEqual({ act: 'register' });
  });
  it('says who isolated an isolated page, and clears the reload flag it came back with', () => {
    expect(planIsolation(page({ crossOriginIsolated: true }))).toEqual({ act: 'none', state: { isolated: true, by: 'headers', reloaded: false }, clearFlag: false });
    expect(planIsolation(page({ crossOriginIsolated: true, controlledByWorker: true, reloadFlag: true }))).toEqual({
      act: 'none',
      state: { isolated: true, by: 'service-worker', reloaded: true },
      clearFlag: true,
    });
  });
  it('never tries inside a frame, outside a secure context, without service workers or storage', () => {
    const cases: [Partial<PageFacts>, string][] = [
      [{ frame: 'cross-origin' }, 'cross-origin-frame'],
      [{ frame: 'same-origin' }, 'frame'],
      [{ isSecureContext: false }, 'insecure'],
      [{ hasServiceWorker: false }, 'no-service-worker'],
      [{ reloadFlag: null }, 'no-storage'],
    ];
    for (const [over, reason] of cases) expect(planIsolation(page(over))).toMatchObject({ act: 'none', state: { isolated: false, reason } });
    // The frame wins over everything else: an embed never registers anything.
    expect(planIsolation(page({ frame: 'cross-origin', reloadFlag: null, hasServiceWorker: false }))).toMatchObject({ state: { reason: 'cross-origin-frame' } });
  });
  it('gives up after one reload that did not isolate the page', () => {
    expect(planIsolation(page({ reloadFlag: true, controlledByWorker: true }))).toMatchObject({ act: 'none', state: { isolated: false, reason: 'gave-up', detail: 'controlled' } });
    expect(planIsolation(page({ reloadFlag: true }))).toMatchObject({ state: { reason: 'gave-up', detail: 'uncontrolled' } });
  });
  it('can never loop: a tab whose loads never come up isolated reloads at most once', () => {
    // boot.ts sets the flag before each reload; only an isolated load clears it.
    let flag: boolean | null = false;
    let reloads = 0;
    for (let load = 0; load < 10; load++) {
      const plan = planIsolation(page({ reloadFlag: flag, controlledByWorker: load > 0 }));
      if (plan.act === 'register') {
        flag = true;
        reloads++;
      } else if (plan.clearFlag) flag = false;
    }
    expect(reloads).toBe(1);
  });
});

describe('isolationSentence', () => {
  it('says isolated by what, or not isolated and why', () => {
    expect(isolationSentence({ isolated: true, by: 'headers', reloaded: false })).toMatch(/isolated by its server's COOP\/COEP headers/);
    expect(isolationSentence({ isolated: true, by: 'service-worker', reloaded: true })).toMatch(/isolated by this site's service worker/);
    expect(isolationSentence({ isolated: false, reason: 'cross-origin-frame' })).toMatch(/^The page is not cross-origin isolated: it is shown inside another site's frame/);
    expect(isolationSentence({ isolated: false, reason: 'register-failed', detail: 'blocked' })).toContain('(blocked)');
    expect(isolationSentence(undefined)).toBe('');
  });
});

describe('public/isolation-sw.js', () => {
  type Worker = {
    withIsolation: (r: Response) => Response;
    handles: (r: Request) => boolean;
  };
  /** Runs the worker's file in a sandbox with a fake `self` at the app's origin. */
  function load(): { worker: Worker; listeners: Record<string, (e: unknown) => void> } {
    const listeners: Record<string, (e: unknown) => void> = {};
    const self: Record<string, unknown> = {
      location: new URL('https://me.github.io/playground/isolation-sw.js'),
      addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] = fn),
      skipWaiting: () => undefined,
      clients: { claim: () => Promise.resolve() },
    };
    const source = readFileSync(new URL('../../public/isolation-sw.js', import.meta.url), 'utf8');
    runInNewContext(source, { self, Headers, Response, URL, fetch: () => Promise.reject(new Error('no network')) });
    return { worker: self.__isolationWorker as Worker, listeners };
  }

  it('adds COOP, COEP and CORP to a response, keeping status, body and the other headers', async () => {
    const { worker } = load();
    const out = worker.withIsolation(new Response('digits', { status: 200, statusText: 'OK', headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': '6' } }));
    expect(out.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(out.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(out.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(out.headers.get('content-type')).toBe('application/octet-stream');
    expect(out.headers.get('content-length')).toBe('6');
    expect(out.status).toBe(200);
    expect(await out.text()).toBe('digits');
    // A failure stays a failure: a 404 keeps its status (the app's retry and messages see it).
    expect(worker.withIsolation(new Response('not found', { status: 404 })).status).toBe(404);
    expect(worker.withIsolation(new Response(null, { status: 204 })).status).toBe(204);
  });

  it('re-serves same-origin GETs only', () => {
    const { worker } = load();
    expect(worker.handles(new Request('https://me.github.io/playground/data/mnist-images.u8'))).toBe(true);
    expect(worker.handles(new Request('https://me.github.io/playground/', { method: 'HEAD' }))).toBe(true);
    expect(worker.handles(new Request('https://cdn.example/x.js'))).toBe(false);
    expect(worker.handles(new Request('https://me.github.io/playground/x', { method: 'POST', body: 'x' }))).toBe(false);
  });

  it('installs at once, claims the page, and answers fetches with the network (failures pass through)', async () => {
    const { listeners } = load();
    expect(Object.keys(listeners).sort()).toEqual(['activate', 'fetch', 'install']);
    let answered: Promise<Response> | undefined;
    listeners.fetch({ request: new Request('https://me.github.io/playground/data/mnist-labels.u8'), respondWith: (p: Promise<Response>) => (answered = p) });
    await expect(answered).rejects.toThrow('no network');
    answered = undefined;
    listeners.fetch({ request: new Request('https://other.example/'), respondWith: (p: Promise<Response>) => (answered = p) });
    expect(answered).toBeUndefined();
  });
});
