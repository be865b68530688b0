import { test, expect } from '@playwright/test';
import os from 'node:os';
import { measureLongTasks } from '../bench/parts/longTasks.mjs';

/**
 * The page never stutters while it trains. The default run (MNIST, defaults, backend
 * auto = wasm here, an all-pairs evaluation every 100 steps redrawing six plots, an embedding
 * snapshot every 25) is played from its button for 500 steps while a PerformanceObserver('longtask')
 * counts main-thread tasks over 50 ms, and a Chromium trace gives each task's own CPU time.
 *
 * Two bounds, from measurements on 2 cores (30 s windows, 3+ runs each; see the report):
 * - CPU time, always asserted: no main-thread task may spend 50 ms of CPU. After the fixes the
 *   longest took 19–28 ms (a frame that redraws one evaluation plot, plus style, layout and
 *   paint); before them the six evaluation plots redrew in one frame of 44–55 ms. CPU time does
 *   not depend on what else the machine runs, so the bound holds on a busy machine and still
 *   catches a plot that takes 50 ms to redraw again (checked with an 80 ms render put back).
 * - Wall time, the observer's own figures: none of 200 ms, and at most 1.5 long tasks per second
 *   of training. Before the fixes an idle machine gave 16 per 30 s, worst 125 ms; after them
 *   0–5 per 10–30 s, worst 67 ms. Those few are tasks of ≤ 35 ms of CPU that waited for a core
 *   while both workers trained and evaluated: the wall clock counts the time other processes
 *   take from the page. In CI at a load of 2.9 (this test's workers, the GPU process and
 *   Playwright on 2 cores) they gave 7 in 10.8 s, worst 74 ms; at a load of 5–9 they lasted up
 *   to 630 ms (13–28 per 30 s). So the count is bounded per second, not near zero, and when the
 *   load average says the machine is shared beyond that, the wall figures are reported, not
 *   asserted. The CPU bound is the one that catches a slow redraw.
 */
const MAX_CPU_MS = 50;
const MAX_WORST_MS = 200;
const MAX_PER_SECOND = 1.5;

test('the default run with evaluations trains without main-thread long tasks', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const loadBefore = os.loadavg()[0];
  const r = await measureLongTasks(browser, baseURL!, { page, steps: 500, seconds: 60, cpu: true });
  const cpu = r.cpu!;
  // More runnable work than the test makes itself (the worker's core, the page's): others share the machine.
  const load = Math.max(loadBefore, os.loadavg()[0]);
  const shared = load > os.cpus().length + 1;
  const summary =
    `${r.count} long tasks (> 50 ms), worst ${r.worstMs} ms, total ${r.totalMs} ms, in ${r.seconds} s / ${r.steps} steps / ${r.evaluations} evaluations on ${r.backend}; ` +
    `most CPU in one task ${cpu.worstMs} ms; load ${load.toFixed(1)} on ${os.cpus().length} cores`;
  test.info().annotations.push({ type: 'long tasks', description: `${summary}; each (ms after Play: ms): ${r.tasks.map((t) => `${t.at}: ${t.ms}`).join(', ') || 'none'}` });
  console.log(summary);
  expect(r.backend).toBe('wasm');
  // The window covered evaluations and their plots (otherwise the count would prove nothing).
  expect(r.evaluations).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('score-distribution')).toHaveAttribute('data-queries', '200');
  await expect(page.getByTestId('distance-histogram')).toHaveAttribute('data-bins', '100');
  expect(cpu.worstMs, `${summary}; over ${MAX_CPU_MS} ms of CPU: ${cpu.tasks.map((t) => `${t.at}: ${t.cpuMs}`).join(', ')}`).toBeLessThan(MAX_CPU_MS);
  if (shared) {
    test.info().annotations.push({ type: 'wall-time bound not asserted', description: `the machine is shared (load ${load.toFixed(1)})` });
    return;
  }
  expect(r.worstMs, summary).toBeLessThan(MAX_WORST_MS);
  expect(r.count, summary).toBeLessThanOrEqual(Math.max(5, MAX_PER_SECOND * r.seconds));
});
