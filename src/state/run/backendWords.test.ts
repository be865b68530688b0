import { describe, expect, it } from 'vitest';
import { backendLine, backendNotice, type BackendFacts } from './backendWords';

const swiftshader = { vendor: 'google', architecture: 'swiftshader', description: '', fallback: true };
const realGpu = { vendor: 'nvidia', architecture: 'ampere', description: 'RTX', fallback: false };
const autoNote = 'auto measured wasm 9.8 ms/step, webgl 41 ms/step (webgpu skipped: CPU fallback adapter (swiftshader)) → wasm';

describe('the backend line', () => {
  it('says auto on a CPU-emulated adapter in plain words, the measurements as details, and raises no notice', () => {
    const f: BackendFacts = { requested: 'auto', active: 'wasm', adapter: swiftshader, note: autoNote, threads: { count: 1, threaded: false, why: 'the page is not cross-origin isolated' } };
    const line = backendLine(f);
    expect(`${line.where} (${line.id}): ${line.why}`).toBe('training on the CPU (wasm): no GPU found');
    expect(line.details.note).toBe(autoNote);
    expect(line.details.adapter).toContain('adapter: google / swiftshader (CPU fallback');
    expect(line.details.threads).toBe('wasm computes with one thread: the page is not cross-origin isolated');
    expect(backendNotice(f)).toBeNull();
  });

  it('names a real GPU, and a forced backend without a reason', () => {
    expect(backendLine({ requested: 'auto', active: 'webgpu', adapter: realGpu, note: 'auto measured webgpu 1.0 ms/step, wasm 9.8 ms/step → webgpu' })).toMatchObject({
      where: 'training on the GPU',
      id: 'webgpu',
      why: 'the fastest here, as measured',
    });
    const forced: BackendFacts = { requested: 'wasm', active: 'wasm', adapter: swiftshader, note: null };
    expect(backendLine(forced)).toMatchObject({ where: 'training on the CPU', why: null });
    expect(backendNotice(forced)).toBeNull();
    expect(backendLine({ requested: 'webgpu', active: 'webgpu', adapter: swiftshader, note: null }).where).toBe('training on WebGPU emulated on the CPU');
    const soft: BackendFacts = { requested: 'webgl', active: 'webgl', adapter: null, note: 'webgl runs on a software renderer (SwiftShader): …' };
    expect(backendLine(soft).where).toBe('training on WebGL emulated on the CPU');
    expect(backendNotice(soft)).toBeNull();
  });

  it('raises a notice only when the backend asked for could not be used (a lost device has its own)', () => {
    const fell: BackendFacts = { requested: 'webgpu', active: 'wasm', adapter: null, note: 'WebGPU unavailable (no adapter); fell back to wasm' };
    expect(backendLine(fell).why).toBe('WebGPU is not available here');
    expect(backendNotice(fell)).toBe(fell.note);
    const lost: BackendFacts = { requested: 'webgpu', active: 'wasm', adapter: realGpu, note: 'the GPU device was lost (x); continued on wasm from step 10' };
    expect(backendLine(lost).why).toBe('the GPU device was lost');
    expect(backendNotice(lost)).toBeNull();
    expect(backendNotice({ requested: 'wasm', active: 'cpu', adapter: null, note: 'the wasm backend failed to start; fell back to cpu' })).toContain('fell back to cpu');
  });
});
