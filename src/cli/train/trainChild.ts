/**
 * `train` runs as child processes, as `sweep` and `presets check` start them: a pool that keeps at
 * most `jobs` running, and the bookkeeping that ends every child still running when the parent is
 * interrupted (Ctrl-C, a kill) or exits, so no `train` is left behind. A parent killed with SIGKILL
 * runs no handler: for that, each child gets a stdin pipe the parent never writes to and the
 * environment of src/cli/parentWatch.ts, and ends itself when the pipe closes or its parent is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { CliBackend } from '../backend';
import { childEnv } from '../parentWatch';

const live = new Set<ChildProcess>();
let hooked = false;

/** Ends every child still running (the parent is going away). */
function endChildren(): void {
  for (const p of live) p.kill('SIGTERM');
}

/** On the first child: end the children when the parent exits or is interrupted, then let the signal do what it does. */
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', endChildren);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      endChildren();
      process.kill(process.pid, signal);
    });
  }
}

/** What a finished `train` child left: its exit status and the last of its stderr. */
export interface TrainChildResult {
  code: number;
  stderr: string;
  seconds: number;
}

/** The arguments of a sweep's `train` run (after the bin): the one list `sweep` starts and `sweep --plan` prints. */
export function trainChildArgs(hash: string, backend: CliBackend, steps: number, dir: string): string[] {
  return ['train', hash, '--backend', backend, '--steps', String(steps), '--out', dir, '--quiet'];
}

/** Runs `metric-playground train hash --out dir` with the bin under `root`; resolves when it ends. */
export function trainChild(root: string, hash: string, backend: CliBackend, steps: number, dir: string): Promise<TrainChildResult> {
  hookExit();
  const bin = join(root, 'bin/metric-playground.mjs');
  const t0 = performance.now();
  return new Promise((resolve) => {
    // stdin: a pipe held open for the child's life and never written (its end tells the child the parent is gone).
    const p = spawn(process.execPath, [bin, ...trainChildArgs(hash, backend, steps, dir)], {
      stdio: ['pipe', 'ignore', 'pipe'],
      env: childEnv(),
    });
    live.add(p);
    p.stdin!.on('error', () => {});
    let err = '';
    p.stderr!.on('data', (b) => (err += b));
    p.on('close', (k) => {
      live.delete(p);
      resolve({ code: k ?? -1, stderr: err, seconds: (performance.now() - t0) / 1000 });
    });
  });
}

/** Runs `tasks` with at most `jobs` at once; the results in the tasks' order. */
export async function pool<T>(tasks: (() => Promise<T>)[], jobs: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      out[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, worker));
  return out;
}

/** The last line of a child's stderr (its reason, for a failed run). */
export function lastLine(text: string): string {
  return text.trim().split('\n').pop() ?? '';
}
