/**
 * `metric-playground presets check [--preset ID,…] [--seeds 1,2,3,4,5] [--backend wasm|cpu]
 * [--jobs N] [--out DIR]`: trains each preset's runs A and B (or its one run) on each seed with the
 * page's code (`train` children, as `sweep` runs them; seed = dataSeed = the value, replacing the
 * link's), judges the claim on the numbers the page shows over steps (src/state/presets/presetClaims.ts),
 * prints per seed A's and B's claimed number and whether the claim holds, then per preset on how
 * many seeds it held, mean ± half-range and the effect against the seed spread. Exits 0 only when
 * every claim holds on every seed; 1 when one does not. Writes presets-check.json.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, resolve } from 'node:path';
import type { MetricsDocument } from '../../state/run/metricsExport';
import { CLAIM_METRIC_LABEL, claimRows, judgeClaim, meanAndHalfRange, type ClaimVerdict, type RunNumbers } from '../../state/presets/presetClaims';
import { PRESETS, type Preset } from '../../state/presets/presets';
import { parseHash, serializeConfig } from '../../state/link/urlSchema';
import { intFlag, numberListFlag, parseArgs } from '../args';
import { CliError, EXIT_FAILURE } from '../errors';
import type { CliBackend } from '../backend';
import type { CliContext } from '../context';
import { makeDirs, MIN_FREE_BYTES, prepareOut, PRESETS_LAYOUT, workingFolder } from '../paths';
import { configOf } from '../train/train';
import { lastLine, pool, trainChild } from '../train/trainChild';
import { PRESETS_USAGE } from '../usage';

type Claimed = Preset & { claim: NonNullable<Preset['claim']> };

/** One seed of one preset: the verdict, or why the runs failed. */
interface SeedResult {
  seed: number;
  verdict: ClaimVerdict | null;
  error: string | null;
}

/** A number as the summary prints it: 4 significant digits, small ones in e-notation. */
function num(x: number | null): string {
  if (x === null) return '—';
  return Math.abs(x) >= 0.01 || x === 0 ? x.toFixed(4) : x.toExponential(2);
}

/** The link of run `run` of a preset on `seed` (seed and dataSeed replaced). */
function seededLink(link: string, seed: number): string {
  const params = new URLSearchParams(link);
  params.set('seed', String(seed));
  params.set('dataSeed', String(seed));
  const { config, notices } = parseHash(`#${params.toString()}`);
  if (notices.length) throw new CliError(notices.join(' '));
  return `#${serializeConfig(config)}`;
}

/** The presets `--preset` names (all with a claim by default). */
function choosePresets(text: string | undefined): Claimed[] {
  const claimed = PRESETS.filter((p): p is Claimed => p.claim !== undefined);
  if (text === undefined) return claimed;
  return text.split(',').map((id) => {
    const p = claimed.find((x) => x.id === id.trim());
    if (!p) throw new CliError(`--preset: “${id}” is not a preset with a claim (${claimed.map((x) => x.id).join(', ')})`);
    return p;
  });
}

/** One run to train: side `side` (0 = A, 1 = B) of a preset on one seed, its seeded link and its folder. */
interface PresetRunJob {
  preset: Claimed;
  seed: number;
  side: number;
  hash: string;
  dir: string;
}

/** A trained run: its numbers over steps, or why it failed. */
type TrainedRun = PresetRunJob & { numbers: RunNumbers | null; error: string | null };

/** Trains every preset's A (and B) on each seed, `jobs` at a time, as `train` children writing under `out`/runs. */
async function trainPresetRuns(presets: Claimed[], seeds: number[], out: string, cwd: string, backend: CliBackend, jobs: number, ctx: CliContext & { root?: string }): Promise<TrainedRun[]> {
  const jobsList: PresetRunJob[] = presets.flatMap((p) =>
    seeds.flatMap((seed) =>
      p.runs.slice(0, p.claim.compare ? 2 : 1).map((run, side) => ({ preset: p, seed, side, hash: seededLink(run.link, seed), dir: join(out, 'runs', `${p.id}-${'AB'[side]}-s${seed}`) })),
    ),
  );
  ctx.stderr(`presets check: ${presets.length} presets × ${seeds.length} seeds = ${jobsList.length} runs, ${jobs} at a time on ${backend}\n`);
  return pool(
    jobsList.map((j) => async (): Promise<TrainedRun> => {
      const r = await trainChild(resolve(cwd, ctx.root ?? '.'), j.hash, backend, j.preset.claim.steps, j.dir);
      if (r.code !== 0) return { ...j, numbers: null, error: `run ${'AB'[j.side]} failed (exit ${r.code}): ${lastLine(r.stderr)}` };
      const doc = JSON.parse(readFileSync(join(j.dir, 'metrics.json'), 'utf8')) as MetricsDocument;
      const run = JSON.parse(readFileSync(join(j.dir, 'run.json'), 'utf8')) as { refreshes: RunNumbers['refreshes'] };
      return { ...j, numbers: { rows: doc.steps, refreshes: run.refreshes } as RunNumbers, error: null };
    }),
    jobs,
  );
}

/** The claim of preset `p` judged on each seed from its trained runs (or the first failure of the seed's runs). */
function judgeSeeds(p: Claimed, seeds: number[], results: TrainedRun[]): SeedResult[] {
  const mine = results.filter((r) => r.preset === p);
  return seeds.map((seed) => {
    const [ra, rb] = [0, 1].map((side) => mine.find((r) => r.seed === seed && r.side === side));
    const error = ra?.error ?? rb?.error ?? null;
    if (error || !ra?.numbers) return { seed, verdict: null, error: error ?? 'no result' };
    const rowsB = rb?.numbers ? claimRows(p.claim.metric, rb.numbers) : null;
    return { seed, verdict: judgeClaim(p.claim, claimRows(p.claim.metric, ra.numbers), rowsB), error: null };
  });
}

/** Prints one line per seed: A's and B's claimed number at the claim's step, and from which step the claim holds. */
function printSeedLines(p: Claimed, perSeed: SeedResult[], ctx: CliContext): void {
  const c = p.claim;
  const label = CLAIM_METRIC_LABEL[c.metric];
  const [la, lb] = [p.runs[0].label, p.runs[1]?.label ?? ''];
  for (const s of perSeed) {
    const v = s.verdict;
    if (!v) {
      ctx.stdout(`${p.id} seed ${s.seed}: ✗ ${s.error}\n`);
      continue;
    }
    const at = v.last ? (c.compare ? `${label} ${la} ${num(v.last.a)}, ${lb} ${num(v.last.b)}` : `${label} ${num(v.last.a)} (bar ${c.atLeast})`) : `no evaluation at step ${c.steps}`;
    const from = v.lessonStep === null ? 'does not hold at the end' : `holds from step ${v.lessonStep} on`;
    ctx.stdout(`${p.id} seed ${s.seed}: ${at} at step ${c.steps}; ${from} ${v.holds ? '✓' : `✗ (needed from step ${c.from ?? c.steps})`}\n`);
  }
}

/** Prints a preset's summary line (seeds held on, mean ± half-range, the effect against the seed spread) and returns its entry of presets-check.json. */
function summarizePreset(p: Claimed, perSeed: SeedResult[], ctx: CliContext) {
  const c = p.claim;
  const label = CLAIM_METRIC_LABEL[c.metric];
  const [la, lb] = [p.runs[0].label, p.runs[1]?.label ?? ''];
  const held = perSeed.filter((s) => s.verdict?.holds).length;
  const as = meanAndHalfRange(perSeed.map((s) => s.verdict?.last?.a ?? null));
  const bs = meanAndHalfRange(perSeed.map((s) => s.verdict?.last?.b ?? null));
  const lessonSteps = perSeed.map((s) => s.verdict?.lessonStep ?? null);
  const latestLesson = lessonSteps.every((x) => x !== null) ? Math.max(...(lessonSteps as number[])) : null;
  // The effect against the seed spread: how far B's mean is from A's, in units of the larger half-range.
  const effect = c.compare && as.mean !== null && bs.mean !== null ? bs.mean - as.mean : null;
  const spread = Math.max(as.spread ?? 0, bs.spread ?? 0);
  const ratio = effect !== null && spread > 0 ? Math.abs(effect) / spread : null;
  const values = c.compare ? `${label} ${la} ${num(as.mean)} ± ${num(as.spread)}, ${lb} ${num(bs.mean)} ± ${num(bs.spread)}${ratio !== null ? ` (the difference is ${ratio.toFixed(1)}× the seed half-range)` : ''}` : `${label} ${num(as.mean)} ± ${num(as.spread)} (bar ${c.atLeast})`;
  const lesson = latestLesson !== null ? `; holds for good from step ${latestLesson} on every seed` : '';
  ctx.stdout(`${p.id}: holds on ${held} of ${perSeed.length} seeds at step ${c.steps} — ${values}${lesson}\n`);
  return {
    id: p.id,
    metric: c.metric,
    compare: c.compare ?? null,
    atLeast: c.atLeast ?? null,
    steps: c.steps,
    from: c.from ?? c.steps,
    held,
    seeds: perSeed.length,
    a: as,
    b: c.compare ? bs : null,
    latestLessonStep: latestLesson,
    perSeed: perSeed.map((s) => ({ seed: s.seed, holds: s.verdict?.holds ?? false, lessonStep: s.verdict?.lessonStep ?? null, a: s.verdict?.last?.a ?? null, b: s.verdict?.last?.b ?? null, points: s.verdict?.points ?? [], error: s.error })),
  };
}

/** Runs `presets check`; resolves to the exit status. */
export async function runPresetsCheck(argv: string[], ctx: CliContext & { root?: string }): Promise<number> {
  const a = parseArgs(argv, { preset: 'value', seeds: 'value', backend: 'value', jobs: 'value', out: 'value' }, 1, PRESETS_USAGE);
  if (a.positionals[0] !== 'check') throw new CliError(`presets: the only subcommand is “check”\n${PRESETS_USAGE}`);
  const presets = choosePresets(a.values.preset);
  const seeds = numberListFlag('seeds', a.values.seeds ?? '1,2,3,4,5', 0, 2147483647);
  if (seeds.some((s) => !Number.isInteger(s))) throw new CliError('--seeds must be whole numbers');
  const jobs = a.values.jobs === undefined ? Math.max(1, cpus().length) : intFlag('jobs', a.values.jobs, 1, 256);
  const backend = configOf('#data=blobs', undefined, a.values.backend ?? 'wasm', ctx).backend;
  const cwd = workingFolder(ctx.cwd);
  const outText = a.values.out ?? 'presets-check';
  const out = prepareOut(outText, cwd, PRESETS_LAYOUT, MIN_FREE_BYTES);
  makeDirs(join(out, 'runs'));

  const results = await trainPresetRuns(presets, seeds, out, cwd, backend, jobs, ctx);
  const report = presets.map((p) => ({ preset: p, perSeed: judgeSeeds(p, seeds, results) }));

  let failures = 0;
  const json = report.map(({ preset: p, perSeed }) => {
    printSeedLines(p, perSeed, ctx);
    const entry = summarizePreset(p, perSeed, ctx);
    failures += entry.seeds - entry.held;
    return entry;
  });
  writeFileSync(join(out, 'presets-check.json'), JSON.stringify({ backend, seeds, presets: json }, null, 2) + '\n');
  ctx.stdout(`wrote ${outText}/presets-check.json\n`);
  if (failures) throw new CliError(`${failures} claim${failures === 1 ? '' : 's'} of ${presets.length * seeds.length} did not hold`, EXIT_FAILURE);
  return 0;
}
