/**
 * `metric-playground sweep '<link>' --vary alpha=1,4,16,64 [--vary tcm=off,on] --seeds 1,2,3
 * [--steps N] [--backend wasm|cpu|webgpu] [--jobs N] [--out sweep/]`: every combination of the
 * varied settings on every seed (seed = dataSeed = the value), each a `metric-playground train`
 * child process, as many at once as the machine has cores (`--jobs`). Writes one row per run
 * (runs.csv/json), mean ± (max − min)/2 per setting (summary.csv/json) and the OPIS-vs-error
 * scatter of TCM Fig. 3 (opis-vs-error.svg). A run that fails or is cut short fails the sweep (exit 1).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { PARAM_KEYS } from '../state/params';
import { meanAndHalfRange } from '../state/presetClaims';
import { parseHash, serializeConfig } from '../state/urlSchema';
import { intFlag, numberListFlag, parseArgs } from './args';
import { CliError, EXIT_FAILURE } from './errors';
import type { CliContext } from './evaluate';
import { makeDirs, MIN_FREE_BYTES, prepareOut, SWEEP_LAYOUT, workingFolder } from './paths';
import { configOf, noticeReason } from './train';
import { lastLine, pool, trainChild } from './trainChild';
import { SWEEP_USAGE } from './usage';

/** The metrics kept per run and summarised per setting. */
const METRICS = ['prAuc', 'opis', 'epsOpis', 'recallAt1', 'nmi', 'accuracy', 'compactness', 'finalLoss', 'seconds'] as const;
type Row = Record<string, string | number | null>;

/** `key=v1,v2` checked against the parameter table: every value must be one the link schema takes as is. */
export function parseVary(text: string): { key: string; values: string[] } {
  const eq = text.indexOf('=');
  const key = text.slice(0, eq);
  const values = text.slice(eq + 1).split(',').map((v) => v.trim());
  if (eq <= 0 || values.some((v) => v === '')) throw new CliError(`--vary must look like key=v1,v2,…, got “${text}”`);
  if (!(PARAM_KEYS as readonly string[]).includes(key) || key === 'seed' || key === 'dataSeed' || key === 'steps') {
    throw new CliError(`--vary: “${key}” is not a setting that can be varied (seeds go in --seeds, steps in --steps)`);
  }
  for (const v of values) {
    const { notices } = parseHash(`#${key}=${encodeURIComponent(v)}`);
    if (notices.length) throw new CliError(`--vary ${key}: ${notices.map(noticeReason).join('; ')}`);
  }
  return { key, values };
}

/** Every combination of the varied values (the first --vary varies slowest). */
function combinations(vary: { key: string; values: string[] }[]): Record<string, string>[] {
  return vary.reduce<Record<string, string>[]>((acc, v) => acc.flatMap((c) => v.values.map((x) => ({ ...c, [v.key]: x }))), [{}]);
}

/** Rows as CSV (header from the first row's keys). */
function csv(rows: Row[]): string {
  if (!rows.length) return '';
  const cols = Object.keys(rows[0]);
  const cell = (v: unknown) => (v === null || v === undefined ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return [cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}

/** Runs `sweep`; resolves to the exit status. */
export async function runSweep(argv: string[], ctx: CliContext & { root?: string }): Promise<number> {
  const a = parseArgs(argv, { vary: 'repeat', seeds: 'value', steps: 'value', backend: 'value', jobs: 'value', out: 'value', lenient: 'switch' }, 1, SWEEP_USAGE);
  const link = a.positionals[0];
  if (!link) throw new CliError(`sweep needs a link\n${SWEEP_USAGE}`);
  const cwd = workingFolder(ctx.cwd);
  const vary = (a.repeats.vary ?? []).map(parseVary);
  if (new Set(vary.map((v) => v.key)).size !== vary.length) throw new CliError('--vary names the same setting twice');
  const seeds = numberListFlag('seeds', a.values.seeds ?? '1', 0, 2147483647);
  if (seeds.some((s) => !Number.isInteger(s))) throw new CliError('--seeds must be whole numbers');
  const jobs = a.values.jobs === undefined ? Math.max(1, cpus().length) : intFlag('jobs', a.values.jobs, 1, 256);
  const { config, backend } = configOf(link, a.values.steps, a.values.backend, ctx, a.switches.has('lenient'));
  const settings = combinations(vary);
  const runs = settings.flatMap((setting) => seeds.map((seed) => ({ setting, seed })));
  // Before any run: the folder is made, checked and emptied of an earlier sweep's files (runs/ too).
  const outText = a.values.out ?? 'sweep';
  const out = prepareOut(outText, cwd, SWEEP_LAYOUT, MIN_FREE_BYTES);
  makeDirs(join(out, 'runs'));
  ctx.stderr(`sweep: ${runs.length} runs (${settings.length} settings × ${seeds.length} seeds), ${jobs} at a time, ${config.steps} steps each on ${backend}\n`);

  const rows = await pool(
    runs.map(({ setting, seed }, i) => async (): Promise<Row> => {
      // The setting and the seed replace what the link says about them (a key given twice would be refused).
      const params = new URLSearchParams(serializeConfig(config));
      for (const [k, v] of [...Object.entries(setting), ['seed', String(seed)], ['dataSeed', String(seed)]]) params.set(k, v);
      const { config: c, notices } = parseHash(`#${params.toString()}`);
      if (notices.length) throw new CliError(notices.join(' '));
      const hash = `#${serializeConfig(c)}`;
      const dir = join(out, 'runs', `run${String(i + 1).padStart(3, '0')}`);
      const { code, stderr, seconds } = await trainChild(resolve(cwd, ctx.root ?? '.'), hash, backend, config.steps, dir);
      const row: Row = { run: i + 1, ...setting, seed, link: hash, exitCode: code };
      const label = Object.entries(setting).map(([k, v]) => `${k}=${v}`).join(' ') || 'link';
      if (code !== 0) {
        ctx.stderr(`run ${i + 1} (${label}, seed ${seed}) failed (exit ${code}): ${lastLine(stderr)}\n`);
        return { ...row, ...Object.fromEntries(METRICS.map((m) => [m, null])) };
      }
      const fin = JSON.parse(readFileSync(join(dir, 'final', 'metrics.json'), 'utf8'));
      const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
      const m = { prAuc: fin.prAuc, opis: fin.opis, epsOpis: fin.epsOpis, recallAt1: fin.recall['1'], nmi: fin.nmi, accuracy: run.accuracy, compactness: run.compactness, finalLoss: run.finalLoss, seconds };
      ctx.stderr(`run ${i + 1}/${runs.length} (${label}, seed ${seed}): PR-AUC ${m.prAuc.toFixed(4)}, OPIS ${m.opis.toExponential(2)}, R@1 ${m.recallAt1.toFixed(4)}\n`);
      return { ...row, ...m };
    }),
    jobs,
  );

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
  writeFileSync(join(out, 'runs.json'), JSON.stringify({ link: `#${serializeConfig(config)}`, steps: config.steps, backend, seeds, vary, runs: rows }, null, 2) + '\n');
  writeFileSync(join(out, 'summary.csv'), csv(summary));
  writeFileSync(join(out, 'summary.json'), JSON.stringify({ spread: '(max − min)/2 over seeds', settings: summary }, null, 2) + '\n');
  const { scatterFigure } = await import('./figures');
  const points = rows
    .filter((r) => r.exitCode === 0)
    .map((r) => ({ label: `${Object.keys(settings[0]).map((k) => `${k}=${r[k]}`).join(' ')} s${r.seed}`.trim(), error: 100 * (1 - (r.recallAt1 as number)), opis: r.opis as number }));
  const fig = scatterFigure(points);
  writeFileSync(join(out, fig.file), fig.svg);

  for (const s of summary) {
    const name = Object.entries(s).slice(0, vary.length).map(([k, v]) => `${k}=${v}`).join(' ') || 'link';
    const f = (k: string) => (s[`${k}Mean`] === null ? '—' : `${Number((s[`${k}Mean`] as number).toPrecision(4))} ± ${Number((s[`${k}Spread`] as number).toPrecision(2))}`);
    ctx.stdout(`${name}: PR-AUC ${f('prAuc')}, OPIS ${f('opis')}, ε-OPIS ${f('epsOpis')}, R@1 ${f('recallAt1')}, NMI ${f('nmi')}, accuracy ${f('accuracy')}, compactness ${f('compactness')} (${s.runs} runs${s.failed ? `, ${s.failed} FAILED` : ''})\n`);
  }
  ctx.stdout(`wrote ${outText}/runs.csv, runs.json, summary.csv, summary.json, opis-vs-error.svg\n`);
  const failed = rows.filter((r) => r.exitCode !== 0).length;
  if (failed) throw new CliError(`${failed} of ${rows.length} runs failed: their rows are empty; the summary leaves them out`, EXIT_FAILURE);
  return 0;
}
