/**
 * `metric-playground presets check` as a user runs it: the real command trains a toy preset on two
 * seeds and prints, per seed, the claimed number and whether the claim holds, then the summary;
 * presets-check.json holds the same. Bad arguments exit 2 with the reason. (Whether the MNIST
 * presets' claims hold on seeds 1–5 is what the command is for: its output is in the README.)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRESET_BY_ID } from '../../state/presets/presets';
import { runCli, runMain } from '../cli.testkit';

const dir = mkdtempSync(join(tmpdir(), 'mp-cli-presets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('metric-playground presets check', () => {
  it('trains a preset on each seed and says per seed whether its claim holds', { timeout: 600_000 }, async () => {
    const r = await runCli(dir, ['presets', 'check', '--preset', 'blobs', '--seeds', '1,2', '--out', 'pc']);
    const claim = PRESET_BY_ID.get('blobs')!.claim!;
    const doc = JSON.parse(readFileSync(join(dir, 'pc', 'presets-check.json'), 'utf8'));
    const [p] = doc.presets;
    expect(p.id).toBe('blobs');
    expect(p.perSeed.map((s: { seed: number }) => s.seed)).toEqual([1, 2]);
    for (const s of p.perSeed) {
      // Every refresh of the run is judged, up to the claim's last step.
      expect(s.points.at(-1).step).toBe(claim.steps);
      expect(s.holds).toBe(s.points.filter((x: { step: number }) => x.step >= (claim.from ?? claim.steps)).every((x: { a: number }) => x.a >= claim.atLeast!));
      expect(r.stdout).toContain(`blobs seed ${s.seed}: accuracy ${s.a.toFixed(4)} (bar ${claim.atLeast}) at step ${claim.steps}`);
    }
    expect(r.stdout).toMatch(new RegExp(`blobs: holds on ${p.held} of 2 seeds at step ${claim.steps}`));
    // The exit status says whether every claim held.
    expect(r.code, r.stderr).toBe(p.held === 2 ? 0 : 1);
  });

  it('refuses bad arguments with exit 2 and the reason', { timeout: 600_000 }, async () => {
    const cases: [string[], RegExp][] = [
      [['presets'], /only subcommand is “check”/],
      [['presets', 'list'], /only subcommand/],
      [['presets', 'check', '--preset', 'nope'], /“nope” is not a preset with a claim/],
      [['presets', 'check', '--preset', 'hu-gradient'], /not a preset with a claim/],
      [['presets', 'check', '--seeds', '1,x'], /--seeds/],
      [['presets', 'check', '--backend', 'webgl'], /--backend/],
    ];
    // In-process, one after the other (the process is not what is tested: the first test runs it).
    const results = [];
    for (const [a] of cases) results.push(await runMain(dir, a));
    results.forEach((r, i) => {
      expect(r.code, `${cases[i][0].join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(cases[i][1]);
    });
  });
});
