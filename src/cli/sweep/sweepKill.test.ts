/**
 * A killed `sweep` leaves no `train` behind: the real command starts two long runs,
 * and once both children have begun their runs the sweep is ended — with SIGTERM, which it handles
 * by ending its children, and with SIGKILL, which nothing can handle: there each child sees its
 * parent gone (src/cli/parentWatch.ts) and ends itself. The tests' own teardown
 * (src/cli/cli.testkit.ts) kills a command and its children by their process group. The test reads the
 * process table (/proc) and waits on events: the sweep's first line, the children's run folders
 * appearing, the processes going. No step passes or fails on time; the timeout only guards a hang.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killAll, startCli } from '../cli.testkit';

const dir = mkdtempSync(join(tmpdir(), 'mp-cli-sweep-kill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process as /proc/PID/stat describes it. */
interface Proc {
  pid: number;
  state: string;
  ppid: number;
  pgid: number;
  cmdline: string[];
}

/** Process `pid` from /proc, or null when there is none. */
function proc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold anything: the fields after it are fixed.
    const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { pid, state, ppid: Number(ppid), pgid: Number(pgid), cmdline };
  } catch {
    return null; // gone between the listing and the read
  }
}

/** Every process in the table. */
function processes(): Proc[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map((n) => proc(Number(n)))
    .filter((p): p is Proc => p !== null);
}

/** Whether `p` still runs: a zombie (ended, not yet reaped) does not. */
const running = (p: Proc | null): boolean => p !== null && p.state !== 'Z' && p.state !== 'X';

/** Resolves on the next turn of the event loop after a short pause: the pace of a poll, not a limit. */
const nextPoll = () => new Promise((r) => setTimeout(r, 100));

/** Resolves once `file` exists, watching its folder `parent` (which exists) for it. */
function appears(parent: string, name: string): Promise<void> {
  return new Promise((resolve) => {
    const w = watch(parent, () => {
      if (existsSync(join(parent, name))) done();
    });
    const done = () => {
      w.close();
      resolve();
    };
    if (existsSync(join(parent, name))) done();
  });
}

/** Resolves with the first stderr text of `p` that matches `re`. */
function saysOnStderr(p: ReturnType<typeof startCli>, re: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const on = (b: Buffer) => {
      text += b;
      if (re.test(text)) {
        p.stderr!.off('data', on);
        resolve(text);
      }
    };
    p.stderr!.on('data', on);
    p.on('exit', (code, signal) => reject(new Error(`the sweep ended (${code ?? signal}) before saying ${re}: ${text}`)));
  });
}

/** Starts a two-run sweep that trains long, and resolves once both `train` children are in their runs. */
async function runningSweep(out: string) {
  const sweep = startCli(dir, ['sweep', '#data=blobs', '--seeds', '1,2', '--jobs', '2', '--steps', '100000', '--backend', 'wasm', '--out', out]);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => sweep.on('exit', (code, signal) => r({ code, signal })));
  sweep.stdout!.resume();
  // The sweep makes out/runs/ before it says how many runs it starts; each child makes its own run folder
  // once it is in `train`, past the start of its watch on the parent.
  await saysOnStderr(sweep, /^sweep: 2 runs/m);
  sweep.stderr!.resume();
  const runs = join(dir, out, 'runs');
  await Promise.all([appears(runs, 'run001'), appears(runs, 'run002')]);
  const children = processes().filter((p) => p.ppid === sweep.pid && running(p));
  expect(children.map((c) => c.cmdline.includes('train'))).toEqual([true, true]);
  return { sweep, exited, children };
}

/** Resolves once none of `pids` runs and no process of the group `pgid` runs. */
async function allGone(pids: number[], pgid: number): Promise<void> {
  while (pids.some((pid) => running(proc(pid))) || processes().some((p) => p.pgid === pgid && running(p))) await nextPoll();
}

describe.skipIf(!existsSync('/proc/self/stat'))('a killed sweep leaves no train running', { timeout: 600_000 }, () => {
  it('SIGTERM: the sweep ends its children, then itself by the same signal', async () => {
    const { sweep, exited, children } = await runningSweep('term');
    sweep.kill('SIGTERM');
    expect((await exited).signal).toBe('SIGTERM');
    await allGone(children.map((c) => c.pid), sweep.pid!);
    expect(children.filter((c) => running(proc(c.pid)))).toEqual([]);
  });

  it('SIGKILL: the children see their parent gone and end themselves', async () => {
    const { sweep, exited, children } = await runningSweep('kill');
    sweep.kill('SIGKILL');
    expect((await exited).signal).toBe('SIGKILL');
    await allGone(children.map((c) => c.pid), sweep.pid!);
    expect(children.filter((c) => running(proc(c.pid)))).toEqual([]);
  });

  it('the tests’ own teardown (killAll, run after each test) ends a running command and its children', async () => {
    const { sweep, exited, children } = await runningSweep('teardown');
    killAll();
    expect((await exited).signal).toBe('SIGKILL');
    await allGone(children.map((c) => c.pid), sweep.pid!);
    expect(children.filter((c) => running(proc(c.pid)))).toEqual([]);
  });
});
