/**
 * A sweep's plan: every run it trains — its number, its setting, its seed, the link it trains and
 * its folder `runs/runNNN` — fixed before any run starts, in one deterministic order (the first
 * `--vary` slowest, the seeds fastest). The plain sweep, `sweep --plan` (one `metric-playground
 * train …` command per line, for an engine such as GNU parallel), `sweep --shard I/N` (the runs
 * whose index i, from 0, has i % N === I − 1: a Slurm job array or a Kubernetes Indexed Job) and
 * `sweep --collect` all read the same plan, which the sweep writes to `DIR/plan.json` — the one
 * thing `--collect` needs besides the run folders. No scheduler of our own: the engine starts the runs.
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../state/params';
import { parseHash, serializeConfig } from '../../state/link/urlSchema';
import type { CliBackend } from '../backend';
import { CliError } from '../errors';
import { trainChildArgs } from '../train/trainChild';

/** One run of a sweep. */
export interface SweepRun {
  /** 1, 2, … in the plan's order. */
  run: number;
  /** The varied settings' values, as `--vary` gave them (the first --vary first). */
  setting: Record<string, string>;
  /** seed = dataSeed = this. */
  seed: number;
  /** The hash the run trains (`#v=1&…`, steps and backend included): also its run.json's `link`. */
  link: string;
  /** Its folder, relative to the sweep's folder: `runs/run001`, … */
  dir: string;
}

/** A sweep's plan, as `DIR/plan.json` holds it. */
export interface SweepPlan {
  /** Marks the file (so `--collect` refuses anything else). */
  format: typeof PLAN_FORMAT;
  /** The base link with the command's steps and backend. */
  link: string;
  steps: number;
  backend: CliBackend;
  seeds: number[];
  vary: { key: string; values: string[] }[];
  runs: SweepRun[];
}

/** The `format` of plan.json. */
export const PLAN_FORMAT = 'metric-playground sweep plan v1';
/** The plan's file in the sweep's folder. */
export const PLAN_FILE = 'plan.json';

/** Every combination of the varied values (the first --vary varies slowest). */
export function combinations(vary: { key: string; values: string[] }[]): Record<string, string>[] {
  return vary.reduce<Record<string, string>[]>((acc, v) => acc.flatMap((c) => v.values.map((x) => ({ ...c, [v.key]: x }))), [{}]);
}

/** The folder of run `n` (from 1) relative to the sweep's folder. */
export const runDir = (n: number): string => `runs/run${String(n).padStart(3, '0')}`;

/**
 * The plan of a sweep of `config` (its steps and backend already the command's): every setting on
 * every seed; the setting and the seed replace what the link says about them.
 */
export function planSweep(config: Config, backend: CliBackend, vary: { key: string; values: string[] }[], seeds: number[]): SweepPlan {
  const base = serializeConfig(config);
  const runs = combinations(vary)
    .flatMap((setting) => seeds.map((seed) => ({ setting, seed })))
    .map(({ setting, seed }, i): SweepRun => {
      const params = new URLSearchParams(base);
      for (const [k, v] of [...Object.entries(setting), ['seed', String(seed)], ['dataSeed', String(seed)]]) params.set(k, v);
      const { config: c, notices } = parseHash(`#${params.toString()}`);
      if (notices.length) throw new CliError(notices.join(' '));
      return { run: i + 1, setting, seed, link: `#${serializeConfig(c)}`, dir: runDir(i + 1) };
    });
  return { format: PLAN_FORMAT, link: `#${base}`, steps: config.steps, backend, seeds, vary, runs };
}

/** The arguments of run `r`'s `train` with its folder `dir` (absolute): the list `sweep` gives its children (trainChildArgs). */
export function trainArgs(plan: SweepPlan, r: SweepRun, dir: string): string[] {
  return trainChildArgs(r.link, plan.backend, plan.steps, dir);
}

/** `word` for a POSIX shell: as is when it is only safe characters, else in single quotes (a `'` as `'\''`). */
export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_\-./=:,@%+]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** One shell command line per run of `runs`: `metric-playground train '#…' … --out '/abs/DIR/runs/run001' --quiet`. */
export function planLines(plan: SweepPlan, runs: SweepRun[], out: string): string[] {
  return runs.map((r) => ['metric-playground', ...trainArgs(plan, r, join(out, r.dir))].map(shellQuote).join(' '));
}

/** `--shard I/N` read: whole numbers, 1 ≤ I ≤ N; exit 2 otherwise. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) {
    throw new CliError(`--shard must be I/N with whole numbers 1 ≤ I ≤ N (shard I of N runs the runs whose index i, from 0, has i % N = I − 1), got “${text}”`);
  }
  return { index, count };
}

/** The runs of shard `index` of `count`: index i (from 0) with i % count === index − 1. */
export function shardRuns(runs: SweepRun[], index: number, count: number): SweepRun[] {
  return runs.filter((_, i) => i % count === index - 1);
}

/**
 * Writes `out/plan.json`, whole or not at all (a temporary file renamed over it): shards that
 * start at once on a shared file system write the same text, and none reads half of another's.
 */
export function writePlan(out: string, plan: SweepPlan): void {
  const tmp = join(out, `.${PLAN_FILE}.${process.pid}.tmp`);
  try {
    writeFileSync(tmp, JSON.stringify(plan, null, 2) + '\n');
    renameSync(tmp, join(out, PLAN_FILE));
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // not made
    }
    throw new CliError(`cannot write ${join(out, PLAN_FILE)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** `out/plan.json`, checked for the fields `--collect` uses; exit 2 naming the file otherwise. */
export function readPlan(out: string): SweepPlan {
  const file = join(out, PLAN_FILE);
  let plan: SweepPlan;
  try {
    plan = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliError(`${file} is missing: --collect reads the plan that sweep, sweep --plan and sweep --shard write in the sweep's folder (is ${out} that folder?)`);
    throw new CliError(`cannot read ${file}: ${code ?? (e as Error).message}`);
  }
  const isRun = (r: SweepRun, i: number) =>
    r && r.run === i + 1 && r.dir === runDir(i + 1) && typeof r.link === 'string' && Number.isInteger(r.seed) && r.setting && typeof r.setting === 'object';
  if (
    !plan ||
    plan.format !== PLAN_FORMAT ||
    typeof plan.link !== 'string' ||
    !Number.isInteger(plan.steps) ||
    typeof plan.backend !== 'string' ||
    !Array.isArray(plan.seeds) ||
    !Array.isArray(plan.vary) ||
    !Array.isArray(plan.runs) ||
    !plan.runs.every(isRun)
  ) {
    throw new CliError(`${file} is not a sweep plan this version of metric-playground reads (format “${PLAN_FORMAT}”)`);
  }
  return plan;
}
