import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../state/params';
import { idleVaryWarnings } from './sweep';
import { runMain } from '../cli.testkit';

const dir = mkdtempSync(join(tmpdir(), 'mp-sweep-warn-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sweep --vary of a setting the runs do not use', () => {
  it('says so when no run uses it, and when only some do', () => {
    const margin = { ...defaultConfig(), loss: 'contrastive' as const };
    const scaled = { ...defaultConfig(), loss: 'ssm' as const };
    expect(idleVaryWarnings([margin, margin], ['alpha'])).toEqual([expect.stringMatching(/^--vary alpha: alpha has no effect in any of these runs \(scaled losses only\)/)]);
    expect(idleVaryWarnings([margin, scaled], ['alpha'])).toEqual([expect.stringMatching(/no effect in 1 of 2 runs/)]);
    expect(idleVaryWarnings([scaled], ['alpha', 'lr'])).toEqual([]);
  });

  it('prints the warning on stderr (here with --plan: nothing is trained)', { timeout: 0 }, async () => {
    const r = await runMain(dir, ['sweep', '#data=blobs&loss=contrastive', '--vary', 'alpha=4,16', '--plan', '--out', 'p']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: --vary alpha: alpha has no effect in any of these runs/);
  });
});
