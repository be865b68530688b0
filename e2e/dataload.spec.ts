import { test, expect, type Page, type Route } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRun, withFaults } from './helpers';

// Defect 7: a failed MNIST download. The faults are injected on the network with page.route (it
// sees the training worker's requests too): the real assets, answered wrongly or not at all.

const IMAGES = '**/data/mnist-images.u8';
const IMAGE_BYTES = 7_840_000; // public/data/mnist-images.u8 (10,000 digits × 28 × 28)

/** Opens MNIST on wasm without waiting for Play (which stays off when the data fail). */
async function openMnist(page: Page): Promise<void> {
  await page.goto('/#backend=wasm&data=mnist');
}

/** The failure is shown as it should be: an error naming the file, no progress bar, the offer. */
async function expectFailure(page: Page, text: RegExp | string) {
  const notice = page.getByTestId('notice').filter({ hasText: 'mnist-images.u8' });
  await expect(notice).toHaveAttribute('data-level', 'error');
  await expect(notice).toContainText(text);
  await expect(page.getByTestId('progress')).toHaveCount(0);
  await expect(page.getByTestId('data-load-failed')).toBeVisible();
  await expect(page.getByTestId('play')).toBeDisabled();
  return notice;
}

test('a 404 for the images: error names the file, the bar ends, a toy set trains instead', async ({ page }) => {
  let hits = 0;
  await page.route(IMAGES, (route) => {
    hits++;
    return route.fulfill({ status: 404, body: 'not here' });
  });
  await openMnist(page);
  await expectFailure(page, /mnist-images\.u8: HTTP 404.*\(tried 2 times\)/);
  expect(hits).toBe(2); // one automatic retry
  await page.getByTestId('use-toy-blobs').click();
  await expect(page.getByTestId('play')).toBeEnabled();
  await expect(page.getByTestId('data-load-failed')).toHaveCount(0);
  expect((await readRun(page)).config.data).toBe('blobs');
  await page.getByTestId('play').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 60_000 }).toBeGreaterThanOrEqual(5);
  await page.getByTestId('pause').click();
  expect((await readRun(page)).loss.every(Number.isFinite)).toBe(true);
});

// Two ways to cut a body short, both checked in Chromium: route.fulfill with a short body and the
// full content-length keeps the header but ends the body cleanly ("the download ended early");
// route.continue to a local server that drops the socket mid-body is a real cut connection, which
// Chromium reports only as "TypeError: network error" — the message must still say how far it got.
test('a body cut short: the message says how many bytes of how many arrived', async ({ page }) => {
  await page.route(IMAGES, (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(IMAGE_BYTES) },
      body: Buffer.alloc(IMAGE_BYTES / 10),
    }),
  );
  await openMnist(page);
  await expectFailure(page, 'MNIST could not be loaded: mnist-images.u8: received 784000 of 7840000 bytes; the download ended early (tried 2 times)');
});

test('a connection dropped mid-file: "network error" becomes bytes received of expected', async ({ page }) => {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(IMAGE_BYTES) });
    res.write(Buffer.alloc(300_000), () => setTimeout(() => res.socket?.destroy(), 50));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    // The page still sees its own URL: continue() with a url is not a redirect.
    await page.route(IMAGES, (route) => route.continue({ url: `http://127.0.0.1:${port}/mnist-images.u8` }));
    await openMnist(page);
    await expectFailure(page, /mnist-images\.u8: received \d+ of 7840000 bytes, then the connection failed \(network error\) \(tried 2 times\)/);
  } finally {
    server.close();
  }
});

test('the first request fails, the retry loads MNIST, and no error is shown', async ({ page }) => {
  let hits = 0;
  await page.route(IMAGES, (route: Route) => (++hits === 1 ? route.abort('connectionreset') : route.fallback()));
  await openMnist(page);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  expect(hits).toBe(2);
  await expect(page.getByTestId('dataset')).toContainText('MNIST');
  await expect(page.locator('[data-testid="notice"][data-level="error"]')).toHaveCount(0);
  await expect(page.getByTestId('data-load-failed')).toHaveCount(0);
  await page.getByTestId('step-once').click();
  await expect.poll(async () => (await readRun(page)).step, { timeout: 60_000 }).toBe(1);
});

test('a stalled download times out with a message; "Try again" then loads MNIST', async ({ page }) => {
  // The test-only fault hook shortens the time limit (the real one is 25 s without a byte).
  await withFaults(page, { dataTimeoutMs: 1500 });
  await page.route(IMAGES, () => undefined); // never answered
  await openMnist(page);
  // The first try's timeout is not the end: the bar says it tries again.
  await expect(page.getByTestId('progress')).toContainText('Loading MNIST (retrying)');
  await expectFailure(page, /mnist-images\.u8: timed out, no data for 1\.5 s \(received 0 of 7840000 bytes\) \(tried 2 times\)/);
  await page.unroute(IMAGES);
  await page.getByTestId('retry-data').click();
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  await expect(page.getByTestId('data-load-failed')).toHaveCount(0);
  await expect(page.locator('[data-testid="notice"][data-level="error"]')).toHaveCount(0);
  expect((await readRun(page)).config.data).toBe('mnist');
});
