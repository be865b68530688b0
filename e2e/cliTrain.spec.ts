/**
 * `metric-playground train` reproduces the page: the same link on the same backend (wasm) gives
 * exactly the same loss curve in headless Node as in the browser's worker, step for step (===).
 * The command runs while the page trains; its loss.csv is read back as numbers.
 */
import { test, expect, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, readRun } from './helpers';

/** Runs `metric-playground train <hash> --backend wasm --steps N --out <tmp>`; resolves to its loss column. */
function cliLoss(hash: string, steps: number): Promise<{ code: number; stderr: string; loss: number[]; out: string }> {
  const out = mkdtempSync(join(tmpdir(), 'mp-cli-train-'));
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['bin/metric-playground.mjs', 'train', hash, '--backend', 'wasm', '--steps', String(steps), '--out', out, '--quiet']);
    let stderr = '';
    p.stderr.on('data', (b) => (stderr += b));
    p.on('close', (code) => {
      let loss: number[] = [];
      try {
        loss = readFileSync(join(out, 'loss.csv'), 'utf8').trim().split('\n').slice(1).map((l) => Number(l.split(',')[1]));
      } catch {}
      resolve({ code: code ?? -1, stderr, loss, out });
    });
  });
}

/** Opens `hash`, presses Play, waits for the run to finish its `steps`, returns the page's loss history. */
async function pageLoss(page: Page, hash: string, steps: number): Promise<number[]> {
  await openApp(page, hash, 'wasm');
  await page.getByTestId('play').click();
  await expect.poll(async () => { const r = await readRun(page); return r.step === steps && !r.running; }, { timeout: 120_000, intervals: [250] }).toBe(true);
  return (await readRun(page)).loss;
}

for (const [name, hash] of [
  ['blobs', '#backend=wasm&data=blobs&steps=20'],
  ['MNIST', '#backend=wasm&data=mnist&dim=8&loss=ces&batch=64&steps=20'],
] as const) {
  test(`train on ${name}: the CLI's loss curve equals the page's, exactly`, async ({ page }) => {
    const cli = cliLoss(hash, 20);
    const browser = await pageLoss(page, hash, 20);
    const node = await cli;
    try {
      expect(node.code, node.stderr).toBe(0);
      expect(browser).toHaveLength(20);
      expect(node.loss).toHaveLength(20);
      expect(browser.every(Number.isFinite)).toBe(true);
      node.loss.forEach((l, i) => expect(l, `step ${i + 1}`).toBe(browser[i]));
      // The final evaluation and the model file are there too.
      const m = JSON.parse(readFileSync(join(node.out, 'final', 'metrics.json'), 'utf8'));
      expect(m.prAuc).toBeGreaterThan(0);
      expect(JSON.parse(readFileSync(join(node.out, 'model.json'), 'utf8'))).toBeTruthy();
    } finally {
      rmSync(node.out, { recursive: true, force: true });
    }
  });
}
