/**
 * `metric-playground sweep` and `train` as a user runs them: the real command on a toy link, a
 * 2 × 2 sweep (two settings, two seeds) whose files are read back, and the arguments refused with
 * exit 2. (That `train` reproduces the page's loss exactly is e2e/cliTrain.spec.ts.)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.testkit';

const dir = mkdtempSync(join(tmpdir(), 'mp-cli-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the command in the test folder. */
const cli = (args: string[]) => runCli(dir, args);

// The timeout guards against a hang only (10 min): under load a sweep of real `train` processes may
// take minutes, and no test here passes or fails on how long it took.
describe('metric-playground sweep', { timeout: 600_000 }, () => {
  it('runs every setting on every seed and writes rows, mean ± spread and the OPIS-vs-error scatter', async () => {
    // The link names α and a seed itself: the varied values and the seeds replace them.
    const r = await cli(['sweep', '#data=blobs&lr=0.01&alpha=8&seed=5', '--vary', 'alpha=4,16', '--seeds', '1,2', '--steps', '10', '--out', 'sw']);
    expect(r.code, r.stderr).toBe(0);
    const runs = JSON.parse(readFileSync(join(dir, 'sw', 'runs.json'), 'utf8')).runs;
    expect(runs.map((x: { alpha: string; seed: number }) => `${x.alpha}/${x.seed}`)).toEqual(['4/1', '4/2', '16/1', '16/2']);
    for (const x of runs) {
      expect(x.exitCode).toBe(0);
      expect(x.link).toMatch(/steps=10/);
      for (const k of ['prAuc', 'opis', 'recallAt1', 'nmi', 'accuracy']) expect(x[k]).toBeGreaterThanOrEqual(0);
    }
    // Different seeds give different runs; the summary is their mean and half range.
    expect(runs[0].finalLoss).not.toBe(runs[1].finalLoss);
    const s = JSON.parse(readFileSync(join(dir, 'sw', 'summary.json'), 'utf8')).settings;
    expect(s).toHaveLength(2);
    expect(s[0].prAucMean).toBeCloseTo((runs[0].prAuc + runs[1].prAuc) / 2, 12);
    expect(s[0].prAucSpread).toBeCloseTo(Math.abs(runs[0].prAuc - runs[1].prAuc) / 2, 12);
    expect(readFileSync(join(dir, 'sw', 'summary.csv'), 'utf8').split('\n')[0]).toMatch(/^alpha,runs,failed,prAucMean,prAucSpread/);
    expect(r.stdout).toMatch(/alpha=4: PR-AUC [\d.]+ ± /);
    const svg = readFileSync(join(dir, 'sw', 'opis-vs-error.svg'), 'utf8');
    const { document } = parseHTML(svg.replace(/^<\?xml[^>]*>/, ''));
    expect(document.querySelectorAll('circle.run-point')).toHaveLength(4);
    // Each run left the train command's files, the model included.
    expect(JSON.parse(readFileSync(join(dir, 'sw', 'runs', 'run001', 'model.json'), 'utf8'))).toBeTruthy();
  });

  it('refuses bad arguments with exit 2 and the reason', async () => {
    const cases: [string[], RegExp][] = [
      [['sweep', '#data=blobs', '--vary', 'bogus=1,2', '--steps', '5'], /bogus/],
      [['sweep', '#data=blobs', '--vary', 'alpha=4,abc', '--steps', '5'], /--vary alpha/],
      [['sweep', '#data=blobs', '--seeds', '1,x', '--steps', '5'], /--seeds/],
      [['train', '#data=blobs&steps=0'], /--steps/],
      [['train', '#data=blobs', '--backend', 'webgl'], /--backend/],
      [['train'], /needs a link/],
    ];
    const results = await Promise.all(cases.map(([a]) => cli(a)));
    results.forEach((r, i) => {
      expect(r.code, `${cases[i][0].join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(cases[i][1]);
    });
  });
});
