/**
 * A sweep's merged files from its run folders: `runs.csv`/`runs.json` (one row per run),
 * `summary.csv`/`summary.json` (mean ± (max − min)/2 per setting) and `opis-vs-error.svg` (TCM
 * Fig. 3). The one code path for both the plain sweep (after its children end) and `sweep
 * --collect DIR` (after an engine ran the plan's commands or the shards): each reads the plan
 * (src/cli/sweep/sweepPlan.ts) and every run's `run.json` and `final/metrics.json`, so the files are the
 * same byte for byte whoever started the runs — but for the `seconds` columns, each run's own time
 * (its run.json: training and evaluation, not starting Node).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { meanAndHalfRange } from '../../state/presets/presetClaims';
import { CliError } from '../errors';
import type { CliContext } from '../context';
import { prepareOut, resolveIn, type OutLayout } from '../paths';
import { combinations, planLines, readPlan, type SweepPlan, type SweepRun } from './sweepPlan';

/** The metrics kept per run and summarised per setting. */
export const METRICS = ['prAuc', 'opis', 'epsOpis', 'recallAt1', 'nmi', 'accuracy', 'compactness', 'finalLoss', 'seconds'] as const;
/** One row of runs.csv or summary.csv. */
export type Row = Record<string, string | number | null>;
type Metrics = Record<(typeof METRICS)[number], number | null>;

/** The files the merge writes in the sweep's folder. */
export const MERGED_FILES = ['runs.csv', 'runs.json', 'summary.csv', 'summary.json', 'opis-vs-error.svg'] as const;
/** The merged files as a layout for {@link prepareOut}: only these are removed from a reused folder. */
export const MERGED_LAYOUT: OutLayout = { files: MERGED_FILES };

/** Rows as CSV (header from the first row's keys). */
export function csv(rows: Row[]): string {
  if (!rows.length) return '';
  const cols = Object.keys(rows[0]);
  const cell = (v: unknown) => (v === null || v === undefined ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}

/** A JSON file's value, or null when it is missing or not JSON. */
function readJson(file: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8'));
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
}

const isNum = (v: unknown): v is number => typeof v === 'number';
const numOrNull = (v: unknown): v is number | null => v === null || typeof v === 'number';

/**
 * The metrics of run `r` from its folder under `out`, or why it cannot be read: missing (no
 * folder), incomplete (no run.json, which `train` writes last, or no final/metrics.json), or
 * another run's files (its run.json trained another link than the plan's).
 */
export function readRun(out: string, plan: SweepPlan, r: SweepRun): { metrics: Metrics } | { problem: string } {
  const dir = join(out, r.dir);
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) return { problem: 'missing (no folder: the run never started)' };
  const run = readJson(join(dir, 'run.json'));
  if (!run) return { problem: existsSync(join(dir, 'run.json')) ? 'incomplete (run.json is not readable JSON)' : 'incomplete (no run.json: the run did not finish)' };
  if (run.link !== r.link || run.steps !== plan.steps || run.backend !== plan.backend) {
    return { problem: `holds another run (its run.json trained ${String(run.link)} on ${String(run.backend)}, the plan says ${r.link} on ${plan.backend})` };
  }
  const fin = readJson(join(dir, 'final', 'metrics.json'));
  const recall = fin?.recall as Record<string, unknown> | undefined;
  if (!fin || !isNum(fin.prAuc) || !isNum(fin.opis) || !isNum(fin.epsOpis) || !isNum(fin.nmi) || !recall || !isNum(recall['1'])) {
    return { problem: 'incomplete (final/metrics.json is missing or lacks prAuc, opis, epsOpis, recall@1 or nmi)' };
  }
  if (!isNum(run.finalLoss) || !numOrNull(run.accuracy) || !numOrNull(run.compactness) || !isNum(run.seconds)) {
    return { problem: 'incomplete (run.json lacks finalLoss, accuracy, compactness or seconds)' };
  }
  return {
    metrics: { prAuc: fin.prAuc, opis: fin.opis, epsOpis: fin.epsOpis, recallAt1: recall['1'], nmi: fin.nmi, accuracy: run.accuracy, compactness: run.compactness, finalLoss: run.finalLoss, seconds: run.seconds },
  };
}

/** "alpha=4 tcm=on" (or "link" without a varied setting). */
export const settingLabel = (setting: Record<string, string>): string => Object.entries(setting).map(([k, v]) => `${k}=${v}`).join(' ') || 'link';

/** The run's progress line after it ended well: PR-AUC, OPIS, R@1. */
export function runLine(r: SweepRun, total: number, m: Metrics): string {
  return `run ${r.run}/${total} (${settingLabel(r.setting)}, seed ${r.seed}): PR-AUC ${m.prAuc!.toFixed(4)}, OPIS ${m.opis!.toExponential(2)}, R@1 ${m.recallAt1!.toFixed(4)}\n`;
}

/**
 * Reads every run of `plan` under `out` and writes the merged files there; prints the summary per
 * setting. `exitCodes` (the plain sweep's children, by run number): a run that exited other than 0
 * is a row of empty metrics, as the summary leaves it out. Every other run must be complete: else
 * nothing is written and the error (exit `incompleteExit`) names each missing or incomplete run
 * and the command that trains it again. Returns how many runs failed.
 */
export async function collectSweep(out: string, outText: string, plan: SweepPlan, ctx: CliContext, exitCodes?: ReadonlyMap<number, number>, incompleteExit = 2): Promise<number> {
  const problems: { run: SweepRun; problem: string }[] = [];
  const rows: Row[] = plan.runs.map((r) => {
    const code = exitCodes?.get(r.run) ?? 0;
    const row: Row = { run: r.run, ...r.setting, seed: r.seed, link: r.link, exitCode: code };
    const empty = Object.fromEntries(METRICS.map((m) => [m, null]));
    if (code !== 0) return { ...row, ...empty };
    const got = readRun(out, plan, r);
    if ('problem' in got) {
      problems.push({ run: r, problem: got.problem });
      return { ...row, ...empty };
    }
    return { ...row, ...got.metrics };
  });
  if (problems.length) {
    const shown = problems.slice(0, 20);
    throw new CliError(
      `${problems.length} of ${plan.runs.length} runs of the sweep in ${outText} are missing or incomplete; nothing was written:\n` +
        shown.map(({ run, problem }) => `  ${run.dir} (${settingLabel(run.setting)}, seed ${run.seed}): ${problem}\n`).join('') +
        (problems.length > shown.length ? `  … and ${problems.length - shown.length} more\n` : '') +
        `train them (again) with these commands, then collect again:\n` +
        planLines(plan, shown.map((p) => p.run), out).map((l) => `  ${l}\n`).join(''),
      incompleteExit,
    );
  }

  const settings = combinations(plan.vary);
  const summary: Row[] = settings.map((setting) => {
    const mine = rows.filter((r) => Object.entries(setting).every(([k, v]) => r[k] === v));
    const s: Row = { ...setting, runs: mine.length, failed: mine.filter((r) => r.exitCode !== 0).length };
    for (const k of METRICS) {
      const { mean, spread } = meanAndHalfRange(mine.map((r) => r[k] as number | null));
      s[`${k}Mean`] = mean;
      s[`${k}Spread`] = spread;
    }
    return s;
  });
  writeFileSync(join(out, 'runs.csv'), csv(rows));
  writeFileSync(join(out, 'runs.json'), JSON.stringify({ link: plan.link, steps: plan.steps, backend: plan.backend, seeds: plan.seeds, vary: plan.vary, runs: rows }, null, 2) + '\n');
  writeFileSync(join(out, 'summary.csv'), csv(summary));
  writeFileSync(join(out, 'summary.json'), JSON.stringify({ spread: '(max − min)/2 over seeds', settings: summary }, null, 2) + '\n');
  const { scatterFigure } = await import('../evaluate/figures');
  const points = rows
    .filter((r) => r.exitCode === 0)
    .map((r) => ({ label: `${Object.keys(settings[0]).map((k) => `${k}=${r[k]}`).join(' ')} s${r.seed}`.trim(), error: 100 * (1 - (r.recallAt1 as number)), opis: r.opis as number }));
  const fig = scatterFigure(points);
  writeFileSync(join(out, fig.file), fig.svg);

  for (const s of summary) {
    const name = Object.entries(s).slice(0, plan.vary.length).map(([k, v]) => `${k}=${v}`).join(' ') || 'link';
    const f = (k: string) => (s[`${k}Mean`] === null ? '—' : `${Number((s[`${k}Mean`] as number).toPrecision(4))} ± ${Number((s[`${k}Spread`] as number).toPrecision(2))}`);
    ctx.stdout(`${name}: PR-AUC ${f('prAuc')}, OPIS ${f('opis')}, ε-OPIS ${f('epsOpis')}, R@1 ${f('recallAt1')}, NMI ${f('nmi')}, accuracy ${f('accuracy')}, compactness ${f('compactness')} (${s.runs} runs${s.failed ? `, ${s.failed} FAILED` : ''})\n`);
  }
  ctx.stdout(`wrote ${outText}/runs.csv, runs.json, summary.csv, summary.json, opis-vs-error.svg\n`);
  return rows.filter((r) => r.exitCode !== 0).length;
}

/**
 * `sweep --collect DIR`: the plan in DIR/plan.json and every run it names under DIR/runs/ merged
 * into the files a plain sweep writes. The folder must exist; run folders the plan does not name
 * are left out, with a notice. A missing or incomplete run: exit 2, nothing written.
 */
export async function runCollect(dirText: string, cwd: string, ctx: CliContext): Promise<number> {
  const dir = resolveIn(cwd, dirText, '--collect');
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch (e) {
    throw new CliError(`--collect ${dirText}: no such folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (!isDir) throw new CliError(`--collect ${dirText} is not a folder`);
  const plan = readPlan(dir);
  const planned = new Set(plan.runs.map((r) => r.dir.slice('runs/'.length)));
  let found: string[] = [];
  try {
    found = readdirSync(join(dir, 'runs')).filter((n) => /^run\d{3,}$/.test(n));
  } catch {
    found = []; // no runs/ at all: every run is reported missing below
  }
  const strays = found.filter((n) => !planned.has(n)).sort();
  if (strays.length) ctx.stderr(`notice: left out ${strays.map((n) => `runs/${n}`).join(', ')}: not a run of the plan in ${dirText}/plan.json\n`);
  ctx.stderr(`sweep --collect: ${plan.runs.length} runs (${combinations(plan.vary).length} settings × ${plan.seeds.length} seeds), ${plan.steps} steps each on ${plan.backend}\n`);
  // Every run is checked before anything is removed or written.
  for (const r of plan.runs) {
    if ('problem' in readRun(dir, plan, r)) return collectSweep(dir, dirText, plan, ctx); // throws, naming each
  }
  prepareOut(dir, cwd, MERGED_LAYOUT);
  await collectSweep(dir, dirText, plan, ctx);
  return 0;
}
