// `npm run measure -- '<hash>' [--target 0.9] [--max-seconds 600] [--evaluate-all]`
// Trains the configuration of a link in headless Chromium (the built app, real backend), and prints
// as JSON: the backend, steps and wall time until the evaluation accuracy first reached the target,
// the accuracy curve, and with --evaluate-all the all-pairs metrics of the whole evaluation set at
// the end. Example: npm run measure -- '#backend=wasm&dim=2&head=ln&alpha=16&steps=2000' --target 0.9
import { chromium } from '@playwright/test';
import { spawn, execFileSync } from 'node:child_process';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const hash = args.find((a) => a.startsWith('#')) ?? '';
const target = Number(flag('--target', '0.9'));
const maxSeconds = Number(flag('--max-seconds', '600'));
const evaluateAll = args.includes('--evaluate-all');
const PORT = Number(process.env.MEASURE_PORT ?? 4192);
const executablePath = execFileSync('node', ['scripts/find-chromium.mjs'], { encoding: 'utf8' }).trim().split('\n').pop();

const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { stdio: 'ignore' });
let browser;
try {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  browser = await chromium.launch({
    executablePath,
    args: ['--enable-unsafe-webgpu', '--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/${hash}`);
  await page.waitForFunction(() => !document.querySelector('[data-testid=play]')?.disabled, null, { timeout: 120_000 });
  const read = () =>
    page.evaluate(() => {
      const s = window.playground.store.getState();
      return { step: s.step, running: s.running, finished: s.finished, backend: s.backend?.active, evalStep: [...s.history.evalStep], accuracy: [...s.history.accuracy] };
    });
  const t0 = Date.now();
  await page.getByTestId('play').click();
  let reached = null;
  let s = await read();
  while ((Date.now() - t0) / 1000 < maxSeconds) {
    await page.waitForTimeout(1000);
    s = await read();
    const i = s.accuracy.findIndex((a) => a >= target);
    if (i >= 0 && !reached) reached = { step: s.evalStep[i], seconds: (Date.now() - t0) / 1000 };
    if (s.finished || (!s.running && s.step > 0)) break;
  }
  const seconds = (Date.now() - t0) / 1000;
  await page.getByTestId('pause').click().catch(() => {});
  let evaluation = null;
  if (evaluateAll) {
    await page.evaluate(() => window.playground.controller.evaluateAll());
    await page.waitForFunction(() => window.playground.store.getState().evaluation?.full === true, null, { timeout: 300_000 });
    evaluation = await page.evaluate(() => {
      const e = window.playground.store.getState().evaluation;
      return { items: e.n, path: e.path, ap: e.ap, opis: e.opis, epsOpis: e.epsOpis, recallAt1: e.recall.value[0], nmi: e.nmi, ms: e.ms };
    });
  }
  const curve = s.evalStep.map((st, i) => `${st}:${s.accuracy[i].toFixed(3)}`);
  console.log(JSON.stringify({ hash, backend: s.backend, steps: s.step, seconds, target, reached, finalAccuracy: s.accuracy.at(-1), curve: curve.filter((_, i) => i % 4 === 0 || i === curve.length - 1).join(' '), evaluation }, null, 1));
} finally {
  await browser?.close();
  server.kill();
}
