// Time to lesson (issue 18 §1): the seconds a teacher waits from pressing Play on a preset's link
// until the preset's claim shows on screen and keeps holding through the run's last step. Each
// preset's own link (as "Copy link" writes it, backend auto) opens in a fresh page of the built app;
// the bench presses Play like a person and watches both runs' stores, noting the wall time at which
// each evaluated step reached both runs. At the end the claim is judged on the page's own numbers
// with the same code as `metric-playground presets check` (src/state/presetClaims.ts): the lesson
// step is the first evaluated step from which the claim holds to the end, its time the moment both
// runs had shown it. Used by `npm run bench` (BENCH_PARTS=lesson).
import { openSources } from '../lib/sources.mjs';

/** What the page shows of one run: its metrics rows (the CSV export's) and its progress. */
function readRuns() {
  const c = window.playground.controller;
  const one = (s) => ({
    step: s.step,
    finished: s.finished,
    diverged: s.diverged,
    backend: s.backend?.active ?? null,
    series: { step: [...s.evalSeries.step], ap: [...s.evalSeries.ap], opis: [...s.evalSeries.opis], epsOpis: [...s.evalSeries.epsOpis], recallAt1: [...s.evalSeries.recallAt1], nmi: [...s.evalSeries.nmi] },
    history: { step: [], loss: [], alpha: [], lr: [], evalStep: [...s.history.evalStep], accuracy: [...s.history.accuracy], compactness: [...s.history.compactness] },
  });
  return { a: one(c.store.getState()), b: c.compare ? one(c.compare.store.getState()) : null };
}

/**
 * Trains each preset with a claim (or those in `ids`) in the built app at `base` and returns one row
 * per preset: the lesson step and its seconds, the seconds to the last step, the backend. `root`:
 * another checkout whose presets to read (a baseline measured beside today's).
 */
export async function measureTimeToLesson(browser, base, { ids = null, maxSeconds = 240, log = () => {}, root = undefined } = {}) {
  const { load, close } = await openSources(root);
  const { PRESETS, presetLink } = await load('/src/state/presets.ts');
  const { judgeClaim, claimRows } = await load('/src/state/presetClaims.ts');
  const { metricRows } = await load('/src/state/metricsExport.ts');
  await close();
  const rows = [];
  for (const preset of PRESETS.filter((p) => p.claim && (!ids || ids.includes(p.id)))) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/#${presetLink(preset)}`);
    await page.waitForFunction(() => !document.querySelector('[data-testid=play]')?.disabled, null, { timeout: 120_000 });
    const t0 = Date.now();
    await page.getByTestId('play').click();
    // The wall time at which each evaluated step was on screen for both runs (the metrics rows' steps).
    const seenAt = new Map();
    let last = null;
    let finishedAt = null;
    while ((Date.now() - t0) / 1000 < maxSeconds) {
      last = await page.evaluate(readRuns);
      const now = (Date.now() - t0) / 1000;
      const runs = [last.a, last.b].filter(Boolean);
      const stepsOf = (r) => new Set(preset.claim.metric === 'accuracy' || preset.claim.metric === 'compactness' ? r.history.evalStep : r.series.step);
      const common = runs.map(stepsOf).reduce((x, y) => new Set([...x].filter((s) => y.has(s))));
      for (const s of common) if (!seenAt.has(s)) seenAt.set(s, now);
      if (runs.every((r) => r.finished || r.diverged)) {
        finishedAt = now;
        break;
      }
      await page.waitForTimeout(250);
    }
    const numbers = (r) => ({ rows: metricRows(r.series, r.history), refreshes: { step: r.history.evalStep, accuracy: r.history.accuracy, compactness: r.history.compactness } });
    const pick = (r) => claimRows(preset.claim.metric, numbers(r));
    const verdict = judgeClaim(preset.claim, pick(last.a), last.b ? pick(last.b) : null);
    const row = {
      id: preset.id,
      metric: preset.claim.metric,
      steps: preset.claim.steps,
      backend: last.a.backend,
      reached: Math.min(last.a.step, last.b?.step ?? Infinity),
      lessonStep: verdict.holds ? verdict.lessonStep : null,
      lessonSeconds: verdict.holds && verdict.lessonStep !== null ? seenAt.get(verdict.lessonStep) ?? null : null,
      lastSeconds: finishedAt,
      holds: verdict.holds,
    };
    log(JSON.stringify(row));
    rows.push(row);
    await context.close();
  }
  return rows;
}

/** The time-to-lesson table for BENCHMARKS.md. */
export function timeToLessonTable(rows) {
  const s = (x) => (x === null || x === undefined ? '—' : x.toFixed(1));
  return [
    '| preset | claim on | backend | lesson shows (and stays) at step | seconds from Play | seconds to the last step |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| \`${r.id}\` | ${r.metric} | ${r.backend} | ${r.holds ? r.lessonStep : `did not hold (reached step ${r.reached} of ${r.steps})`} | ${s(r.lessonSeconds)} | ${s(r.lastSeconds)} |`),
  ].join('\n');
}
