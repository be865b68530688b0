/**
 * `metric-playground train` reproduces the page: the same link on the same backend (wasm) gives
 * exactly the same loss curve in headless Node as in the browser's worker, step for step (===),
 * and the same metrics at every evaluated step — in the page those refreshes are embedded and
 * evaluated on the metrics worker from the weights, in Node in place: the files are equal, byte
 * for byte. The command runs while the page trains; its files are read back.
 */
import { test, expect, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApp, readRun } from './helpers';

/** Runs `metric-playground train <hash> --backend wasm --steps N --out <tmp>`; resolves to its loss column and metrics.csv. */
function cliLoss(hash: string, steps: number): Promise<{ code: number; stderr: string; loss: number[]; metrics: string; out: string }> {
  const out = mkdtempSync(join(tmpdir(), 'mp-cli-train-'));
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['bin/metric-playground.mjs', 'train', hash, '--backend', 'wasm', '--steps', String(steps), '--out', out, '--quiet']);
    let stderr = '';
    p.stderr.on('data', (b) => (stderr += b));
    p.on('close', (code) => {
      let loss: number[] = [];
      let metrics = '';
      try {
        loss = readFileSync(join(out, 'loss.csv'), 'utf8').trim().split('\n').slice(1).map((l) => Number(l.split(',')[1]));
        metrics = readFileSync(join(out, 'metrics.csv'), 'utf8');
      } catch {}
      resolve({ code: code ?? -1, stderr, loss, metrics, out });
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
  ['blobs', '#backend=wasm&data=blobs&steps=20&evalEvery=5&metricsEvery=10'],
  ['MNIST, CES', '#backend=wasm&data=mnist&dim=8&loss=ces&batch=64&steps=20&evalEvery=5&metricsEvery=10'],
  ['MNIST, BN softmax', '#backend=wasm&data=mnist&head=bn&batch=64&steps=20&evalEvery=5&metricsEvery=10'],
] as const) {
  test(`train on ${name}: the CLI's loss curve and metrics equal the page's`, async ({ page }) => {
    const cli = cliLoss(hash, 20);
    const browser = await pageLoss(page, hash, 20);
    const node = await cli;
    try {
      expect(node.code, node.stderr).toBe(0);
      expect(browser).toHaveLength(20);
      expect(node.loss).toHaveLength(20);
      expect(browser.every(Number.isFinite)).toBe(true);
      node.loss.forEach((l, i) => expect(l, `step ${i + 1}`).toBe(browser[i]));
      // The metrics the page saves, as a person saves them: every evaluated step, every digit.
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-metrics-csv').click()]);
      // No refresh failed on the metrics worker (one would fall back to the training thread, and say so).
      expect(await page.evaluate(() => window.playground.store.getState().notices.map((n) => n.text))).toEqual([]);
      // The page also evaluates the untrained model (step 0), before Play; the CLI starts training at once.
      const saved = readFileSync(await file.path(), 'utf8').replace(/^0,.*\n/m, '');
      const [pageRows, nodeRows] = [saved, node.metrics].map((csv) => csv.trim().split('\n').map((l) => l.split(',')));
      expect(pageRows.length, saved).toBeGreaterThan(2);
      expect(pageRows.map((r) => r[0])).toEqual(nodeRows.map((r) => r[0]));
      const nmi = pageRows[0].indexOf('nmi');
      pageRows.forEach((row, i) =>
        row.forEach((cell, c) => {
          // NMI sums logarithms, and Node's V8 and Chromium's round Math.log differently in the last bit.
          if (i > 0 && c === nmi) expect(Math.abs(Number(cell) - Number(nodeRows[i][c])), `nmi at step ${row[0]}`).toBeLessThan(1e-12);
          else expect(cell, `${pageRows[0][c]} at step ${row[0]}`).toBe(nodeRows[i][c]);
        }),
      );
      // The final evaluation and the model file are there too.
      const m = JSON.parse(readFileSync(join(node.out, 'final', 'metrics.json'), 'utf8'));
      expect(m.prAuc).toBeGreaterThan(0);
      expect(JSON.parse(readFileSync(join(node.out, 'model.json'), 'utf8'))).toBeTruthy();
    } finally {
      rmSync(node.out, { recursive: true, force: true });
    }
  });
}
