// Time to lesson: the seconds a teacher waits from pressing Play on a preset's link
// until the preset's claim shows on screen and keeps holding through the run's last step. Each
// preset's own link (as "Copy link" writes it, backend auto) opens in a fresh page of the built app;
// the bench presses Play like a person and watches both runs' stores, noting the wall time at which
// each evaluated step reached both runs. At the end the claim is judged on the page's own numbers
// with the same code as `metric-playground presets check` (src/state/presets/presetClaims.ts): the lesson
// step is the first evaluated step from which the claim holds to the end, its time the moment both
// runs had shown it. Beside it, "seen": the seconds from Play until the page itself showed the
// verdict — the ✓ in the claim row of the A | B table (a single run: its accuracy at the bar) — and
// kept showing it to the end, read from the page as a person reads it. With `busy`, one other
// CPU-bound process runs beside the page (a busy laptop). Used by `npm run bench` (BENCH_PARTS=lesson).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openSources, ROOT } from '../../scripts/lib/sources.mjs';

/** The comparison table's row of each claim metric, and which way that row calls better. */
const ROW = { ap: 'ap', opis: 'opis', epsOpis: 'eps-opis', recallAt1: 'recall-at-1', accuracy: 'accuracy', compactness: 'compactness' };
const BETTER = { ap: 'higher', opis: 'lower', epsOpis: 'lower', recallAt1: 'higher', accuracy: 'higher', compactness: 'lower' };

/**
 * Whether the page shows the claim's verdict now, as a person reads it: the claim row's ✓ (or its
 * ✗, for a claim that B is worse), or a single run's accuracy at its bar.
 */
function verdictShown({ row, verdict, atLeast }) {
  if (row) return document.querySelector(`[data-testid="compare-${row}-delta"]`)?.getAttribute('data-verdict') === verdict;
  // The status bar says it in percent ("99.5%").
  const text = document.querySelector('[data-testid="accuracy"]')?.textContent ?? '';
  const v = Number.parseFloat(text.replace(/[^0-9.]/g, '')) / (text.includes('%') ? 100 : 1);
  return Number.isFinite(v) && v >= atLeast;
}

/** Starts one CPU-bound process beside the page; returns its stop. */
function busyProcess() {
  const p = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () => p.kill('SIGKILL');
}

/** What the page shows of every run, per side (seed s first, then the replicas on further seeds): its metrics rows (the CSV export's) and its progress. */
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
  const side = (x) => [x, ...(x.replicas ?? [])].map((r) => one(r.store.getState()));
  return { a: side(c), b: c.compare ? side(c.compare) : null };
}

/**
 * Trains each preset with a claim (or those in `ids`) in the built app at `base` and returns one row
 * per preset: the lesson step and its seconds, the seconds to the last step, the backend. `root`:
 * another checkout whose presets to read (a baseline measured beside today's).
 */
export async function measureTimeToLesson(browser, base, { ids = null, maxSeconds = 240, log = () => {}, root = undefined, busy = false } = {}) {
  // The presets of the build measured (`root`: another checkout), judged by today's code.
  // A checkout from before src/state's folders has its presets at src/state/presets.ts.
  const presetsFile = existsSync(join(root ?? ROOT, 'src/state/presets/presets.ts')) ? '/src/state/presets/presets.ts' : '/src/state/presets.ts';
  const theirs = await openSources(root);
  const { PRESETS, presetLink } = await theirs.load(presetsFile);
  await theirs.close();
  const ours = await openSources();
  const { judgeClaim, claimRows } = await ours.load('/src/state/presets/presetClaims.ts');
  const { metricRows } = await ours.load('/src/state/run/metricsExport.ts');
  await ours.close();
  const rows = [];
  for (const preset of PRESETS.filter((p) => (!ids || ids.includes(p.id)) && (!busy || p.claim))) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}/#${presetLink(preset)}`);
    await page.waitForFunction(() => !document.querySelector('[data-testid=play]')?.disabled, null, { timeout: 120_000 });
    const stopBusy = busy ? busyProcess() : () => {};
    const t0 = Date.now();
    await page.getByTestId('play').click();
    // Since when the verdict has been on screen without a break (null: not showing now).
    let shownSince = null;
    const c = preset.claim;
    const shownArg = c ? { row: c.compare ? ROW[c.metric] : null, verdict: c.compare === BETTER[c.metric] ? 'better' : 'worse', atLeast: c.atLeast ?? Infinity } : null;
    // The wall time at which each evaluated step was on screen for both runs (the metrics rows' steps).
    const seenAt = new Map();
    let last = null;
    let finishedAt = null;
    // The busy process ends with the measurement, whatever happens to it.
    try {
      while ((Date.now() - t0) / 1000 < maxSeconds) {
        last = await page.evaluate(readRuns);
        const now = (Date.now() - t0) / 1000;
        const runs = [...last.a, ...(last.b ?? [])];
        const metric = preset.claim?.metric ?? 'accuracy';
        const stepsOf = (r) => new Set(metric === 'accuracy' || metric === 'compactness' ? r.history.evalStep : r.series.step);
        const common = runs.map(stepsOf).reduce((x, y) => new Set([...x].filter((s) => y.has(s))));
        for (const s of common) if (!seenAt.has(s)) seenAt.set(s, now);
        if (shownArg) {
          const shown = await page.evaluate(verdictShown, shownArg);
          if (!shown) shownSince = null;
          else if (shownSince === null) shownSince = now;
        }
        if (runs.every((r) => r.finished || r.diverged)) {
          finishedAt = now;
          break;
        }
        await page.waitForTimeout(250);
      }
    } finally {
      stopBusy();
    }
    const numbers = (r) => ({ rows: metricRows(r.series, r.history), refreshes: { step: r.history.evalStep, accuracy: r.history.accuracy, compactness: r.history.compactness } });
    // A preset without a claim: only its time to the last step. On several seeds the claim is judged
    // on each seed's pair (A and B on seed i): the lesson shows once it holds on every seed.
    const pick = (r) => claimRows(preset.claim.metric, numbers(r));
    const verdicts = preset.claim ? last.a.map((ra, i) => judgeClaim(preset.claim, pick(ra), last.b ? pick(last.b[i]) : null)) : null;
    const holds = verdicts ? verdicts.every((v) => v.holds) : null;
    const lessonStep = holds ? Math.max(...verdicts.map((v) => v.lessonStep)) : null;
    const all = [...last.a, ...(last.b ?? [])];
    const row = {
      id: preset.id,
      metric: preset.claim?.metric ?? null,
      steps: preset.claim?.steps ?? last.a[0].step,
      seeds: last.a.length,
      backend: last.a[0].backend,
      reached: Math.min(...all.map((r) => r.step)),
      lessonStep,
      lessonSeconds: lessonStep !== null ? seenAt.get(lessonStep) ?? null : null,
      lastSeconds: finishedAt,
      seenSeconds: shownSince,
      holds,
      busy,
    };
    log(JSON.stringify(row));
    rows.push(row);
    await context.close();
  }
  return rows;
}

/** The first and last lines of the time-to-lesson section of BENCHMARKS.md (kept by full runs). */
export const LESSON_BEGIN = '<!-- bench:lesson -->';
export const LESSON_END = '<!-- /bench:lesson -->';

/**
 * The time-to-lesson table for BENCHMARKS.md; with `baseRows` (the same measurement of an earlier
 * build, e.g. the last release), its seconds beside today's.
 */
export function timeToLessonTable(rows, baseRows = null) {
  const s = (x) => (x === null || x === undefined ? '—' : x.toFixed(1));
  const lesson = (r) => (!r ? '—' : r.holds === null ? 'no claim' : r.holds ? `step ${r.lessonStep} of ${r.steps}, ${s(r.lessonSeconds)} s` : `did not hold (reached step ${r.reached} of ${r.steps})`);
  const seen = (r) => (!r || r.holds === null ? '—' : r.seenSeconds === null || r.seenSeconds === undefined ? 'not at the end' : `**${s(r.seenSeconds)}**`);
  const base = (id) => baseRows?.find((b) => b.id === id) ?? null;
  const head = baseRows
    ? ['| preset | claim on | seeds | backend | machine | lesson holds in the numbers | ✓ seen on screen (s) | seconds to the last step | before: lesson | before: seconds to the last step |', '|---|---|---:|---|---|---|---:|---:|---|---:|']
    : ['| preset | claim on | seeds | backend | machine | lesson holds in the numbers | ✓ seen on screen (s) | seconds to the last step |', '|---|---|---:|---|---|---|---:|---:|'];
  return [
    ...head,
    ...rows.map((r) => `| \`${r.id}\` | ${r.metric ?? '—'} | ${r.seeds ?? 1} | ${r.backend} | ${r.busy ? 'busy: one other CPU-bound process' : 'quiet'} | ${lesson(r)} | ${seen(r)} | ${s(r.lastSeconds)} |${baseRows ? ` ${lesson(base(r.id))} | ${s(base(r.id)?.lastSeconds)} |` : ''}`),
  ].join('\n');
}

/**
 * The time-to-lesson section of BENCHMARKS.md, markers included: `rows` measured on this build and,
 * when given, `before` (the same measurement of another checkout's build, named `beforeName`).
 */
export function lessonSection(rows, before, beforeName, machine) {
  return [
    LESSON_BEGIN,
    `## Time to lesson, run of ${new Date().toISOString().slice(0, 10)}`,
    '',
    `- Machine: ${machine}`,
    '',
    "Each preset's link (as \"Copy link\" writes it, backend auto) opened in a fresh 1280×800 page of the built app, Play pressed like a person, every run of a comparison training (on the preset's seeds, the seeds column: 2 or 3 runs a side, all at once). The claim is judged on the page's own numbers by the code of `metric-playground presets check`, on each seed's pair of runs: the lesson is the first evaluated step from which the claim holds through the run's last step on every seed; its seconds run from Play until every run had shown it. \"✓ seen on screen\" is what a person sees: the seconds from Play until the claim row of the A | B table showed its verdict (✓, or ✗ for a claim that B is worse; a single run: its accuracy at the bar) and kept showing it to the end, read from the page every 250 ms. Target: ≤ 30 s, quiet. The busy rows run the claimed presets again with one other CPU-bound process beside the page (`node -e 'for (;;) {}'`), to show what a busy laptop costs." +
      (before ? ` "Before": the same measurement, in the same run, of ${beforeName} (its own presets and build).` : ''),
    '',
    timeToLessonTable(rows, before),
    LESSON_END,
  ].join('\n');
}

/** `doc` with its marked section (`begin` … `end`) replaced by `section`, or `section` appended. */
export function withSection(doc, begin, end, section) {
  const at = doc.indexOf(begin);
  const stop = at >= 0 ? doc.indexOf(end, at) : -1;
  if (at >= 0 && stop > at) return doc.slice(0, at) + section + doc.slice(stop + end.length);
  return `${doc.trimEnd()}\n\n${section}\n`;
}
