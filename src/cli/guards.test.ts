/**
 * The command line refuses what it cannot do before doing anything: a link the page
 * would read only with a notice, a bad `--out`, a deleted working folder and out-of-range numbers
 * exit 2 with the reason, before any training step; `--lenient` trains the page's reading of the
 * link; a reused `--out` loses the files of an earlier run and keeps everything else. The commands
 * run in-process (`main`), on tfjs's cpu backend; no assertion depends on how long anything takes.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from './cli.testkit';
import { makeDirs, MAX_PATH_PARTS, prepareOut, SWEEP_LAYOUT, TRAIN_LAYOUT, workingFolder } from './paths';

const dir = mkdtempSync(join(tmpdir(), 'mp-cli-guards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `metric-playground args` in-process with the test folder as the working folder (or `cwd`). */
const cli = (args: string[], cwd: () => string = () => dir) => runMain(cwd, args);

/** A tiny run: two steps of blobs on tfjs's cpu backend. */
const TINY = '#data=blobs&steps=2';
const trainArgs = (link: string, out: string, ...more: string[]) => ['train', link, '--backend', 'cpu', '--out', out, ...more];
/** True when stderr shows a training step (the progress lines `step N/M loss …`). */
const trained = (stderr: string) => /^step \d+\/\d+ loss/m.test(stderr);

describe('metric-playground refuses before doing anything', { timeout: 0 }, () => {
  it('refuses a link the page would read only with a notice: exit 2 naming the key, no folder made, no step', async () => {
    const cases: [string, RegExp][] = [
      [`${TINY}&lr=NaN`, /lr=NaN/],
      [`${TINY}&bogus=1`, /unknown key: bogus/],
      [`${TINY}&alpha=100000`, /alpha=100000 is above/],
      [`${TINY}&lr=0.1&lr=0.2`, /lr.* is given 2 times/],
      [`${TINY}&b=%3Cscript%3E`, /\bb=<script>/],
      [`#${'k=1&'.repeat(30_000)}`, /too long/],
    ];
    for (const [link, why] of cases) {
      const out = join(dir, `bad-${cases.findIndex((c) => c[0] === link)}`);
      const r = await cli(trainArgs(link, out));
      expect(r.code, `${link.slice(0, 60)}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).toMatch(/--lenient/);
      expect(r.stderr).not.toMatch(/; using/); // the command uses nothing: it refuses
      expect(trained(r.stderr)).toBe(false);
      expect(existsSync(out), link.slice(0, 60)).toBe(false);
    }
    // sweep reads its base link the same way.
    const s = await cli(['sweep', `${TINY}&bogus=1`, '--vary', 'alpha=4,16', '--out', join(dir, 'bad-sweep')]);
    expect(s.code, s.stderr).toBe(2);
    expect(s.stderr).toMatch(/bogus/);
    expect(existsSync(join(dir, 'bad-sweep'))).toBe(false);
  });

  it('with --lenient, trains the page’s reading of the link and prints the notices', async () => {
    const r = await cli(trainArgs(`${TINY}&bogus=1&lr=NaN`, 'lenient', '--lenient'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^notice: Ignored unknown key: bogus$/m);
    expect(r.stderr).toMatch(/^notice: lr=NaN .*; using the default/m);
    const loss = readFileSync(join(dir, 'lenient', 'loss.csv'), 'utf8').trim().split('\n');
    expect(loss).toHaveLength(3); // the header and two steps
    expect(JSON.parse(readFileSync(join(dir, 'lenient', 'run.json'), 'utf8')).steps).toBe(2);
    // sweep takes --lenient too: past the link, it stops at the next check (--out is a file).
    writeFileSync(join(dir, 'a-file'), 'x');
    const s = await cli(['sweep', `${TINY}&bogus=1`, '--vary', 'alpha=4,16', '--lenient', '--out', 'a-file']);
    expect(s.code, s.stderr).toBe(2);
    expect(s.stderr).toMatch(/^notice: Ignored unknown key: bogus$/m);
    expect(s.stderr).toMatch(/a-file is a file, not a folder/);
  });

  it('refuses a bad --out with the reason before any step', async () => {
    writeFileSync(join(dir, 'plain-file'), 'x');
    mkdirSync(join(dir, 'json-dir', 'metrics.json'), { recursive: true });
    const cases: [string, RegExp][] = [
      ['plain-file', /plain-file is a file, not a folder/],
      ['plain-file/under', /plain-file is a file, not a folder/],
      ['json-dir', /metrics\.json is a folder: the command writes a file there/],
      ['', /--out is empty/],
    ];
    if (process.platform === 'linux') cases.push(['/proc/x', /mkdir \/proc\/x failed/]);
    for (const [out, why] of cases) {
      const r = await cli(trainArgs(TINY, out));
      expect(r.code, `--out ${out}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(why);
      expect(trained(r.stderr)).toBe(false);
    }
    expect(readdirSync(join(dir, 'json-dir'))).toEqual(['metrics.json']);
    // evaluate checks its folder too, once the files are read, before it evaluates.
    writeFileSync(join(dir, 'e.tsv'), '0\t1\n0\t1.1\n1\t0\n1.1\t0\n');
    writeFileSync(join(dir, 'y.tsv'), 'a\na\nb\nb\n');
    const e = await cli(['evaluate', '--embeddings', 'e.tsv', '--labels', 'y.tsv', '--out', 'plain-file/under']);
    expect(e.code, e.stderr).toBe(2);
    expect(e.stderr).toMatch(/plain-file is a file, not a folder/);
    expect(e.stdout).toBe('');
  });

  it('empties a reused --out of the files it writes and keeps the rest', async () => {
    const out = join(dir, 'reused');
    mkdirSync(join(out, 'final'), { recursive: true });
    const stale = ['old.weights.bin', 'metrics.csv', 'final/threshold-far-0.5.svg', 'final/pr-curve.svg'];
    for (const f of stale) writeFileSync(join(out, f), 'stale');
    writeFileSync(join(out, 'notes.txt'), 'mine');
    const r = await cli(trainArgs(TINY, out, '--quiet'));
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(out, 'old.weights.bin'))).toBe(false);
    expect(existsSync(join(out, 'final', 'threshold-far-0.5.svg'))).toBe(false);
    expect(readFileSync(join(out, 'notes.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(join(out, 'final', 'pr-curve.svg'), 'utf8')).toMatch(/<svg/);
    expect(readFileSync(join(out, 'metrics.csv'), 'utf8')).not.toBe('stale');
    expect(readdirSync(join(out, 'final')).filter((f) => f.startsWith('threshold-far-')).sort()).toEqual(['threshold-far-0.01.svg', 'threshold-far-0.1.svg']);
  });

  it('refuses numbers out of range: --far, --jobs, --steps', async () => {
    const cases: [string[], RegExp][] = [
      [['evaluate', '--embeddings', 'e.tsv', '--labels', 'y.tsv', '--far', '0,0.1'], /--far rates must be above 0/],
      [['evaluate', '--embeddings', 'e.tsv', '--labels', 'y.tsv', '--far', '0.1,1.5'], /--far/],
      [['sweep', TINY, '--vary', 'alpha=4,16', '--jobs', '0'], /--jobs must be a whole number from 1/],
      [['sweep', TINY, '--vary', 'alpha=4,16', '--jobs', '1.5'], /--jobs/],
      [['sweep', TINY, '--vary', 'alpha=4,16', '--steps', '100001'], /--steps must be a whole number from 1 to 100000/],
      [trainArgs(TINY, 'range', '--steps', '0'), /--steps must be a whole number from 1 to 100000/],
      [trainArgs(TINY, 'range', '--steps', '100001'), /--steps/],
      [trainArgs('#data=blobs&steps=100001', 'range'), /steps=100001 is above the maximum 100000/],
      [['sweep', TINY, '--vary', 'alpha=4,NaN'], /--vary alpha: alpha=NaN/],
    ];
    for (const [args, why] of cases) {
      const r = await cli(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(why);
      expect(r.stderr).not.toMatch(/using the default/);
    }
    expect(existsSync(join(dir, 'range'))).toBe(false);
  });

  it('refuses a working folder that is gone, without a loop', async () => {
    const gone = mkdtempSync(join(tmpdir(), 'mp-cli-gone-'));
    rmSync(gone, { recursive: true });
    const thrown = () => {
      throw Object.assign(new Error('ENOENT: process.cwd failed'), { code: 'ENOENT' });
    };
    for (const cwd of [thrown, () => gone]) {
      const r = await cli(trainArgs(TINY, 'relative/out'), cwd);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/the working folder .*(cannot be read|no longer exists)/);
      expect(trained(r.stderr)).toBe(false);
    }
    expect(existsSync(gone)).toBe(false);
    expect(() => workingFolder(() => gone)).toThrow(/no longer exists/);
  });
});

describe('the output folder', () => {
  it('is made one level at a time, with a bounded depth', () => {
    const deep = join(dir, 'm', 'a', 'b', 'c');
    makeDirs(deep);
    expect(existsSync(deep)).toBe(true);
    makeDirs(deep); // again: nothing to do
    expect(() => makeDirs(join(dir, ...Array.from({ length: MAX_PATH_PARTS + 1 }, () => 'd')))).toThrow(/folders deep/);
    expect(existsSync(join(dir, 'd'))).toBe(false);
  });

  it('is resolved against the working folder given, and refused without the free space asked for', () => {
    const base = join(dir, 'base');
    mkdirSync(base);
    expect(prepareOut('x/y', base, TRAIN_LAYOUT)).toBe(join(base, 'x', 'y'));
    expect(existsSync(join(base, 'x', 'y'))).toBe(true);
    expect(readdirSync(join(base, 'x', 'y'))).toEqual([]); // the probe file is gone
    expect(() => prepareOut('x/y', base, TRAIN_LAYOUT, Number.MAX_SAFE_INTEGER)).toThrow(/MiB free, less than/);
  });

  it('of a sweep loses an earlier sweep’s tables, figure and run folders', () => {
    const out = join(dir, 'old-sweep');
    for (const d of ['runs/run001/final', 'runs/run009/final', 'runs/run002']) mkdirSync(join(out, d), { recursive: true });
    for (const f of ['summary.csv', 'runs.json', 'opis-vs-error.svg', 'runs/run001/model.json', 'runs/run001/final/pr-curve.svg', 'runs/run009/loss.csv', 'runs/run002/keep.txt', 'keep.txt']) {
      writeFileSync(join(out, f), 'old');
    }
    prepareOut(out, dir, SWEEP_LAYOUT);
    expect(readdirSync(out).sort()).toEqual(['keep.txt', 'runs']);
    expect(readdirSync(join(out, 'runs'))).toEqual(['run002']); // it holds a file of the user's
    expect(readdirSync(join(out, 'runs', 'run002'))).toEqual(['keep.txt']);
  });
});
