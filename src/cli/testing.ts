/** What the command line's tests share (not part of the command): the real command, run in a folder. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const BIN = join(__dirname, '../../bin/metric-playground.mjs');

/** Runs `metric-playground args` in `cwd`; resolves to its exit status and output. */
export function runCli(cwd: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { cwd });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (b) => (stdout += b));
    p.stderr.on('data', (b) => (stderr += b));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
