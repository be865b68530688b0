/**
 * `evaluate` keeps its event loop free at the size of a real test set: 20,000 items in ~1,000 Zipf
 * classes (the bench's set), with its passes on worker threads as a user runs it. The measure is
 * how long one task holds the loop in its thread's own CPU time: a timer that should fire every
 * 20 ms reads the main thread's CPU time (Linux's /proc/self/task/<pid>/stat), and the CPU spent
 * between two of its turns is what a task held. Wall-clock delay would also count the time other
 * processes of a busy machine took the core (perf_hooks' histogram, kept as a fallback elsewhere).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { zipfSet } from '../../../bench/parts/zipfSet.mjs';
import { writeNpy } from '../../data/embeddingFiles';
import { runEvaluate } from './evaluate';

const BIN = join(__dirname, '../../../bin/metric-playground.mjs');

/** The main thread's CPU time so far in ms (user + system; 10 ms ticks), or null off Linux or off the main thread. */
function mainThreadCpuMs(): number | null {
  const stat = `/proc/self/task/${process.pid}/stat`;
  if (!isMainThread || !existsSync(stat)) return null;
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const text = readFileSync(stat, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Watches how long the loop is held: the longest stretch of main-thread CPU between two timer turns (ms). */
function watchHolds(): { stop: () => { worstMs: number; how: string } } {
  const first = mainThreadCpuMs();
  if (first === null) {
    const lag = monitorEventLoopDelay({ resolution: 20 });
    lag.enable();
    return { stop: () => (lag.disable(), { worstMs: lag.max / 1e6, how: 'wall-clock delay' }) };
  }
  let last = first;
  let worstMs = 0;
  const timer = setInterval(() => {
    const now = mainThreadCpuMs()!;
    worstMs = Math.max(worstMs, now - last);
    last = now;
  }, 20);
  return { stop: () => (clearInterval(timer), { worstMs, how: 'main-thread CPU' }) };
}
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
    const holds = watchHolds();
    const code = await runEvaluate(['--embeddings', 'x.npy', '--labels', 'y.npy', '--out', 'report', '--threads', '2'], {
      stdout: () => undefined,
      stderr: (t: string) => void err.push(t),
      wasmDir: dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm')),
      cwd: () => dir,
      threadEntry: BIN,
    });
    const { worstMs, how } = holds.stop();
    expect(code, err.join('')).toBe(0);
    expect(worstMs, `the event loop was held for ${worstMs.toFixed(0)} ms (${how})`).toBeLessThan(1000);
  }, 600_000);
});
