/**
 * `evaluate` keeps its event loop free at the size of a real test set: 20,000 items in ~1,000 Zipf
 * classes (the bench's set), with its passes on worker threads as a user runs it. The measure is
 * the event loop's own delay (perf_hooks' histogram of how late a timer fires), not the run's wall
 * time: a task that held the loop for a second would show as a delay of a second, however fast
 * the machine.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { zipfSet } from '../../scripts/bench/zipfSet.mjs';
import { writeNpy } from '../data/embeddingFiles';
import { runEvaluate } from './evaluate';

const BIN = join(__dirname, '../../bin/metric-playground.mjs');
const dir = mkdtempSync(join(tmpdir(), 'mp-lag-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('evaluate’s event loop at 20,000 items × 1,000 classes', () => {
  it('is never held for more than a second while it evaluates', async () => {
    const n = 20_000;
    const dim = 64;
    const { values, labels } = zipfSet({ n, dim, classes: 1000 });
    writeFileSync(join(dir, 'x.npy'), writeNpy(Array.from(values), [n, dim], '<f4'));
    writeFileSync(join(dir, 'y.npy'), writeNpy(Array.from(labels), [n], '<i4'));
    const err: string[] = [];
    const lag = monitorEventLoopDelay({ resolution: 20 });
    lag.enable();
    const code = await runEvaluate(['--embeddings', 'x.npy', '--labels', 'y.npy', '--out', 'report', '--threads', '2'], {
      stdout: () => undefined,
      stderr: (t: string) => void err.push(t),
      wasmDir: dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm')),
      cwd: () => dir,
      threadEntry: BIN,
    });
    lag.disable();
    expect(code, err.join('')).toBe(0);
    const worstMs = lag.max / 1e6;
    expect(worstMs, `the event loop was held for ${worstMs.toFixed(0)} ms`).toBeLessThan(1000);
  }, 600_000);
});
