// `metric-playground train --backend webgpu` and `evaluate --backend webgpu`: the commands run
// through Dawn's Node binding (the optional package `webgpu`, which `npm ci` installs) with our WGSL
// kernels, here on Chromium's SwiftShader Vulkan driver (the GPU benchmark's driver search,
// bench/gpu/driver.mjs): the losses match the same link on wasm to float32 precision, and
// the evaluation's numbers match wasm's (the binned ones up to pairs on a bin edge). No mocks: a
// missing package or driver fails the test with the command's own message.
import { describe, it, expect } from 'vitest';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/data/rng';
import { writeNpy } from '../src/data/embeddingFiles/npy';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The environment that points Dawn at SwiftShader (the same search as npm run bench:gpu). */
function swiftShaderEnv(): Record<string, string> {
  const script = "import { driverCandidates } from './bench/gpu/driver.mjs'; console.log(JSON.stringify(driverCandidates({ swiftshader: true })));";
  const candidates = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as { env: Record<string, string> }[];
  if (!candidates.length) throw new Error("Chromium's SwiftShader Vulkan driver was not found (see bench/gpu/driver.mjs)");
  return candidates[0].env;
}

function train(backend: string, out: string, env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  return command(['train', '#data=blobs&dim=8&loss=ces&steps=8&evalItems=200', '--backend', backend, '--out', out], env);
}

/** The command with `args`, to its exit: its status and output. */
function command(cmd: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const args = [join(root, 'bin/metric-playground.mjs'), ...cmd];
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

  it('evaluates on the binned path with the WGSL histograms: wasm’s numbers (the binned ones to a bin edge)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-webgpu-eval-'));
    try {
      // 3,000 × 16 around 6 seeded centres.
      const rng = new Rng(5);
      const n = 3000, d = 16;
      const centres = Array.from({ length: 6 }, () => Array.from({ length: d }, () => rng.normal()));
      const labels = Array.from({ length: n }, (_, i) => i % 6);
      writeFileSync(join(dir, 'x.npy'), writeNpy(labels.flatMap((c) => centres[c].map((v) => v + 1.2 * rng.normal())), [n, d]));
      writeFileSync(join(dir, 'y.npy'), writeNpy(labels, [n], '<i4'));
      const run = (backend: string, env?: Record<string, string>) =>
        command(['evaluate', '--embeddings', join(dir, 'x.npy'), '--labels', join(dir, 'y.npy'), '--path', 'binned', '--backend', backend, '--out', join(dir, backend)], env);
      const gpu = await run('webgpu', swiftShaderEnv());
      expect(gpu.code, gpu.out).toBe(0);
      expect(gpu.out).toMatch(/the all-pairs histograms on webgpu; the retrieval pass screened by float32 products/);
      const wasm = await run('wasm');
      expect(wasm.code, wasm.out).toBe(0);
      const [g, w] = ['webgpu', 'wasm'].map((b) => JSON.parse(readFileSync(join(dir, b, 'metrics.json'), 'utf8')));
      expect(g.backend).toBe('webgpu');
      expect(w.backend).toBe('wasm');
      // Ranked with the screen on webgpu's products: the float64 ranking's numbers, exactly.
      for (const k of ['recall', 'mapAtR', 'rPrecision', 'nmi', 'positives', 'pairs', 'recallScreened']) expect(g[k], k).toEqual(w[k]);
      // Binned from float32 products made two ways: equal but for pairs within rounding of a bin edge.
      for (const k of ['prAuc', 'opis', 'epsOpis']) expect(Math.abs(g[k] - w[k]), k).toBeLessThan(1e-4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
