/**
 * Where the CLI reads and writes, settled before any work: the working folder read once (a deleted
 * one is an error, not a loop), paths resolved against it, folders made one level at a time (never
 * Node's recursive mkdir, which spins forever on `/proc/x` or under a deleted working folder), and
 * `--out` checked — a folder, writable, with some free space — and emptied of the files the command
 * writes there, so no earlier run's figures lie beside the new ones. Every refusal is a
 * {@link CliError} with exit 2 and the reason.
 */
import { closeSync, lstatSync, openSync, readdirSync, rmdirSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import * as fs from 'node:fs';
import { isAbsolute, join, parse, resolve, sep } from 'node:path';
import { CliError } from './errors';

/** Folders deeper than this are refused (PATH_MAX is 4,096 bytes: no real path comes close). */
export const MAX_PATH_PARTS = 256;
/** `train` and `sweep` refuse an `--out` with less free space than this (a model file, the figures, the CSVs). */
export const MIN_FREE_BYTES = 16 * 2 ** 20;

/** The error code of a failed fs call. */
const codeOf = (e: unknown): string => (e as NodeJS.ErrnoException)?.code ?? String((e as Error)?.message ?? e);

/**
 * The working folder, read once: `get` (process.cwd by default). Exit 2 when it cannot be read or
 * no longer exists (Node keeps the path it read first, so a deleted folder is also checked on disk).
 */
export function workingFolder(get?: () => string): string {
  let cwd: string;
  try {
    cwd = (get ?? (() => process.cwd()))();
  } catch (e) {
    throw new CliError(`the working folder cannot be read (${codeOf(e)}): was it deleted? cd to an existing folder and try again`);
  }
  let st: Stats;
  try {
    st = statSync(cwd);
  } catch (e) {
    throw new CliError(`the working folder ${cwd} no longer exists (${codeOf(e)}): cd to an existing folder and try again`);
  }
  if (!st.isDirectory()) throw new CliError(`the working folder ${cwd} is not a folder`);
  if (!get) {
    // The folder at that path may be a new one, and ours deleted: '.' is what relative paths meet.
    let dot: Stats | null = null;
    try {
      dot = statSync('.');
    } catch {
      dot = null;
    }
    if (!dot || dot.nlink === 0 || dot.ino !== st.ino || dot.dev !== st.dev) {
      throw new CliError(`the working folder ${cwd} was deleted or replaced: cd to an existing folder and try again`);
    }
  }
  return cwd;
}

/** `p` resolved against the working folder `cwd` (an absolute path); `what` names it in errors. */
export function resolveIn(cwd: string, p: string, what: string): string {
  if (p === '') throw new CliError(`${what} is empty: give a path`);
  if (p.includes('\0')) throw new CliError(`${what} contains a NUL character`);
  return isAbsolute(p) ? resolve(p) : resolve(cwd, p);
}

/**
 * Makes the folder `dir` (absolute) and its missing parents, one non-recursive mkdir per level,
 * stopping at the first failure: a part that is a file, a part that cannot be made (`/proc/x`, a
 * read-only or full disk, no permission) — exit 2 with the reason. At most {@link MAX_PATH_PARTS} levels.
 */
export function makeDirs(dir: string): void {
  if (!isAbsolute(dir)) throw new Error(`makeDirs needs an absolute path, got ${dir}`);
  const { root } = parse(dir);
  const parts = dir.slice(root.length).split(/[\\/]+/).filter((s) => s !== '');
  if (parts.length > MAX_PATH_PARTS) throw new CliError(`${dir} is ${parts.length} folders deep, over the limit of ${MAX_PATH_PARTS}`);
  let at = root;
  for (const part of parts) {
    at = at.endsWith(sep) || at.endsWith('/') ? at + part : at + sep + part;
    let st: Stats | null = null;
    try {
      st = statSync(at);
    } catch (e) {
      const code = codeOf(e);
      if (code === 'ENOTDIR') throw new CliError(`cannot make the folder ${dir}: a part of ${at} is a file, not a folder`);
      if (code !== 'ENOENT') throw new CliError(`cannot make the folder ${dir}: ${at} cannot be read (${code})`);
    }
    if (st) {
      if (!st.isDirectory()) throw new CliError(`cannot make the folder ${dir}: ${at} is a file, not a folder`);
      continue;
    }
    try {
      fs.mkdirSync(at);
    } catch (e) {
      const code = codeOf(e);
      let made = false;
      if (code === 'EEXIST') {
        try {
          made = statSync(at).isDirectory(); // made meanwhile by someone else: fine
        } catch {
          made = false;
        }
      }
      if (!made) throw new CliError(`cannot make the folder ${dir}: mkdir ${at} failed (${code})`);
    }
  }
}

/**
 * The files a command writes in its output folder: `files` by name, names matching `match`, and
 * sub-folders (by name or pattern) holding their own layout. Only these are removed from a reused folder.
 */
export interface OutLayout {
  files: readonly string[];
  match?: RegExp;
  folders?: readonly { name: string | RegExp; layout: OutLayout }[];
}

/** What `evaluate` writes (also `train`'s `final/`): metrics.json, the SVG figures, report.html. */
export const EVALUATE_LAYOUT: OutLayout = { files: ['metrics.json', 'report.html'], match: /\.svg$/ };
/** What `train` writes: the CSVs and JSONs, the model artifact and `final/`. */
export const TRAIN_LAYOUT: OutLayout = {
  files: ['loss.csv', 'metrics.csv', 'metrics.json', 'run.json', 'model.json'],
  match: /\.weights\.bin$/,
  folders: [{ name: 'final', layout: EVALUATE_LAYOUT }],
};
/** What `sweep` writes: its tables, the scatter and one `train` folder per run under `runs/`. */
export const SWEEP_LAYOUT: OutLayout = {
  files: ['runs.csv', 'runs.json', 'summary.csv', 'summary.json', 'opis-vs-error.svg'],
  folders: [{ name: 'runs', layout: { files: [], folders: [{ name: /^run\d{3,}$/, layout: TRAIN_LAYOUT }] } }],
};
/** What `presets check` writes: its JSON and one `train` folder per run under `runs/`. */
export const PRESETS_LAYOUT: OutLayout = {
  files: ['presets-check.json'],
  folders: [{ name: 'runs', layout: { files: [], folders: [{ name: /^[\w.-]+-[AB]-s\d+$/, layout: TRAIN_LAYOUT }] } }],
};

/** The files to remove and folders to try to remove (deepest first) in `dir` under `layout`; exit 2 where a file's name is a folder or the reverse. */
function planClear(dir: string, layout: OutLayout, files: string[], folders: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    throw new CliError(`cannot read the output folder ${dir} (${codeOf(e)})`);
  }
  for (const d of entries) {
    const path = join(dir, d.name);
    const sub = layout.folders?.find((f) => (typeof f.name === 'string' ? f.name === d.name : f.name.test(d.name)));
    if (sub) {
      if (!d.isDirectory()) throw new CliError(`${path} is in the way: the command writes a folder there (move or remove it)`);
      planClear(path, sub.layout, files, folders);
      folders.push(path);
    } else if (layout.files.includes(d.name) || layout.match?.test(d.name)) {
      if (d.isDirectory()) throw new CliError(`${path} is a folder: the command writes a file there (move or remove it)`);
      files.push(path);
    }
  }
}

/**
 * Makes `--out` ready before any work: resolved against `cwd`, made (parents too), a folder,
 * writable (a probe file written and removed), with at least `minFreeBytes` free where the system
 * says (fs.statfsSync), and emptied of the files `layout` names (what an earlier run of the command
 * left; anything else is kept). Returns the absolute path. Exit 2 with the reason otherwise.
 */
export function prepareOut(out: string, cwd: string, layout: OutLayout, minFreeBytes = 0): string {
  const dir = resolveIn(cwd, out, '--out');
  makeDirs(dir);
  const st = statSync(dir);
  if (!st.isDirectory()) throw new CliError(`--out ${dir} is not a folder`);
  const probe = join(dir, `.metric-playground-probe-${process.pid}`);
  try {
    const fd = openSync(probe, 'wx');
    try {
      writeSync(fd, 'probe\n');
    } finally {
      closeSync(fd);
    }
    unlinkSync(probe);
  } catch (e) {
    try {
      if (lstatSync(probe).isFile()) unlinkSync(probe);
    } catch {
      // nothing was made
    }
    throw new CliError(`--out ${dir} is not writable (${codeOf(e)})`);
  }
  const statfs = (fs as { statfsSync?: (p: string) => { bavail: number | bigint; bsize: number | bigint } }).statfsSync;
  if (minFreeBytes > 0 && typeof statfs === 'function') {
    let free: number | null = null;
    try {
      const s = statfs(dir);
      free = Number(s.bavail) * Number(s.bsize);
    } catch {
      free = null; // not every system says: the writes will tell
    }
    if (free !== null && free < minFreeBytes) {
      throw new CliError(`--out ${dir} has ${(free / 2 ** 20).toFixed(1)} MiB free, less than the ${(minFreeBytes / 2 ** 20).toFixed(0)} MiB a run needs`);
    }
  }
  const files: string[] = [];
  const folders: string[] = [];
  planClear(dir, layout, files, folders);
  for (const f of files) {
    try {
      unlinkSync(f);
    } catch (e) {
      if (codeOf(e) !== 'ENOENT') throw new CliError(`cannot remove ${f}, left by an earlier run (${codeOf(e)})`);
    }
  }
  for (const f of folders) {
    try {
      rmdirSync(f); // only when empty: a folder that holds the user's own files stays
    } catch {
      // not empty, or already gone
    }
  }
  return dir;
}
