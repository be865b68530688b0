// `metric-playground train --backend webgpu`: the command trains through Dawn's Node binding (the
// optional package `webgpu`, which `npm ci` installs) with our WGSL kernels, here on Chromium's
// SwiftShader Vulkan driver (the GPU benchmark's driver search, scripts/bench-gpu/driver.mjs), and
// its losses match the same link on wasm to float32 precision. No mocks: a missing package or
// driver fails the test with the command's own message.
import { describe, it, expect } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The environment that points Dawn at SwiftShader (the same search as npm run bench:gpu). */
function swiftShaderEnv(): Record<string, string> {
  const script = "import { driverCandidates } from './scripts/bench-gpu/driver.mjs'; console.log(JSON.stringify(driverCandidates({ swiftshader: true })));";
  const candidates = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as { env: Record<string, string> }[];
  if (!candidates.length) throw new Error("Chromium's SwiftShader Vulkan driver was not found (see scripts/bench-gpu/driver.mjs)");
  return candidates[0].env;
}

function train(backend: string, out: string, env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const args = [join(root, 'bin/metric-playground.mjs'), 'train', '#data=blobs&dim=8&loss=ces&steps=8&evalItems=200', '--backend', backend, '--out', out];
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: `${stdout}\n${stderr}` }),
    );
  });
}

const losses = (dir: string) =>
  readFileSync(join(dir, 'loss.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.split(',')[1]));

describe('metric-playground train --backend webgpu (Node + Dawn on SwiftShader)', () => {
  it('trains with the WGSL kernels and gives the wasm losses to float32 precision', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-webgpu-'));
    try {
      const gpu = await train('webgpu', join(dir, 'gpu'), swiftShaderEnv());
      expect(gpu.code, gpu.out).toBe(0);
      expect(gpu.out).toMatch(/on webgpu/);
      const wasm = await train('wasm', join(dir, 'wasm'));
      expect(wasm.code, wasm.out).toBe(0);
      const [a, b] = [losses(join(dir, 'gpu')), losses(join(dir, 'wasm'))];
      expect(a).toHaveLength(8);
      for (const [i, v] of a.entries()) expect(Math.abs(v - b[i]) / Math.abs(b[i]), `step ${i + 1}: webgpu ${v}, wasm ${b[i]}`).toBeLessThan(1e-3);
      expect(JSON.parse(readFileSync(join(dir, 'gpu/run.json'), 'utf8'))).toBeTruthy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
