// Main-thread long tasks (> 50 ms) during the default training run: opens the app's
// default link (MNIST, defaults, evaluations on, backend auto), presses Play like a person, trains
// for a fixed time or number of steps and counts what a `PerformanceObserver('longtask')` saw
// meanwhile. Used by `npm run bench` (the figure it records) and by e2e/longtasks.spec.ts.

/** A task is long from this many ms on (the Long Tasks API's threshold). */
const LONG_MS = 50;

/** Installed before the page's own scripts: every long task, with its start, into `window.__longTasks`. */
function observeLongTasks() {
  const seen = [];
  window.__longTasks = seen;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No Long Tasks API in this browser: the caller is told.
    window.__longTasks = null;
  }
}

/**
 * The main thread's tasks between the marks `from` and `to` in a Chromium trace, with their wall
 * and CPU (thread) time in ms. The thread is the one the marks were made on: other pages and the
 * worker are left out.
 */
function tasksBetweenMarks(trace, from, to) {
  const events = trace.traceEvents ?? trace;
  const mark = (name) => events.find((e) => e.name === name && e.cat?.includes('blink.user_timing'));
  const start = mark(from);
  const end = mark(to);
  if (!start || !end) throw new Error('the trace lacks the marks around the run');
  return events
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts && e.ts <= end.ts)
    .map((e) => ({ at: Math.round((e.ts - start.ts) / 1000), ms: Math.round(e.dur / 1000), cpuMs: Math.round((e.tdur ?? e.dur) / 1000) }));
}

/**
 * Opens `baseUrl` + `hash` (default: the default run) in a fresh context of `browser`, waits until
 * Play is enabled, clicks it, trains for `seconds` (or, with `steps`, until that step, `seconds`
 * at most), pauses, and reports the long tasks (> 50 ms) that started after the click:
 * `{count, worstMs, totalMs, steps, seconds, evaluations, backend, tasks}` (`evaluations`: the
 * periodic all-pairs evaluations made in the run; `tasks`: each one's start after Play and its
 * duration, in ms). With `cpu: true` (Chromium only) it also traces the run and adds `cpu:
 * {count, worstMs, tasks}`: the main-thread tasks whose own CPU time passed 50 ms, and the most
 * CPU time one took — the observer counts wall time, which other busy processes stretch; CPU time
 * is what the page itself spent. `page`, if given, is used instead of a new one (the caller owns it then).
 */
export async function measureLongTasks(browser, baseUrl, { seconds = 30, steps: target = 0, hash = '', page: given = null, cpu = false } = {}) {
  const context = given ? null : await browser.newContext();
  const page = given ?? (await context.newPage());
  let tracing = false;
  try {
    await page.addInitScript(observeLongTasks);
    const url = new URL(baseUrl);
    url.hash = hash.replace(/^#/, '');
    await page.goto(url.href);
    const play = page.getByTestId('play');
    await page.waitForFunction(() => document.querySelector('[data-testid="play"]')?.disabled === false, null, { timeout: 120_000 });
    const backend = (await page.getByTestId('backend').textContent())?.trim() ?? null;
    // The first-visit introduction is open on a fresh profile; a person closes it before training.
    const intro = page.getByTestId('intro-close');
    if (await intro.isVisible()) await intro.click();
    if (!(await page.evaluate(() => Array.isArray(window.__longTasks)))) throw new Error('this browser has no Long Tasks API');
    if (cpu) {
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
      tracing = true;
    }
    const t0 = await page.evaluate(() => (performance.mark('longtasks:play'), performance.now()));
    await play.click();
    if (target > 0)
      await page
        .waitForFunction((n) => window.playground.store.getState().step >= n, target, { timeout: seconds * 1000, polling: 250 })
        .catch(() => {}); // the time is up first on a slow machine: report what was trained
    else await page.waitForTimeout(seconds * 1000);
    const { tasks, steps, evaluations, elapsed } = await page.evaluate((since) => {
      performance.mark('longtasks:end');
      const s = window.playground.store.getState();
      return {
        tasks: window.__longTasks.filter((t) => t.start >= since).map((t) => ({ at: Math.round(t.start - since), ms: Math.round(t.ms) })),
        steps: s.step,
        evaluations: s.evalSeries.step.length,
        elapsed: (performance.now() - since) / 1000,
      };
    }, t0);
    let cpuReport;
    if (tracing) {
      tracing = false;
      const traced = tasksBetweenMarks(JSON.parse((await browser.stopTracing()).toString('utf8')), 'longtasks:play', 'longtasks:end');
      const long = traced.filter((t) => t.cpuMs > LONG_MS);
      cpuReport = { count: long.length, worstMs: Math.max(0, ...traced.map((t) => t.cpuMs)), tasks: long };
    }
    // A fast machine may have reached the run's step limit (2,000 by default): it stopped by itself.
    const pause = page.getByTestId('pause');
    if (await pause.isEnabled()) await pause.click({ timeout: 5_000 }).catch(() => {}); // it may stop in between
    const durations = tasks.map((t) => t.ms);
    return {
      count: tasks.length,
      worstMs: Math.max(0, ...durations),
      totalMs: durations.reduce((a, b) => a + b, 0),
      steps,
      seconds: Math.round(elapsed * 10) / 10,
      evaluations,
      backend,
      tasks,
      ...(cpuReport ? { cpu: cpuReport } : {}),
    };
  } finally {
    if (tracing) await browser.stopTracing().catch(() => {});
    await context?.close();
  }
}
