/**
 * A `train` that `sweep` or `presets check` started (src/cli/train/trainChild.ts) ends itself when its
 * parent is gone — even when the parent was killed with SIGKILL, which no handler can catch. The
 * parent marks its children with {@link CHILD_ENV} and {@link PARENT_PID_ENV} and gives each a
 * stdin pipe it never writes to; the child watches two things: that pipe reaching its end (the
 * kernel closes the parent's end when the parent dies, however it dies) and its parent process id
 * changing (the child was re-parented) or that process no longer existing — the latter checked
 * every second, for where the pipe is not one.
 *
 * The watch runs on a worker thread, not on the main thread: training on the cpu and wasm backends
 * runs for minutes on promise continuations alone, which never let the main thread's timers or
 * pipe events run. When the parent is gone the worker ends the whole process with SIGKILL, which
 * needs nothing from the (busy) main thread. The worker does not keep the process alive.
 */
import { Worker } from 'node:worker_threads';

/** Set to "1" in the environment of a `train` child process. */
export const CHILD_ENV = 'METRIC_PLAYGROUND_CHILD';
/** The process id of the child's parent, in the child's environment. */
export const PARENT_PID_ENV = 'METRIC_PLAYGROUND_PARENT_PID';

/** The environment for a `train` child of this process: the parent's, plus the two markers. */
export function childEnv(): NodeJS.ProcessEnv {
  return { ...process.env, [CHILD_ENV]: '1', [PARENT_PID_ENV]: String(process.pid) };
}

/** The worker's code (CommonJS, run with `eval`): `workerData.parent` is the parent's process id. */
const WATCHER = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const net = require('node:net');
const parent = workerData.parent;
let ending = false;
function end(why) {
  if (ending) return;
  ending = true;
  try { fs.writeSync(2, 'metric-playground train: ' + why + '; stopping\\n'); } catch {}
  process.kill(process.pid, 'SIGKILL');
}
function parentGone() {
  if (process.ppid !== parent) return true;
  try { process.kill(parent, 0); return false; } catch (e) { return e && e.code === 'ESRCH'; }
}
if (parentGone()) end('the process that started it (' + parent + ') is gone');
setInterval(() => { if (parentGone()) end('the process that started it (' + parent + ') is gone'); }, 1000);
let st = null;
try { st = fs.fstatSync(0); } catch {}
if (st && (st.isFIFO() || st.isSocket())) {
  try {
    const s = new net.Socket({ fd: 0, readable: true, writable: false });
    s.on('data', () => {});
    s.on('end', () => end('its parent closed the pipe (the parent is gone)'));
    s.on('error', () => end('its pipe to the parent failed (the parent is gone)'));
  } catch {}
}
`;

/**
 * In a `train` child (the environment says so): starts the watch that ends this process when its
 * parent is gone. Elsewhere (a `train` run by hand) does nothing. Returns whether it watches.
 */
export function watchParent(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[CHILD_ENV] !== '1') return false;
  const parent = Number(env[PARENT_PID_ENV]);
  if (!Number.isInteger(parent) || parent <= 1) return false;
  const w = new Worker(WATCHER, { eval: true, workerData: { parent } });
  // A watch that cannot start leaves the run as it was: never an error of the run's own.
  w.on('error', () => {});
  w.unref();
  return true;
}
