/**
 * Sweeps beyond one machine: `sweep --plan` prints the very `train` commands a plain
 * sweep starts (the test records the children the plain sweep spawns and reads the plan's lines
 * back through a shell), `--shard 1/2` + `--shard 2/2` + `--collect` and the plan's commands run by
 * a shell (and by GNU parallel, where it is installed) + `--collect` write the plain sweep's
 * runs.csv, runs.json, summary.csv, summary.json and opis-vs-error.svg byte for byte, but for the
 * `seconds` columns; a missing or incomplete run and a bad `--shard` are refused with exit 2.
 * The sweeps run in-process (`main`) on tfjs's cpu backend (deterministic), 2 steps of blobs; their
 * `train` children and the shells the test starts are killed after each test. No assertion
 * depends on how long anything takes; the timeout only guards a hang.
 */
import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../main';

/** Every process the code under test spawned (the sweep's `train` children), and their arguments. */
const rec = vi.hoisted(() => ({ argv: [] as string[][], live: new Set<import('node:child_process').ChildProcess>() }));

vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:child_process')>();
  const spawn = ((...args: Parameters<typeof real.spawn>) => {
    const p = (real.spawn as (...a: unknown[]) => ChildProcess)(...args);
    rec.argv.push([...((args[1] as string[]) ?? [])]);
    rec.live.add(p);
    p.on('close', () => rec.live.delete(p));
    return p;
  }) as typeof real.spawn;
  return { ...real, spawn, default: { ...real, spawn } };
});

/** Kills whatever a test left running: the sweeps' children, and the shells' process groups. */
afterEach(() => {
  for (const p of rec.live) {
    try {
      if ((p as ChildProcess & { group?: boolean }).group && p.pid) process.kill(-p.pid, 'SIGKILL');
      else p.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  rec.live.clear();
});

const ROOT = join(__dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'mp-cli-sweep-shard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `metric-playground` on PATH for the shells: the clone's bin with this Node. */
const binDir = join(dir, 'bin');
mkdirSync(binDir);
writeFileSync(join(binDir, 'metric-playground'), `#!/bin/sh\nexec '${process.execPath}' '${join(ROOT, 'bin/metric-playground.mjs')}' "$@"\n`);
chmodSync(join(binDir, 'metric-playground'), 0o755);
const shellEnv = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` };

/** Runs `metric-playground args` in-process in the test folder. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), wasmDir: '', root: ROOT, cwd: () => dir } as Parameters<typeof main>[1]);
  return { code, stdout, stderr };
}

/** Runs `script` with bash in the test folder, in a process group of its own (killed after the test). */
function shell(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn('bash', ['-c', script], { cwd: dir, env: shellEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    (p as ChildProcess & { group?: boolean }).group = true;
    let stdout = '';
    let stderr = '';
    p.stdout!.on('data', (b) => (stdout += b));
    p.stderr!.on('data', (b) => (stderr += b));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** The words of one command line as bash reads them (`metric-playground` replaced by a function that prints its arguments). */
function words(line: string): string[] {
  const out = execFileSync('bash', ['-c', `metric-playground() { printf '%s\\0' "$@"; }\n${line}`], { cwd: dir, encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

/** The sweep of every test: 2 settings × 2 seeds, 2 steps of blobs on cpu. */
const SWEEP = ['sweep', '#data=blobs&steps=2&alpha=8', '--vary', 'alpha=4,16', '--seeds', '1,2', '--backend', 'cpu'];
const MERGED = ['runs.csv', 'runs.json', 'summary.csv', 'summary.json', 'opis-vs-error.svg'];

/** The merged files of the sweep in `out`, with the values of the `seconds` columns (each run's time) blanked. */
function merged(out: string): Record<string, string> {
  const blankCsv = (text: string) => {
    const [head, ...rows] = text.split('\n');
    const cols = head.split(',').map((c, i) => (/^seconds(Mean|Spread)?$/.test(c) ? i : -1)).filter((i) => i >= 0);
    expect(cols.length, head).toBeGreaterThan(0);
    // No cell here holds a comma: the links are the only text, and they have none.
    return [head, ...rows.map((r) => (r === '' ? r : r.split(',').map((v, i) => (cols.includes(i) ? 'T' : v)).join(',')))].join('\n');
  };
  const blankJson = (text: string) => text.replace(/("seconds(?:Mean|Spread)?": )[^,\n]+/g, '$1T');
  return Object.fromEntries(
    MERGED.map((f) => {
      const text = readFileSync(join(out, f), 'utf8');
      return [f, f.endsWith('.csv') ? blankCsv(text) : f.endsWith('.json') ? blankJson(text) : text];
    }),
  );
}

/** The plain sweep into `plain/`, once: its result, the children's arguments and its merged files. */
let plainRun: Promise<{ code: number; stdout: string; stderr: string; argv: string[][] }> | null = null;
function plainSweep() {
  plainRun ??= (async () => {
    const from = rec.argv.length;
    const r = await cli([...SWEEP, '--jobs', '2', '--out', 'plain']);
    return { ...r, argv: rec.argv.slice(from) };
  })();
  return plainRun;
}

describe('metric-playground sweep beyond one machine', { timeout: 600_000 }, () => {
  it('refuses a bad --shard, a --collect it cannot do and --plan with --jobs: exit 2, nothing made', async () => {
    const cases: [string[], RegExp][] = [
      [[...SWEEP, '--shard', '0/2', '--out', 'bad0'], /--shard must be I\/N .*“0\/2”/],
      [[...SWEEP, '--shard', '3/2', '--out', 'bad1'], /--shard must be I\/N .*“3\/2”/],
      [[...SWEEP, '--shard', 'a/b', '--out', 'bad2'], /--shard must be I\/N .*“a\/b”/],
      [[...SWEEP, '--shard', '1/0', '--out', 'bad3'], /--shard must be I\/N/],
      [[...SWEEP, '--shard', '1.5/2', '--out', 'bad4'], /--shard must be I\/N/],
      [[...SWEEP, '--shard', '2', '--out', 'bad5'], /--shard must be I\/N/],
      [[...SWEEP, '--plan', '--jobs', '2', '--out', 'bad6'], /--jobs has no effect with --plan/],
      [['sweep', '--collect', 'bad7'], /--collect bad7: no such folder/],
      [['sweep', '--collect', 'bad8', '--out', 'x'], /--collect DIR takes nothing else \(--out\)/],
      [[...SWEEP, '--collect', 'bad9'], /--collect DIR takes nothing else/],
    ];
    for (const [args, why] of cases) {
      const r = await cli(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(why);
    }
    for (let i = 0; i < cases.length; i++) expect(existsSync(join(dir, `bad${i}`)), `bad${i}`).toBe(false);
    expect(rec.argv).toEqual([]); // nothing started
    // A folder without a plan, and a plan that is not one.
    mkdirSync(join(dir, 'noplan'));
    const r = await cli(['sweep', '--collect', 'noplan']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/noplan\/plan\.json is missing/);
    writeFileSync(join(dir, 'noplan', 'plan.json'), '{"format":"something else"}');
    const r2 = await cli(['sweep', '--collect', 'noplan']);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/is not a sweep plan/);
  });

  it('--plan prints, one per line, the train commands a plain sweep starts, and trains nothing', async () => {
    const plain = await plainSweep();
    expect(plain.code, plain.stderr).toBe(0);
    const started = plain.argv.map((a) => a.slice(1)); // without the bin's path
    expect(started).toHaveLength(4);

    const before = rec.argv.length;
    const p = await cli([...SWEEP, '--out', 'plain', '--plan']);
    expect(p.code, p.stderr).toBe(0);
    expect(rec.argv.length).toBe(before); // nothing started
    const lines = p.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.every((l) => l.startsWith("metric-playground train '#"))).toBe(true);
    const argv = lines.map(words);
    expect(argv.map((a) => a[0])).toEqual(['train', 'train', 'train', 'train']);
    // The same runs, arguments and folders, in the same order.
    expect(argv).toEqual(started);
    expect(argv.map((a) => a[a.indexOf('--out') + 1])).toEqual([1, 2, 3, 4].map((n) => join(dir, 'plain', 'runs', `run00${n}`)));
    // The plan did not touch the finished sweep: --collect on it writes what the sweep wrote, seconds and all.
    const files = Object.fromEntries(MERGED.map((f) => [f, readFileSync(join(dir, 'plain', f), 'utf8')]));
    const c = await cli(['sweep', '--collect', 'plain']);
    expect(c.code, c.stderr).toBe(0);
    for (const f of MERGED) expect(readFileSync(join(dir, 'plain', f), 'utf8'), f).toBe(files[f]);
    expect(c.stdout).toBe(plain.stdout);

    // --plan --shard prints the shard's share; a folder name that needs quoting survives the shell.
    const s = await cli([...SWEEP, '--out', "it's a plan", '--plan', '--shard', '2/2']);
    expect(s.code, s.stderr).toBe(0);
    const shardArgv = s.stdout.trimEnd().split('\n').map(words);
    expect(shardArgv.map((a) => a[a.indexOf('--out') + 1])).toEqual([2, 4].map((n) => join(dir, "it's a plan", 'runs', `run00${n}`)));
    expect(shardArgv.map((a) => a[1])).toEqual([started[1][1], started[3][1]]);
  });

  it('--shard 1/2 + --shard 2/2 + --collect writes what the plain sweep writes', async () => {
    const plain = await plainSweep();
    expect(plain.code, plain.stderr).toBe(0);
    const one = await cli([...SWEEP, '--out', 'sharded', '--shard', '1/2', '--jobs', '2']);
    expect(one.code, one.stderr).toBe(0);
    // Its share only, into the sweep's folders; no merged files.
    expect(readdirSync(join(dir, 'sharded', 'runs')).sort()).toEqual(['run001', 'run003']);
    for (const f of MERGED) expect(existsSync(join(dir, 'sharded', f)), f).toBe(false);
    // Collecting now names the runs that are missing, with their commands, and writes nothing.
    const early = await cli(['sweep', '--collect', 'sharded']);
    expect(early.code).toBe(2);
    expect(early.stderr).toMatch(/2 of 4 runs .* missing or incomplete; nothing was written/);
    expect(early.stderr).toMatch(/runs\/run002 \(alpha=4, seed 2\): missing/);
    expect(early.stderr).toMatch(/runs\/run004 \(alpha=16, seed 2\): missing/);
    expect(early.stderr).toMatch(/^ {2}metric-playground train '#[^']*' --backend cpu --steps 2 --out \S*\/sharded\/runs\/run002 --quiet$/m);
    for (const f of MERGED) expect(existsSync(join(dir, 'sharded', f)), f).toBe(false);

    const two = await cli([...SWEEP, '--out', 'sharded', '--shard', '2/2', '--jobs', '2']);
    expect(two.code, two.stderr).toBe(0);
    const c = await cli(['sweep', '--collect', 'sharded']);
    expect(c.code, c.stderr).toBe(0);
    expect(merged(join(dir, 'sharded'))).toEqual(merged(join(dir, 'plain')));
    expect(c.stdout.replace(/^wrote .*\n/m, '')).toBe(plain.stdout.replace(/^wrote .*\n/m, ''));

    // An incomplete run (no run.json: train writes it last) is named; nothing is removed or written.
    const before = readFileSync(join(dir, 'sharded', 'runs.csv'), 'utf8');
    unlinkSync(join(dir, 'sharded', 'runs', 'run003', 'run.json'));
    const bad = await cli(['sweep', '--collect', 'sharded']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/1 of 4 runs .*\n {2}runs\/run003 \(alpha=16, seed 1\): incomplete \(no run\.json/);
    expect(readFileSync(join(dir, 'sharded', 'runs.csv'), 'utf8')).toBe(before);
    // Another run's files in a planned folder are named too.
    cpSync(join(dir, 'sharded', 'runs', 'run001'), join(dir, 'sharded', 'runs', 'run003'), { recursive: true });
    const other = await cli(['sweep', '--collect', 'sharded']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/runs\/run003 .*: holds another run/);
  });

  /** Runs the plan of a sweep into `out` with `engine` (a shell command reading the plan's lines on stdin), then collects it. */
  async function viaEngine(out: string, engine: string) {
    const plain = await plainSweep();
    expect(plain.code, plain.stderr).toBe(0);
    const p = await cli([...SWEEP, '--out', out, '--plan']);
    expect(p.code, p.stderr).toBe(0);
    writeFileSync(join(dir, `${out}.plan`), p.stdout);
    const r = await shell(`${engine} < '${out}.plan'`);
    expect(r.code, r.stderr).toBe(0);
    const c = await cli(['sweep', '--collect', out]);
    expect(c.code, c.stderr).toBe(0);
    expect(merged(join(dir, out))).toEqual(merged(join(dir, 'plain')));
  }

  it('the plan run line by line by a shell, then --collect, writes what the plain sweep writes', async () => {
    await viaEngine('by-shell', 'bash -e');
  });

  it('the plan run by GNU parallel, then --collect, writes what the plain sweep writes', async (ctx) => {
    let version = '';
    try {
      version = execFileSync('parallel', ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      version = '';
    }
    // Debian's moreutils has a `parallel` of its own, which reads no commands from stdin.
    if (!/GNU parallel/.test(version)) return ctx.skip('GNU parallel is not installed (`which parallel`; Debian: apt-get install parallel)');
    await viaEngine('by-parallel', 'parallel --will-cite --halt now,fail=1 -j 2');
  });
});
