import { test, expect, type Browser, type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRun, trainFor } from './helpers';
import { servePlain, type Served } from '../scripts/lib/plainServer.mjs';
import { RELOAD_FLAG, WORKER_FILE } from '../src/isolation/isolation';
import { CHROMIUM_ARGS, executablePath } from '../playwright.config';

// wasm threads on any static host: where the host sends no COOP/COEP headers (GitHub
// Pages), the page registers public/isolation-sw.js, which re-serves the app's responses with them,
// and reloads once; tfjs-wasm then takes its threaded build. Never inside another site's frame,
// never where the server isolates the page itself, and never more than one reload.

const DIST = process.env.PW_DIST ?? 'dist';
/** A stand-in worker that takes control but adds no headers: the reload cannot isolate the page. */
const USELESS_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));`;

// A name other than localhost for the plain server: a page from it over http is not a secure context.
const INSECURE_HOST = 'plain-http.test';
test.use({ launchOptions: { executablePath, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`] } });

let site: Awaited<ReturnType<typeof servePlain>>;
let useless: Awaited<ReturnType<typeof servePlain>>;

test.beforeAll(async () => {
  site = await servePlain(DIST);
  useless = await servePlain(DIST, { replace: { [WORKER_FILE]: USELESS_WORKER } });
});

test.afterAll(async () => {
  await site?.close();
  await useless?.close();
});

/** The app's documents the server sent (each page load or reload fetches one). */
const documents = (served: Served[]) => served.filter((s) => s.path.endsWith('/') || s.path.endsWith('/index.html')).length;

/** Counts the page's document loads (each reload is one), in the main frame. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

const threadsTip = (page: Page) => page.locator('.stat', { has: page.getByTestId('threads') }).locator('.tip');

/** The threads tfjs's threaded build takes here: half the logical cores, at least 1, at most 8. */
const expectedThreads = (page: Page) => page.evaluate(() => Math.min(8, Math.max(1, Math.floor(navigator.hardwareConcurrency / 2))));

async function newPage(browser: Browser, serviceWorkers: 'allow' | 'block' = 'allow') {
  const context = await browser.newContext({ serviceWorkers });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The shipped Content-Security-Policy must allow the worker (worker-src 'self') and refuse nothing.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load ${e.blockedURI} (${e.violatedDirective})`));
  });
  page.on('console', (m) => /Content Security Policy|Refused to/i.test(m.text()) && errors.push(m.text()));
  return { context, page, errors };
}

test('a plain static host (no COOP/COEP): the service worker isolates the page after one reload, and wasm trains on the threaded build', async ({ browser }) => {
  const { context, page, errors } = await newPage(browser);
  const loads = countLoads(page);
  site.served.length = 0;
  await page.goto(`${site.url}#backend=wasm&data=blobs`);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  await expect(page.getByTestId('backend')).toHaveText('wasm');

  // Isolated, by our worker, registered in the app's folder (under the sub-path).
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(() => window.playgroundIsolation)).toEqual({ isolated: true, by: 'service-worker', reloaded: true });
  const workers = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => ({ scope: r.scope, script: r.active?.scriptURL })));
  expect(workers).toEqual([{ scope: site.url, script: site.url + 'isolation-sw.js' }]);
  expect(site.served.filter((s) => s.serviceWorker).map((s) => s.path)).toEqual(['/playground/isolation-sw.js']);
  expect(context.serviceWorkers().map((w) => w.url())).toEqual([site.url + 'isolation-sw.js']);

  // One reload, no more: two loads of the document, and the guard is cleared for a later visit.
  expect(loads()).toBe(2);
  expect(documents(site.served)).toBe(2);
  expect(await page.evaluate((k) => sessionStorage.getItem(k), RELOAD_FLAG)).toBeNull();

  // tfjs took its threaded build, and the status bar says so, and why the page is isolated.
  const threads = await page.evaluate(() => window.playground.store.getState().backend?.threads);
  expect(threads?.threaded).toBe(true);
  expect(threads?.count).toBe(await expectedThreads(page));
  await expect(page.getByTestId('threads')).toHaveText(String(threads?.count));
  await expect(threadsTip(page)).toContainText('threaded build');
  await expect(threadsTip(page)).toContainText("isolated by this site's service worker");

  // It trains on wasm, through the worker (the training worker's and tfjs's files included).
  await page.getByTestId('intro-close').click();
  const run = await trainFor(page, 20);
  expect(run.backend).toBe('wasm');
  expect(run.loss.every(Number.isFinite)).toBe(true);
  await expect(page.getByTestId('embedding-plot')).toHaveAttribute('data-points', /^[1-9]/);
  expect(site.served.filter((s) => s.status !== 200)).toEqual([]);

  // A later visit is isolated from its first load: the worker serves it, no reload.
  await page.reload();
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(loads()).toBe(3);
  expect(await page.evaluate(() => window.playgroundIsolation)).toEqual({ isolated: true, by: 'service-worker', reloaded: false });
  expect(errors).toEqual([]);
  await context.close();
});

test('through the service worker, a failed MNIST download still fails as it should: the file named, retried once, the toy sets offered', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  let hits = 0;
  // context.route sees the service worker's own requests (Chromium), which the page's fetches become.
  await context.route('**/data/mnist-images.u8', (route) => {
    hits++;
    return route.fulfill({ status: 404, body: 'not here' });
  });
  await page.goto(`${site.url}#backend=wasm&data=mnist`);
  const notice = page.getByTestId('notice').filter({ hasText: 'mnist-images.u8' });
  await expect(notice).toContainText(/mnist-images\.u8: HTTP 404.*\(tried 2 times\)/, { timeout: 120_000 });
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await expect(page.getByTestId('data-load-failed')).toBeVisible();
  expect(hits).toBe(2);
  await context.close();
});

test('a worker that cannot isolate the page: one reload, then the page gives up quietly, trains on one thread and says why', async ({ browser }) => {
  const { context, page, errors } = await newPage(browser);
  const loads = countLoads(page);
  await page.goto(`${useless.url}#backend=wasm&data=blobs`);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
  expect(loads()).toBe(2);
  expect(await page.evaluate(() => window.playgroundIsolation)).toEqual({ isolated: false, reason: 'gave-up', detail: 'controlled' });
  await expect(page.getByTestId('threads')).toHaveText('1');
  await expect(threadsTip(page)).toContainText('reloaded once under the service worker and still is not isolated');
  await page.getByTestId('intro-close').click();
  const run = await trainFor(page, 10);
  expect(run.backend).toBe('wasm');
  // Reloading the tab by hand: still no automatic reload (the guard holds for the tab).
  await page.reload();
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  // Let any (wrong) second reload show itself before counting.
  await expect.poll(() => page.evaluate(() => window.playgroundIsolation?.isolated)).toBe(false);
  expect(loads()).toBe(3);
  expect(documents(useless.served)).toBeGreaterThanOrEqual(3);
  expect(errors).toEqual([]);
  await context.close();
});

test('service workers blocked by the browser: no reload, the page trains on one thread and says why', async ({ browser }) => {
  const { context, page, errors } = await newPage(browser, 'block');
  const loads = countLoads(page);
  await page.goto(`${site.url}#backend=wasm&data=blobs`);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
  expect(loads()).toBe(1);
  expect(await page.evaluate(() => window.playgroundIsolation?.isolated)).toBe(false);
  await expect(page.getByTestId('threads')).toHaveText('1');
  await expect(threadsTip(page)).toContainText('not cross-origin isolated');
  await expect(threadsTip(page)).toContainText('service worker');
  await page.getByTestId('intro-close').click();
  expect((await trainFor(page, 10)).backend).toBe('wasm');
  expect(errors).toEqual([]);
  await context.close();
});

/** A blog on another origin (localhost, not 127.0.0.1) that frames `appUrl`. */
async function blog(appUrl: string): Promise<{ server: Server; url: string }> {
  const html = `<!doctype html><html lang="en"><title>A blog post</title><h1>My post</h1>
<iframe title="Metric Playground" src="${appUrl}" width="800" height="600"></iframe>`;
  const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://localhost:${(server.address() as AddressInfo).port}/` };
}

test('embed mode in a cross-origin iframe on a plain host: no service worker, no reload, the views train', async ({ browser }) => {
  const { context, page, errors } = await newPage(browser);
  const { server, url } = await blog(`${site.url}#backend=wasm&data=blobs&ui=embed&autoplay=1`);
  try {
    site.served.length = 0;
    await page.goto(url);
    const frame = page.frameLocator('iframe');
    await expect.poll(async () => Number(await frame.getByTestId('step').textContent()), { timeout: 120_000 }).toBeGreaterThanOrEqual(20);
    const inner = page.frames().find((f) => f.url().startsWith(site.url))!;
    expect(await inner.evaluate(() => window.playgroundIsolation)).toEqual({ isolated: false, reason: 'cross-origin-frame' });
    // Not registered, not even fetched (a frame of another site may not even list registrations).
    expect(context.serviceWorkers()).toEqual([]);
    expect(site.served.filter((s) => s.serviceWorker || s.path.endsWith(WORKER_FILE))).toEqual([]);
    expect(documents(site.served)).toBe(1);
    // The frame's document is the one first navigated to, never reloaded.
    expect(await inner.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('navigate');
    expect(await inner.evaluate(() => window.playground.store.getState().backend?.active)).toBe('wasm');
    expect(errors).toEqual([]);
  } finally {
    server.close();
    await context.close();
  }
});

test("with the server's own COOP/COEP headers (the preview server): isolated at once, no service worker registered", async ({ page }) => {
  const loads = countLoads(page);
  await page.goto('/#backend=wasm&data=blobs');
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(() => window.playgroundIsolation)).toEqual({ isolated: true, by: 'headers', reloaded: false });
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(page.context().serviceWorkers()).toEqual([]);
  expect(loads()).toBe(1);
  await expect(threadsTip(page)).toContainText("isolated by its server's COOP/COEP headers");
  expect((await readRun(page)).backend).toBe('wasm');
});

test.describe('not a secure context', () => {
  test('plain http (not localhost): no service worker, no reload, the page trains on one thread and says why', async ({ browser }) => {
    const { context, page, errors } = await newPage(browser);
    const loads = countLoads(page);
    site.served.length = 0;
    await page.goto(`${site.url.replace('127.0.0.1', INSECURE_HOST)}#backend=wasm&data=blobs`);
    await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
    expect(await page.evaluate(() => isSecureContext)).toBe(false);
    expect(await page.evaluate(() => window.playgroundIsolation)).toEqual({ isolated: false, reason: 'insecure' });
    expect(loads()).toBe(1);
    expect(site.served.filter((s) => s.path.endsWith(WORKER_FILE))).toEqual([]);
    await expect(page.getByTestId('threads')).toHaveText('1');
    await expect(threadsTip(page)).toContainText('not served over https');
    await page.getByTestId('intro-close').click();
    expect((await trainFor(page, 10)).backend).toBe('wasm');
    expect(errors).toEqual([]);
    await context.close();
  });
});
