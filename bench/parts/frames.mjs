// Frames while training: how smoothly the page draws while a comparison trains.
// Opens a comparison link (the `ce-vs-ssm` preset's, with its step limit lifted so both runs train
// the whole time) in a fresh 1280×800 page of the built app, records the main thread's
// requestAnimationFrame intervals (performance.now() between callbacks) for 10 s idle before Play,
// presses Play like a person, lets it settle 2 s, records 30 s of training, then drags the α
// slider out and back (released where it started, so the run goes on) and records the drag.
// Used by `npm run bench` (BENCH_PARTS=frames). BENCH_FRAMES_TRACE=<file.json> also writes a
// Chromium trace of the training window (open it in DevTools' Performance panel).
import os from 'node:os';
import { writeFileSync } from 'node:fs';
import { openSources } from '../../scripts/lib/sources.mjs';

/** The link measured when the presets cannot be read: the same comparison written out. */
const FALLBACK_HASH = 'dim=16&loss=ssm&alpha=20&steps=0&metricsEvery=50&b=1&b.loss=ces';

/** Installed in the page: every requestAnimationFrame callback's performance.now() into `window.__frames`. */
function recordFrames() {
  const times = [];
  window.__frames = times;
  const tick = () => {
    times.push(performance.now());
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** The intervals (ms) between the recorded frames that fell in [from, to]. */
function intervalsBetween([from, to]) {
  const t = window.__frames.filter((x) => x >= from && x <= to);
  const out = [];
  for (let i = 1; i < t.length; i++) out.push(t[i] - t[i - 1]);
  return out;
}

/** Both runs' steps (B: null without a comparison). */
function steps() {
  const c = window.playground.controller;
  return { a: c.store.getState().step, b: c.compare ? c.compare.store.getState().step : null };
}

/** p50/p95/p99/max (nearest rank) and the count over 50 ms of `intervals`. */
export function frameStats(intervals) {
  const s = [...intervals].sort((x, y) => x - y);
  const q = (p) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))] : NaN);
  return { frames: s.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: s.length ? s[s.length - 1] : NaN, over50: s.filter((x) => x > 50).length };
}

/** The comparison link measured: the `ce-vs-ssm` preset's, with no step limit on either run. */
async function defaultHash() {
  try {
    const sources = await openSources();
    try {
      const { PRESETS, presetLink } = await sources.load('/src/state/presets/presets.ts');
      const preset = PRESETS.find((p) => p.id === 'ce-vs-ssm');
      if (!preset) return FALLBACK_HASH;
      // B copies A's steps unless it names its own: lift both.
      const link = presetLink(preset).replace(/(^|&)steps=\d+/, '$1steps=0').replace(/(^|&)b\.steps=\d+/, '$1b.steps=0');
      return /(^|&)steps=0(&|$)/.test(link) ? link : `${link}&steps=0`;
    } finally {
      await sources.close();
    }
  } catch {
    return FALLBACK_HASH;
  }
}

/**
 * Measures the frame intervals idle, while training and while dragging a slider during training.
 * Returns `{hash, backend, idle, training, drag, load}`: each of idle/training/drag is
 * `{seconds, stats, steps}` (stats from {@link frameStats}; steps: each run's steps made meanwhile;
 * drag is null when the α slider is not on screen) and `load` the 1-minute load average at the end.
 */
export async function measureFrames(browser, base, { hash = null, idleSeconds = 10, settleSeconds = 2, seconds = 30, dragSeconds = 3, trace = process.env.BENCH_FRAMES_TRACE ?? null, log = () => {} } = {}) {
  hash ??= await defaultHash();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let tracing = false;
  try {
    await page.goto(`${base}/#${hash.replace(/^#/, '')}`);
    await page.waitForFunction(() => document.querySelector('[data-testid="play"]')?.disabled === false, null, { timeout: 120_000 });
    const intro = page.getByTestId('intro-close');
    if (await intro.isVisible()) await intro.click();
    const backend = (await page.getByTestId('backend').textContent().catch(() => null))?.trim() ?? null;
    const compared = await page.evaluate(() => !!window.playground.controller.compare);
    if (!compared) throw new Error(`the link ${hash} opened no comparison`);
    await page.evaluate(recordFrames);
    const now = () => page.evaluate(() => performance.now());
    const window_ = async (ms, inside = () => page.waitForTimeout(ms)) => {
      const s0 = await page.evaluate(steps);
      const from = await now();
      await inside();
      const to = await now();
      const s1 = await page.evaluate(steps);
      const stats = frameStats(await page.evaluate(intervalsBetween, [from, to]));
      return { seconds: (to - from) / 1000, stats, steps: { a: s1.a - s0.a, b: s1.b === null ? null : s1.b - s0.b }, at: s1 };
    };

    await page.waitForTimeout(500); // the recorder's first frames
    const idle = await window_(idleSeconds * 1000);
    log(`frames idle: ${JSON.stringify(idle.stats)}`);

    await page.getByTestId('play').click();
    await page.waitForTimeout(settleSeconds * 1000);
    if (trace) {
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'] });
      tracing = true;
    }
    const training = await window_(seconds * 1000);
    if (tracing) {
      tracing = false;
      writeFileSync(trace, await browser.stopTracing());
      log(`frames: wrote the trace of the training window to ${trace}`);
    }
    log(`frames training: ${JSON.stringify(training.stats)} steps ${JSON.stringify(training.steps)}`);
    if (training.steps.a === 0) throw new Error('run A made no steps while the frames were recorded');

    // A person drags the α slider out and back while training, and lets go where it started
    // (the same value: the run goes on).
    let drag = null;
    const slider = page.getByTestId('param-alpha-slider');
    if (await slider.isVisible().catch(() => false)) {
      const box = await slider.boundingBox();
      const where = await slider.evaluate((el) => (Number(el.value) - Number(el.min)) / (Number(el.max) - Number(el.min)));
      // The thumb's centre: the track runs between half a thumb in from each end (about 8 px).
      const x0 = box.x + 8 + where * (box.width - 16);
      const y = box.y + box.height / 2;
      const span = Math.min(60, Math.max(x0 - box.x - 8, box.x + box.width - 8 - x0)) * (x0 - box.x > box.width / 2 ? -1 : 1);
      drag = await window_(0, async () => {
        await page.mouse.move(x0, y);
        await page.mouse.down();
        // Out and back in `dragSeconds` of wall time, a move every 16 ms or as fast as the page takes them.
        const t0 = Date.now();
        for (let t = 0; t < dragSeconds * 1000; t = Date.now() - t0) {
          const f = t < (dragSeconds * 1000) / 2 ? (2 * t) / (dragSeconds * 1000) : 2 - (2 * t) / (dragSeconds * 1000);
          await page.mouse.move(x0 + span * f, y);
          await page.waitForTimeout(16);
        }
        await page.mouse.move(x0, y);
        await page.mouse.up();
      });
      // Let go where it started: the same α, so no new run (a new run would start again from step 0).
      drag.kept = drag.steps.a > 0;
      log(`frames drag: ${JSON.stringify(drag.stats)} steps ${JSON.stringify(drag.steps)}`);
    } else log('frames: the α slider is not on screen; no drag measured');

    const pause = page.getByTestId('pause');
    if (await pause.isEnabled().catch(() => false)) await pause.click({ timeout: 5_000 }).catch(() => {});
    return { hash, backend, settleSeconds, idle, training, drag, load: os.loadavg()[0], cores: os.cpus().length };
  } finally {
    if (tracing) await browser.stopTracing().catch(() => {});
    await context.close();
  }
}

/** The frames section of the bench's output. */
export function framesSection(r) {
  const ms = (x) => (Number.isFinite(x) ? x.toFixed(1) : '—');
  const st = (s) => (s.b === null ? `${s.a}` : `${s.a} / ${s.b}`);
  const row = (name, w) => `| ${name} | ${w.stats.frames} | ${ms(w.stats.p50)} | **${ms(w.stats.p95)}** | ${ms(w.stats.p99)} | ${ms(w.stats.max)} | ${w.stats.over50} | ${st(w.steps)} |`;
  const at60 = Math.abs(r.idle.stats.p50 - 1000 / 60) < 1.5;
  const rows = [
    '| window | frames | p50 ms | p95 ms | p99 ms | max ms | intervals > 50 ms | steps made (A / B) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row(`idle before Play (${r.idle.seconds.toFixed(0)} s)`, r.idle),
    row(`training (${r.training.seconds.toFixed(0)} s)`, r.training),
  ];
  if (r.drag) rows.push(row(`α slider dragged while training (${r.drag.seconds.toFixed(1)} s)`, r.drag));
  return [
    '### Frames while training',
    '',
    `The main thread's requestAnimationFrame intervals (performance.now() between callbacks) in a fresh 1280×800 page of the built app with a comparison open (\`#${r.hash}\`: the \`ce-vs-ssm\` preset without its step limit, backend ${r.backend ?? 'auto'}): ${r.idle.seconds.toFixed(0)} s idle before Play, then ${r.training.seconds.toFixed(0)} s of every run training (from ${r.settleSeconds} s after Play was clicked)${r.drag ? `, then the α slider dragged out and back by the mouse while training (released where it started; ${r.drag.kept ? 'the run went on' : 'the run did not go on'})` : ''}. Target: p95 ≤ 33 ms while training on this machine with nothing else running. Headless Chromium's rAF ${at60 ? 'runs at 60 Hz here (idle p50 ≈ 16.7 ms)' : `did not run at 60 Hz here (idle p50 ${ms(r.idle.stats.p50)} ms)`}. Load average ${r.load.toFixed(1)} (${r.cores} cores) at the end.`,
    '',
    ...rows,
  ].join('\n');
}
