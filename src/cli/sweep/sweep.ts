/**
 * `metric-playground sweep '<link>' --vary alpha=1,4,16,64 [--vary tcm=off,on] --seeds 1,2,3
 * [--steps N] [--backend wasm|cpu|webgpu] [--jobs N] [--out sweep/]`: every combination of the
 * varied settings on every seed (seed = dataSeed = the value), each a `metric-playground train`
 * child process, as many at once as the machine has cores (`--jobs`). Writes its plan
 * (plan.json), one row per run (runs.csv/json), mean ± (max − min)/2 per setting
 * (summary.csv/json) and the OPIS-vs-error scatter of TCM Fig. 3 (opis-vs-error.svg). A run that
 * fails or is cut short fails the sweep (exit 1).
 * `--plan`, `--shard` and `--collect` spread it over machines ({@link runSweep}).
 */
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import { isApplicable, isParamKey, PARAM_BY_KEY, PARAM_KEYS, type Config } from '../../state/params';
import { parseHash } from '../../state/link/urlSchema';
import { intFlag, numberListFlag, parseArgs } from '../args';
import { CliError, EXIT_FAILURE } from '../errors';
import type { CliContext } from '../context';
import { makeDirs, MIN_FREE_BYTES, prepareOut, SWEEP_LAYOUT, workingFolder, type OutLayout } from '../paths';
import { collectSweep, MERGED_LAYOUT, readRun, runCollect, runLine, settingLabel } from './sweepCollect';
import { combinations, parseShard, PLAN_FILE, planLines, planSweep, shardRuns, shellQuote, writePlan, type SweepPlan, type SweepRun } from './sweepPlan';
import { configOf, noticeReason } from '../train/train';
import { lastLine, pool, trainChild } from '../train/trainChild';
import { SWEEP_USAGE } from '../usage';

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

/** What a plain sweep writes in its folder (removed from a reused one first): its merged files, its plan and runs/. */
const SWEEP_OUT: OutLayout = { ...SWEEP_LAYOUT, files: [...SWEEP_LAYOUT.files, PLAN_FILE] };

/**
 * What `--vary` varies to no effect: a setting that does nothing under the runs' configurations
 * (α for a loss without a scale, ρ without mining …) trains identical runs under different names.
 */
export function idleVaryWarnings(configs: readonly Config[], keys: readonly string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    if (!isParamKey(key)) continue;
    const idle = configs.filter((c) => !isApplicable(key, c)).length;
    if (idle === 0) continue;
    const why = PARAM_BY_KEY[key].whenNote ?? 'not used by these settings';
    out.push(
      idle === configs.length
        ? `--vary ${key}: ${key} has no effect in any of these runs (${why}); every value trains the same run`
        : `--vary ${key}: ${key} has no effect in ${idle} of ${configs.length} runs (${why}); those rows differ only in name`,
    );
  }
  return out;
}

/**
 * Trains `runs` of `plan` as `train` children under `out`, `jobs` at a time, with a line on stderr
 * as each ends; resolves to each run's exit status by run number.
 */
async function trainRuns(plan: SweepPlan, runs: SweepRun[], out: string, root: string, jobs: number, ctx: CliContext): Promise<Map<number, number>> {
  const codes = await pool(
    runs.map((r) => async (): Promise<[number, number]> => {
      const { code, stderr } = await trainChild(root, r.link, plan.backend, plan.steps, join(out, r.dir));
      const got = code === 0 ? readRun(out, plan, r) : null;
      if (code !== 0) ctx.stderr(`run ${r.run} (${settingLabel(r.setting)}, seed ${r.seed}) failed (exit ${code}): ${lastLine(stderr)}\n`);
      else if (got && 'metrics' in got) ctx.stderr(runLine(r, plan.runs.length, got.metrics));
      return [r.run, code];
    }),
    jobs,
  );
  return new Map(codes);
}

/**
 * Runs `sweep`; resolves to the exit status. Beyond one machine, on an engine that already exists
 * (no scheduler of our own): `--plan` prints one `metric-playground train … --out DIR/runs/runNNN`
 * command per run (for GNU parallel); `--shard I/N` trains only the runs whose index i (from 0) has
 * i % N = I − 1 (a Slurm job array, a Kubernetes Indexed Job), into the same folders, and writes no
 * merged files; `--collect DIR` then writes the merged files from DIR/plan.json and the run folders
 * — through the same code (sweepCollect.ts) the plain sweep writes them with.
 */
export async function runSweep(argv: string[], ctx: CliContext & { root?: string }): Promise<number> {
  const a = parseArgs(
    argv,
    { vary: 'repeat', seeds: 'value', steps: 'value', backend: 'value', jobs: 'value', out: 'value', lenient: 'switch', plan: 'switch', shard: 'value', collect: 'value' },
    1,
    SWEEP_USAGE,
  );
  if (a.values.collect !== undefined) {
    const others = [...a.positionals.map(() => 'a link'), ...Object.keys(a.values).filter((k) => k !== 'collect').map((k) => `--${k}`), ...Object.keys(a.repeats).map((k) => `--${k}`), ...[...a.switches].map((k) => `--${k}`)];
    if (others.length) throw new CliError(`--collect DIR takes nothing else (${others.join(', ')}): DIR/plan.json says what the sweep was\n${SWEEP_USAGE}`);
    return runCollect(a.values.collect, workingFolder(ctx.cwd), ctx);
  }
  const link = a.positionals[0];
  if (!link) throw new CliError(`sweep needs a link\n${SWEEP_USAGE}`);
  const planOnly = a.switches.has('plan');
  const shard = a.values.shard === undefined ? null : parseShard(a.values.shard);
  if (planOnly && a.values.jobs !== undefined) throw new CliError('--jobs has no effect with --plan: the engine that runs the commands decides how many run at once');
  const cwd = workingFolder(ctx.cwd);
  const vary = (a.repeats.vary ?? []).map(parseVary);
  if (new Set(vary.map((v) => v.key)).size !== vary.length) throw new CliError('--vary names the same setting twice');
  const seeds = numberListFlag('seeds', a.values.seeds ?? '1', 0, 2147483647);
  if (seeds.some((s) => !Number.isInteger(s))) throw new CliError('--seeds must be whole numbers');
  const jobs = a.values.jobs === undefined ? Math.max(1, cpus().length) : intFlag('jobs', a.values.jobs, 1, 256);
  const { config, backend } = configOf(link, a.values.steps, a.values.backend, ctx, a.switches.has('lenient'));
  const plan = planSweep(config, backend, vary, seeds);
  for (const w of idleVaryWarnings(plan.runs.map((r) => parseHash(r.link).config), vary.map((v) => v.key))) ctx.stderr(`warning: ${w}\n`);
  const settings = combinations(vary).length;
  const mine = shard ? shardRuns(plan.runs, shard.index, shard.count) : plan.runs;
  const outText = a.values.out ?? 'sweep';
  const which = `${plan.runs.length} runs (${settings} settings × ${seeds.length} seeds)`;
  const root = resolve(cwd, ctx.root ?? '.');

  if (planOnly) {
    // Nothing is removed or trained: the folder is made and given the plan that --collect reads.
    const out = prepareOut(outText, cwd, { files: [] });
    makeDirs(join(out, 'runs'));
    writePlan(out, plan);
    for (const line of planLines(plan, mine, out)) ctx.stdout(line + '\n');
    ctx.stderr(
      `sweep --plan: ${shard ? `shard ${shard.index}/${shard.count}: ${mine.length} of ` : ''}${which}, ${config.steps} steps each on ${backend}; ` +
        `wrote ${outText}/plan.json. Run the commands (e.g. | parallel -j 4), then: metric-playground sweep --collect ${shellQuote(outText)}\n`,
    );
    return 0;
  }

  if (shard) {
    // A share of the sweep: other shards write into the same folder, so only the merged files (now
    // out of date) are removed; each run's folder is emptied by its own train. No merged files are written.
    const out = prepareOut(outText, cwd, MERGED_LAYOUT, MIN_FREE_BYTES);
    makeDirs(join(out, 'runs'));
    writePlan(out, plan);
    ctx.stderr(`sweep --shard ${shard.index}/${shard.count}: ${mine.length} of ${which}, ${Math.min(jobs, Math.max(1, mine.length))} at a time, ${config.steps} steps each on ${backend}\n`);
    const codes = await trainRuns(plan, mine, out, root, jobs, ctx);
    const failed = mine.filter((r) => codes.get(r.run) !== 0);
    if (failed.length) {
      throw new CliError(`shard ${shard.index}/${shard.count}: ${failed.length} of its ${mine.length} runs failed (${failed.map((r) => r.dir).join(', ')}): run the shard again`, EXIT_FAILURE);
    }
    ctx.stdout(`shard ${shard.index}/${shard.count}: ${mine.length} runs done (${mine.map((r) => r.dir).join(', ') || 'none'}); once every shard is done: metric-playground sweep --collect ${shellQuote(outText)}\n`);
    return 0;
  }

  // Before any run: the folder is made, checked and emptied of an earlier sweep's files (runs/ too).
  const out = prepareOut(outText, cwd, SWEEP_OUT, MIN_FREE_BYTES);
  makeDirs(join(out, 'runs'));
  writePlan(out, plan);
  ctx.stderr(`sweep: ${which}, ${jobs} at a time, ${config.steps} steps each on ${backend}\n`);
  const codes = await trainRuns(plan, plan.runs, out, root, jobs, ctx);
  // The merged files, as --collect writes them (one code path); a run that exited 0 without its files is an error.
  const failed = await collectSweep(out, outText, plan, ctx, codes, EXIT_FAILURE);
  if (failed) throw new CliError(`${failed} of ${plan.runs.length} runs failed: their rows are empty; the summary leaves them out`, EXIT_FAILURE);
  return 0;
}
