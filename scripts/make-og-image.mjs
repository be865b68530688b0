// Makes public/og-image.png, the 1200×630 link-preview picture: a real run of the built app.
//   npm run build && node scripts/make-og-image.mjs [--dist dist] [--port 4193] [--url http://…/]
//        [--hash '#backend=wasm&dim=2&alpha=4&lr=0.01&steps=400'] [--out public/og-image.png]
// Builds nothing: it serves --dist with `vite preview` (or uses an app already served at --url),
// opens it in the system Chromium (flags of playwright.config.ts), trains the link until it stops,
// screenshots the embedding and loss views, and lays them out with the title in a 1200×630 frame.
// Then rebuild, so the image lands in dist/. The output is committed.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(flag('--port', '4193'));
const DIST = flag('--dist', 'dist');
const GIVEN_URL = flag('--url', null);
// MNIST on the unit circle (HU's picture); α = 4 separates the classes within a few hundred steps.
const HASH = flag('--hash', '#backend=wasm&data=mnist&dim=2&head=ln&alpha=4&lr=0.01&steps=400');
const OUT = flag('--out', `${root}public/og-image.png`);
const WIDTH = 1200;
const HEIGHT = 630;
// The same as CHROMIUM_ARGS in playwright.config.ts (a .ts file, which Node 20 cannot import).
const CHROMIUM_ARGS = ['--enable-unsafe-webgpu', '--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Starts `vite preview` on DIST and resolves with its URL and a stop function, once it answers. */
async function serve() {
  if (GIVEN_URL) return { url: GIVEN_URL.endsWith('/') ? GIVEN_URL : `${GIVEN_URL}/`, stop: () => {} };
  const url = `http://127.0.0.1:${PORT}/`;
  // Never screenshot whatever else already answers on that port.
  if (await fetch(url).then(() => true, () => false)) throw new Error(`port ${PORT} is taken: pass --port, or --url of an app already served`);
  // Its own process group, so that stopping it also stops the node process npx starts.
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', '--outDir', DIST], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid);
    } catch {}
  };
  let exited = false;
  server.on('exit', () => (exited = true));
  for (let i = 0; i < 100 && !exited; i++) {
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  stop();
  throw new Error(`vite preview of ${DIST} did not answer at ${url} (is it built? is the port free?)`);
}

/** A PNG screenshot of `testId`'s figure down to its "Show as table" button (not included). */
async function shoot(page, testId) {
  const figure = page.getByTestId(testId);
  const box = await figure.boundingBox();
  const end = await figure.locator('.plot-alt').first().boundingBox();
  if (!box || !end) throw new Error(`${testId} is not on the page`);
  // One pixel inside the figure's border: the frame draws its own panel around it.
  const clip = { x: box.x + 1, y: box.y + 1, width: box.width - 2, height: end.y - 2 - box.y - 1 };
  return { png: (await page.screenshot({ clip })).toString('base64'), width: clip.width, height: clip.height };
}

/** Trains HASH in the app at `url` and returns the two views and the numbers the status bar shows. */
async function capture(browser, url) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 }, deviceScaleFactor: 2, colorScheme: 'light' });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url + HASH);
  await page.getByTestId('play').and(page.locator(':enabled')).waitFor({ timeout: 120_000 });
  await page.getByTestId('intro-close').click({ timeout: 5_000 }).catch(() => {});
  await page.getByTestId('play').click();
  // The link's `steps` ends the run; the embedding is refreshed at that last step.
  await page.waitForFunction(() => window.playground.store.getState().finished, null, { timeout: 600_000, polling: 500 });
  await page.waitForTimeout(1_000); // the last frame of the plots
  const text = async (id) => (await page.getByTestId(id).textContent())?.trim() ?? '';
  const stats = { step: await text('step'), accuracy: await text('accuracy'), backend: await text('backend') };
  const embedding = await shoot(page, 'embedding-plot');
  const loss = await shoot(page, 'loss-plot');
  await page.close();
  return { stats, embedding, loss };
}

/** The 1200×630 frame: title and loss curve on the left, the embedding on the right. */
function frameHtml({ stats, embedding, loss }) {
  const icon = Buffer.from(readFileSync(`${root}public/favicon.svg`)).toString('base64');
  const embH = HEIGHT - 48;
  const embW = Math.round((embedding.width / embedding.height) * embH);
  const leftW = WIDTH - embW - 3 * 24;
  const lossH = Math.round((loss.height / loss.width) * leftW);
  const img = (shot, w, h) => `<div class="panel"><img src="data:image/png;base64,${shot.png}" width="${w}" height="${h}"></div>`;
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; overflow: hidden; }
    body { background: #f7f7f5; color: #1f2328; font-family: system-ui, 'DejaVu Sans', 'Liberation Sans', sans-serif;
      display: flex; gap: 24px; padding: 24px; box-sizing: border-box; }
    .left { width: ${leftW}px; display: flex; flex-direction: column; justify-content: space-between; }
    h1 { margin: 4px 0 0; font-size: 42px; line-height: 1.1; display: flex; align-items: center; gap: 14px; }
    h1 img { width: 56px; height: 56px; }
    p { margin: 16px 0 0; font-size: 23px; line-height: 1.35; color: #5e6670; }
    .small { font-size: 17px; }
    .run { color: #2b5fb4; }
    .panel { background: #fff; border: 1px solid #d9dcdf; border-radius: 6px; overflow: hidden; line-height: 0; }
    .panel img { display: block; }
  </style></head><body>
    <div class="left">
      <div>
        <h1><img src="data:image/svg+xml;base64,${icon}" alt="">Metric Playground</h1>
        <p>Deep metric learning, trained live in your browser: watch the loss and its temperature shape the embedding space.</p>
        <p class="small">Softmax with a temperature, ArcFace, CosFace, Cross-Example Softmax, contrastive, triplet, TCM — on WebGPU, WebGL or wasm, in a Web Worker.</p>
        <p class="small run">Shown: MNIST, d = 2, step ${stats.step} · accuracy ${stats.accuracy} · ${stats.backend}</p>
      </div>
      ${img(loss, leftW - 2, lossH)}
    </div>
    ${img(embedding, embW - 2, embH - 2)}
  </body></html>`;
}

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found: set CHROMIUM_PATH (see scripts/find-chromium.mjs)');
  const { url, stop } = await serve();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const t0 = Date.now();
    const shots = await capture(browser, url);
    console.log(`trained ${HASH} to step ${shots.stats.step} (${shots.stats.backend}, accuracy ${shots.stats.accuracy}) in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const frame = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1, colorScheme: 'light' });
    await frame.setContent(frameHtml(shots));
    await frame.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
    const png = await frame.screenshot({ clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
    writeFileSync(OUT, png);
    console.log(`${OUT}: ${WIDTH}×${HEIGHT}, ${png.length} bytes`);
  } finally {
    await browser.close();
    stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
