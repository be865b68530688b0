/**
 * The backend in use, said once and in plain words for the header: "training on the CPU (wasm):
 * no GPU found", "training on the GPU (webgpu)". The measurements and the technical reasons (what
 * auto timed, why a WebGPU adapter was skipped, the thread count) are the details behind it; a
 * notice is raised only when a backend the link asked for could not be used. Pure TypeScript.
 */
import type { BackendInfo } from './reports';

/** What the worker reports about its backend. */
export type BackendFacts = BackendInfo;

/** The header's line: `where` (`id`)`: why` — the id is the tfjs backend's name, exactly. */
export interface BackendLine {
  /** Where training runs, in words: "training on the CPU". */
  where: string;
  /** The active backend's id (wasm, webgpu, webgl, cpu). */
  id: string;
  /** Why, when it is worth a word ("no GPU found"), else null. */
  why: string | null;
  /** The details behind the line: what auto measured or why it fell back (the worker's note), the WebGPU adapter, wasm's threads. */
  details: { note: string | null; adapter: string; threads: string | null };
}

const lostDevice = (f: BackendFacts) => /GPU device was lost/i.test(f.note ?? '');
const softwareWebgl = (f: BackendFacts) => /software renderer/i.test(f.note ?? '');

/** Where training runs, in words. */
function where(f: BackendFacts): string {
  switch (f.active) {
    case 'wasm':
      return 'training on the CPU';
    case 'cpu':
      return 'training on the CPU in plain JavaScript';
    case 'webgpu':
      return f.adapter?.fallback ? 'training on WebGPU emulated on the CPU' : 'training on the GPU';
    case 'webgl':
      return softwareWebgl(f) ? 'training on WebGL emulated on the CPU' : 'training on the GPU';
    default:
      return 'training on';
  }
}

/** Why this backend, when the reader would ask. */
function why(f: BackendFacts): string | null {
  if (lostDevice(f)) return 'the GPU device was lost';
  if (f.requested !== 'auto') {
    if (f.requested === f.active) return null;
    if (f.requested === 'webgpu' && !f.adapter) return 'WebGPU is not available here';
    return `${f.requested} could not start`;
  }
  const onGpu = f.active === 'webgpu' || f.active === 'webgl';
  if (!onGpu && (!f.adapter || f.adapter.fallback)) return 'no GPU found';
  if (/^auto measured/.test(f.note ?? '')) return 'the fastest here, as measured';
  return null;
}

/** The WebGPU adapter in one line, as the details show it ("adapter: google / swiftshader, …"). */
export function adapterText(f: BackendFacts): string {
  const a = f.adapter;
  if (!a) return 'no WebGPU adapter';
  return `adapter: ${a.vendor || '?'} / ${a.architecture || '?'}${a.fallback ? ' (CPU fallback: WebGPU emulated on the CPU)' : ''}`;
}

/** The header's backend line for `f`. */
export function backendLine(f: BackendFacts): BackendLine {
  const t = f.threads;
  const details = {
    note: f.note,
    adapter: adapterText(f) + (f.adapter?.description ? ` — ${f.adapter.description}` : ''),
    threads: t ? `wasm computes with ${t.count === 1 ? 'one thread' : `${t.count} threads`}${t.why ? `: ${t.why}` : ''}` : null,
  };
  return { where: where(f), id: f.active, why: why(f), details };
}

/**
 * The notice to raise when the worker reports its backend, or null: only a backend the link (or
 * the control) asked for that could not be used. auto's choice and a software renderer are said
 * by the header's line alone; a lost device is announced by the worker in a notice of its own.
 */
export function backendNotice(f: BackendFacts): string | null {
  if (f.requested === 'auto' || f.requested === f.active || lostDevice(f) || !f.note) return null;
  return f.note;
}
