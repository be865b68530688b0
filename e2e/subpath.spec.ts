import { test, expect, type Page } from '@playwright/test';
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import { readRun, stepTimes, trainFor } from './helpers';
import { MIME } from '../scripts/lib/plainServer.mjs';

// The built app served as a static host would serve it: under a sub-path (GitHub Pages serves a
// project at /<repo>/), by a plain file server without COOP/COEP headers. Anything the app asks for
// outside /playground/ is a 404, so a root-absolute URL anywhere in the build fails here. There the
// app's service worker (public/isolation-sw.js) adds the headers after one reload (e2e/isolation.spec.ts
// tests it in depth); with service workers blocked, the page works without isolation.

const DIST = resolve(process.env.PW_DIST ?? 'dist');
const PREFIX = '/playground/';

/** Every request the server answered: path and status. */
const served: { path: string; status: number }[] = [];
let server: http.Server;
let base = '';

function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const reply = (status: number, headers: http.OutgoingHttpHeaders = {}, file?: string) => {
    served.push({ path, status });
    res.writeHead(status, headers);
    if (file && req.method !== 'HEAD') createReadStream(file).pipe(res);
    else res.end(status === 404 ? 'not found' : undefined);
  };
  if (path === PREFIX.slice(0, -1)) return reply(301, { Location: PREFIX }); // as GitHub Pages does
  if (!path.startsWith(PREFIX)) return reply(404);
  let rel: string;
  try {
    rel = decodeURIComponent(path.slice(PREFIX.length));
  } catch {
    return reply(404);
  }
  const file = resolve(DIST, rel.endsWith('/') || rel === '' ? `${rel}index.html` : rel);
  const stat = file.startsWith(DIST + sep) ? statSync(file, { throwIfNoEntry: false }) : undefined;
  if (!stat?.isFile()) return reply(404);
  reply(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream', 'Content-Length': stat.size }, file);
}

test.beforeAll(async () => {
  server = http.createServer(answer);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PREFIX}`;
});

test.afterAll(async () => {
  await new Promise((done) => server?.close(done));
});

/** Records the page's (and its worker's) requests; each must stay under the sub-path. */
function recordRequests(page: Page): { urls: string[]; failed: string[] } {
  const log = { urls: [] as string[], failed: [] as string[] };
  // The isolation reload replaces the first document, and the browser cancels what it had in flight
  // then (its favicon, say): a cancelled request is no failure of the site once the page reloaded.
  // Every request the server answered is still checked (`served`: 200s under the sub-path only).
  let documents = 0;
  page.on('request', (r) => {
    log.urls.push(r.url());
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents++;
  });
  page.on('requestfailed', (r) => {
    const error = r.failure()?.errorText;
    if (error === 'net::ERR_ABORTED' && documents > 1) return;
    log.failed.push(`${r.url()} ${error}`);
  });
  return log;
}

function expectAllUnderSubPath(log: { urls: string[]; failed: string[] }): void {
  expect(log.urls.filter((u) => !u.startsWith(base) && !/^(data|blob):/.test(u))).toEqual([]);
  expect(log.failed).toEqual([]);
  expect(served.filter((s) => s.status !== 200 || !s.path.startsWith(PREFIX))).toEqual([]);
}

/**
 * Boots the page at `hash` and checks what any deploy must give: a real backend; isolation by the
 * service worker where service workers are allowed, none (and not needed) where they are blocked.
 */
async function boot(page: Page, hash: string, isolated: boolean): Promise<void> {
  await page.goto(base + hash);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId('backend')).toHaveText(/^(webgpu|webgl|wasm|cpu)$/);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(isolated);
}

test('MNIST (the default) loads its data and trains under /playground/ without COOP/COEP; icons, manifest and preview image resolve', async ({ page }) => {
  const log = recordRequests(page);
  served.length = 0;
  await boot(page, '', true);
  const paths = served.map((s) => s.path);
  expect(paths).toContain(`${PREFIX}data/mnist-images.u8`);
  expect(paths).toContain(`${PREFIX}data/mnist-labels.u8`);
  expect(paths.some((p) => /^\/playground\/assets\/trainer\.worker-[\w-]+\.js$/.test(p))).toBe(true);
  const run = await stepTimes(page, 3);
  expect(run.config.data).toBe('mnist');
  // The service worker's reload came before the app started: MNIST was fetched once.
  expect(paths.filter((p) => p === `${PREFIX}data/mnist-images.u8`)).toHaveLength(1);
  expect(paths.filter((p) => p === PREFIX)).toHaveLength(2);
  if (run.backend === 'wasm') {
    // Isolated by the service worker: tfjs-wasm's threaded build, and the bar says why.
    expect((await page.evaluate(() => window.playground.store.getState().backend?.threads))?.threaded).toBe(true);
    await expect(page.locator('.stat', { has: page.getByTestId('threads') }).locator('.tip')).toContainText("isolated by this site's service worker");
  }
  expect(run.loss.length).toBeGreaterThanOrEqual(3);
  expect(run.loss.every(Number.isFinite)).toBe(true);

  // What browsers and crawlers fetch from the head: each resolves under the sub-path, with its type.
  const head = await page.evaluate(async () => {
    const urls = [
      ...[...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')].map((l) => l.href),
      ...[...document.querySelectorAll<HTMLMetaElement>('meta[property="og:image"], meta[name="twitter:image"]')].map((m) => new URL(m.content, document.baseURI).href),
      new URL('robots.txt', document.baseURI).href,
    ];
    return Promise.all(
      urls.map(async (url) => {
        const r = await fetch(url);
        const blob = await r.blob();
        const size = blob.type === 'image/png' ? await createImageBitmap(blob).then((b) => `${b.width}x${b.height}`) : '';
        return { url, status: r.status, type: blob.type, size };
      }),
    );
  });
  const at = (name: string) => head.filter((h) => h.url === base + name);
  expect(at('favicon.svg')).toEqual([{ url: base + 'favicon.svg', status: 200, type: 'image/svg+xml', size: '' }]);
  expect(at('favicon-32.png')[0]).toMatchObject({ status: 200, size: '32x32' });
  expect(at('apple-touch-icon.png')[0]).toMatchObject({ status: 200, size: '180x180' });
  expect(at('manifest.webmanifest')[0]).toMatchObject({ status: 200, type: 'application/manifest+json' });
  expect(at('og-image.png')).toHaveLength(2); // og:image and twitter:image
  for (const h of at('og-image.png')) expect(h).toMatchObject({ status: 200, size: '1200x630' });
  expect(at('robots.txt')[0]).toMatchObject({ status: 200 });
  expect(head.every((h) => h.status === 200)).toBe(true);

  // The manifest's start URL and scope are the sub-path, and its icons are there in their sizes.
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
    const m = (await (await fetch(href)).json()) as { start_url: string; scope: string; display: string; icons: { src: string; sizes: string }[] };
    const icons = await Promise.all(
      m.icons.map(async (i) => {
        const r = await fetch(new URL(i.src, href));
        const blob = await r.blob();
        const size = blob.type === 'image/png' ? await createImageBitmap(blob).then((b) => `${b.width}x${b.height}`) : 'any';
        return { status: r.status, declared: i.sizes, size };
      }),
    );
    return { start: new URL(m.start_url, href).href, scope: new URL(m.scope, href).href, display: m.display, icons };
  });
  expect(manifest).toMatchObject({ start: base, scope: base, display: 'standalone' });
  expect(manifest.icons.length).toBeGreaterThanOrEqual(2);
  for (const icon of manifest.icons) expect(icon).toEqual({ status: 200, declared: icon.size, size: icon.size });
  // And Chromium itself found and parsed it without complaint.
  const parsed = await (await page.context().newCDPSession(page)).send('Page.getAppManifest');
  expect(parsed).toMatchObject({ url: base + 'manifest.webmanifest', errors: [] });
  expectAllUnderSubPath(log);

  // The server really refuses the root: a root-absolute URL in the build would have failed above.
  expect((await fetch(new URL('/index.html', base))).status).toBe(404);
  expect((await fetch(base.slice(0, -1), { redirect: 'manual' })).headers.get('location')).toBe(PREFIX);
});

test.describe('with service workers blocked', () => {
  test.use({ serviceWorkers: 'block' });
  test('a toy set (#data=blobs) trains under /playground/ without COOP/COEP, not isolated, on one thread', async ({ page }) => {
    const log = recordRequests(page);
    served.length = 0;
    await boot(page, '#data=blobs', false);
    await page.getByTestId('intro-close').click();
    const run = await trainFor(page, 10);
    expect(run.config.data).toBe('blobs');
    expect(run.step).toBeGreaterThanOrEqual(10);
    expect(run.loss.every(Number.isFinite)).toBe(true);
    expect(run.backend).toMatch(/^(webgpu|webgl|wasm|cpu)$/);
    await expect(page.getByTestId('embedding-plot')).toHaveAttribute('data-points', /^[1-9]/);
    expect((await readRun(page)).step).toBe(run.step); // paused: the loop really stopped
    expect(served.some((s) => /^\/playground\/assets\/trainer\.worker-[\w-]+\.js$/.test(s.path))).toBe(true);
    if (run.backend === 'wasm') {
      // No isolation, no SharedArrayBuffer: tfjs-wasm's single-threaded build, and the bar says why.
      await expect(page.getByTestId('threads')).toHaveText('1');
      await expect(page.locator('.stat', { has: page.getByTestId('threads') }).locator('.tip')).toContainText('not cross-origin isolated');
    }
    expectAllUnderSubPath(log);
  });
});
