// For `npm run bench`: wasm threads on a plain static host. The built site is served
// by a plain file server without COOP/COEP headers (scripts/lib/plainServer.mjs, under
// /playground/ as GitHub Pages serves a project); the default run (MNIST, defaults, backend wasm)
// trains in a browser context with service workers blocked (the page stays not cross-origin
// isolated: tfjs-wasm's single-threaded build) and in one where they are allowed (the page's
// isolation worker reloads it once, isolated: tfjs's threaded build). Steps/s: the median of
// several windows in each page's steady state; the rounds alternate the two.
import { servePlain } from '../../scripts/lib/plainServer.mjs';
import { fmt } from './tables.mjs';

const HASH = '#backend=wasm&autoplay=1&steps=0';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Steps/s of one page, `windows` windows of `seconds` each after warming up, plus what the page said. */
async function measureOnce(browser, url, serviceWorkers, { windows, seconds, settleSeconds }) {
  const context = await browser.newContext({ serviceWorkers });
  const page = await context.newPage();
  let loads = 0;
  page.on('load', () => loads++);
  try {
    await page.goto(url + HASH);
    const step = () => page.evaluate(() => window.playground.store.getState().step);
    await page.waitForFunction(() => window.playground?.store.getState().step >= 3, null, { timeout: 180_000, polling: 200 });
    await page.waitForTimeout(settleSeconds * 1000);
    const rates = [];
    for (let w = 0; w < windows; w++) {
      const s0 = await step();
      const t0 = Date.now();
      await page.waitForTimeout(seconds * 1000);
      rates.push(((await step()) - s0) / ((Date.now() - t0) / 1000));
    }
    const facts = await page.evaluate(() => ({
      isolated: crossOriginIsolated,
      how: window.playgroundIsolation ?? null,
      backend: window.playground.store.getState().backend?.active ?? null,
      threads: window.playground.store.getState().backend?.threads ?? null,
    }));
    return { rates, loads, ...facts };
  } finally {
    await context.close();
  }
}

/**
 * Both configurations, `rounds` times each, alternating. `dist`: the built site's folder.
 * Resolves with one row per configuration.
 */
export async function measureIsolation(browser, { dist = 'dist', rounds = 2, windows = 4, seconds = 5, settleSeconds = 5, log = () => {} } = {}) {
  const site = await servePlain(dist);
  const modes = [
    { id: 'blocked', label: 'service workers blocked (not isolated)', serviceWorkers: 'block' },
    { id: 'worker', label: 'isolation service worker (one reload)', serviceWorkers: 'allow' },
  ];
  const runs = Object.fromEntries(modes.map((m) => [m.id, []]));
  try {
    for (let r = 0; r < rounds; r++) {
      for (const m of modes) {
        const run = await measureOnce(browser, site.url, m.serviceWorkers, { windows, seconds, settleSeconds });
        log(`isolation ${m.id} round ${r + 1}: ${run.rates.map((x) => x.toFixed(1)).join(', ')} steps/s; isolated ${run.isolated}, ${run.threads?.count ?? '?'} thread(s)${run.threads?.threaded ? ' (threaded build)' : ''}, ${run.loads} load(s)`);
        runs[m.id].push(run);
      }
    }
  } finally {
    await site.close();
  }
  return modes.map((m) => {
    const rs = runs[m.id];
    const last = rs[rs.length - 1];
    return {
      id: m.id,
      label: m.label,
      stepsPerS: median(rs.flatMap((x) => x.rates)),
      windows: rs.flatMap((x) => x.rates).length,
      isolated: rs.every((x) => x.isolated),
      backend: last.backend,
      threads: last.threads?.count ?? null,
      threaded: Boolean(last.threads?.threaded),
      loads: Math.max(...rs.map((x) => x.loads)),
      why: last.threads?.why ?? null,
    };
  });
}

/** The markdown section for BENCHMARKS.md. */
export function isolationSection(rows, cores) {
  const blocked = rows.find((r) => r.id === 'blocked');
  const worker = rows.find((r) => r.id === 'worker');
  const ratio = blocked && worker && blocked.stepsPerS > 0 ? worker.stepsPerS / blocked.stepsPerS : NaN;
  return [
    '### wasm threads on a plain static host',
    '',
    `The built site served under \`/playground/\` by a plain file server without COOP/COEP headers (as GitHub Pages serves it); the default run (MNIST, defaults, \`backend=wasm\`) in a fresh browser context with service workers blocked, and in one where the page's isolation service worker (\`public/isolation-sw.js\`) adds the headers after one reload. Steps/s: the median of ${rows[0]?.windows ?? '?'} windows per configuration, the configurations alternating. tfjs-wasm's threaded build takes half the logical cores (at most 8): on this ${cores}-core machine that is ${Math.min(8, Math.max(1, Math.floor(cores / 2)))} thread(s) either way.`,
    '',
    '| page | cross-origin isolated | document loads | backend | tfjs-wasm build | threads | steps/s |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.label} | ${r.isolated ? 'yes' : 'no'} | ${r.loads} | ${r.backend ?? '?'} | ${r.threaded ? 'threaded' : 'single-threaded'} | ${r.threads ?? '?'} | ${fmt(r.stepsPerS)} |`),
    '',
    `With the service worker ÷ without: **${Number.isFinite(ratio) ? ratio.toFixed(2) : '?'}×**.`,
  ].join('\n');
}
