/**
 * What the command line's tests share (not part of the command): the real command, run in a folder.
 * Each command runs in a process group of its own, and whatever is still running of it — the
 * command and its children (a sweep's `train`s) — is killed after each test, so a test that timed
 * out or failed leaves nothing behind, and when the test process exits. Only tests import this module.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach } from 'vitest';

const BIN = join(__dirname, '../../bin/metric-playground.mjs');

/** The commands started since the last {@link killAll} (each the leader of its own process group). */
const running = new Set<ChildProcess>();

/** Kills the process group of `p` (the command and every process it started), if it is still there. */
export function killGroup(p: ChildProcess): void {
  if (p.pid === undefined) return;
  try {
    process.kill(-p.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * Kills every command this module started since the last call, with its children: a command that
 * ended may have left children in its group (a sweep killed with SIGKILL), so the group is killed
 * whether or not its leader is still there.
 */
export function killAll(): void {
  for (const p of running) killGroup(p);
  running.clear();
}

afterEach(killAll);
process.on('exit', killAll);

/** Starts `metric-playground args` in `cwd` in a process group of its own; {@link killAll} ends it. */
export function startCli(cwd: string, args: string[]): ChildProcess {
  const p = spawn(process.execPath, [BIN, ...args], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(p);
  return p;
}

/** Runs `metric-playground args` in `cwd`; resolves to its exit status and output. */
export function runCli(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = startCli(cwd, args);
    let stdout = '';
    let stderr = '';
    p.stdout!.on('data', (b) => (stdout += b));
    p.stderr!.on('data', (b) => (stderr += b));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * Runs `metric-playground args` in-process (`main`, no process and no module loader started), with
 * `cwd` as its working folder (or a function reading it, to play a deleted one): for the tests of what the command refuses, where the process is not
 * what is tested. Each command keeps one end-to-end test through {@link runCli}.
 */
export async function runMain(cwd: string | (() => string), args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { main } = await import('./main');
  let stdout = '';
  let stderr = '';
  const ctx = { stdout: (s: string) => (stdout += s), stderr: (s: string) => (stderr += s), wasmDir: '', root: join(__dirname, '../..'), cwd: typeof cwd === 'string' ? () => cwd : cwd };
  const code = await main(args, ctx as Parameters<typeof main>[1]);
  return { code, stdout, stderr };
}
