/**
 * Backend selection inside the worker. `auto` starts on WebGPU on a real adapter; on a fallback
 * adapter (SwiftShader, i.e. WebGPU emulated on the CPU) wasm is several times faster, so auto
 * starts on wasm there. Once the data are loaded, auto measures the candidates and keeps the
 * fastest (src/worker/training/autoBackend.ts). A forced backend that cannot start falls back visibly.
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-webgpu';
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import { getThreadsCount } from '@tensorflow/tfjs-backend-wasm';
import '../wasmSetup';
import type { BackendInfo } from '../protocol';
import type { Config } from '../../state/params';

// tfjs takes the threaded build where the page is cross-origin isolated (vite-plugins/wasmThreads.ts
// makes it work once bundled) and the single-threaded SIMD build elsewhere.

type AdapterInfo = NonNullable<BackendInfo['adapter']>;

/** The WebGPU adapter this browser offers, or null with the reason. */
export async function probeAdapter(): Promise<{ adapter: AdapterInfo | null; why: string | null }> {
  const gpu = (self.navigator as Navigator & { gpu?: GPU }).gpu;
  if (!gpu) return { adapter: null, why: 'this browser exposes no WebGPU (navigator.gpu is missing)' };
  try {
    const a = await gpu.requestAdapter();
    if (!a) return { adapter: null, why: 'no WebGPU adapter is available' };
    // Chromium moved isFallbackAdapter from the adapter to adapter.info.
    const info = a.info as GPUAdapterInfo & { isFallbackAdapter?: boolean };
    const legacy = a as GPUAdapter & { isFallbackAdapter?: boolean };
    const fallback = Boolean(info.isFallbackAdapter ?? legacy.isFallbackAdapter ?? info.architecture === 'swiftshader');
    return {
      adapter: { vendor: info.vendor, architecture: info.architecture, description: info.description, fallback },
      why: null,
    };
  } catch (e) {
    return { adapter: null, why: `requesting a WebGPU adapter failed: ${(e as Error).message}` };
  }
}

/**
 * Says so when tfjs's WebGL context runs on a software rasteriser (SwiftShader, llvmpipe, …): the
 * GPU is then emulated on the CPU, where wasm is faster. Null on a real GPU or when unknown.
 */
export function softwareWebglNote(): string | null {
  try {
    const gl = (tf.backend() as unknown as { gpgpu?: { gl?: WebGL2RenderingContext } }).gpgpu?.gl;
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    const soft = /swiftshader|llvmpipe|softpipe|software|basic render/i.exec(renderer);
    return soft ? `webgl runs on a software renderer (${soft[0]}): the GPU is emulated on the CPU, where wasm is faster` : null;
  } catch {
    return null;
  }
}

/** Activates tfjs backend `name`; false when it cannot start. */
export async function trySet(name: string): Promise<boolean> {
  try {
    const ok = await tf.setBackend(name);
    await tf.ready();
    return ok && tf.getBackend() === name;
  } catch {
    return false;
  }
}

/**
 * Activates the backend for `requested` and reports what is in use. `onDeviceLost` fires if the
 * WebGPU device dies later (a driver reset, a tab in the background for long, …).
 */
export async function selectBackend(requested: Config['backend'], onDeviceLost: (why: string) => void): Promise<BackendInfo> {
  const { adapter, why } = await probeAdapter();
  let target: string = requested;
  let note: string | null = null;
  if (requested === 'auto') {
    if (adapter && !adapter.fallback) target = 'webgpu';
    else {
      target = 'wasm';
      note = adapter
        ? `auto chose wasm: the WebGPU adapter (${adapter.architecture || adapter.vendor}) is a CPU fallback, where wasm is faster`
        : `auto chose wasm: ${why}`;
    }
  } else if (requested === 'webgpu' && !adapter) {
    target = 'wasm';
    note = `WebGPU unavailable (${why}); fell back to wasm`;
  }
  if (!(await trySet(target))) {
    const fallback = target === 'wasm' ? 'cpu' : 'wasm';
    note = `the ${target} backend failed to start; fell back to ${fallback}`;
    target = fallback;
    if (!(await trySet(target))) {
      target = 'cpu';
      await trySet('cpu');
    }
  }
  if (target === 'webgl') note = [note, softwareWebglNote()].filter(Boolean).join('; ') || null;
  if (target === 'webgpu') watchDeviceLoss(onDeviceLost);
  return { requested, active: tf.getBackend(), adapter, note };
}

/**
 * How many threads the active wasm backend computes with, and why not more; null on other backends.
 * tfjs takes its threaded build only on a cross-origin isolated page (SharedArrayBuffer), and
 * there uses half the logical cores, at most 8: it assumes two hyperthreads per core and leaves
 * the rest to the page.
 */
export function wasmThreads(): BackendInfo['threads'] {
  if (tf.getBackend() !== 'wasm') return null;
  const count = getThreadsCount();
  const cores = self.navigator.hardwareConcurrency || 1;
  const threaded = Boolean(tf.env().get('WASM_HAS_MULTITHREAD_SUPPORT'));
  let why: string | null = null;
  if (!threaded) {
    why = self.crossOriginIsolated
      ? 'this browser cannot share memory between workers, which threads need'
      : 'the page is not cross-origin isolated (COOP/COEP headers, from the host or the service worker), which threads need';
  } else if (count < cores) {
    why = `tfjs-wasm's threaded build uses half the logical cores (at most 8), leaving the rest to the page: ${count} of ${cores} here`;
  }
  return { count, threaded, why };
}

/**
 * Whether the active webgpu device is lost, or is within `ms`: a readback the dying device
 * rejects can come before `device.lost` settles. False on other backends.
 */
export function webgpuDeviceLost(ms = 2000): Promise<boolean> {
  if (tf.getBackend() !== 'webgpu') return Promise.resolve(false);
  const device = (tf.backend() as WebGPUBackend).device;
  return Promise.race([device.lost.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
}

/**
 * Calls `onDeviceLost` if the active webgpu backend's device dies later, while webgpu is still the
 * backend in use (auto may have measured webgpu and moved on to another).
 */
export function watchDeviceLoss(onDeviceLost: (why: string) => void): void {
  const device = (tf.backend() as WebGPUBackend).device;
  void device.lost.then((info) => {
    if (tf.getBackend() === 'webgpu') onDeviceLost(info.message || info.reason || 'unknown reason');
  });
}
