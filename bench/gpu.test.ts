// CI proof of `npm run bench:gpu`: the real command, in Node through Dawn (the optional package
// `webgpu`, which `npm ci` installs) on Chromium's SwiftShader Vulkan driver. No mocks: a missing
// package or driver makes these tests fail with the script's own message.
import { describe, it, expect } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cases } from '../src/selftest/cases';
import { BUNDLED_LIBRARIES, BUNDLED_LIBRARY_DIRS } from './gpu/driver.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Runs node with `args`; resolves with the exit code and the output (stdout + stderr). */
function node(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env }, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      done({ code, out: `${stdout}\n${stderr}` });
    });
  });
}

/** The checks both runs share: adapter, one PASS per case and none FAIL, the tables. */
function expectRun(run: { code: number; out: string }, count: number) {
  expect(run.code, run.out).toBe(0);
  expect(run.out).toMatch(/^adapter: .*swiftshader/im);
  expect(run.out.match(/^PASS /gm)?.length ?? 0, run.out).toBe(count);
  expect(run.out).not.toMatch(/^FAIL /m);
  expect(run.out).toContain(`self-tests: ${count} of ${count} passed\n`);
  for (const h of ['### Losses', '| (a) our WGSL kernels on webgpu |', '| (d) tfjs on cpu |', '### Evaluation', '| all-pairs histograms, WGSL kernel on webgpu |']) expect(run.out).toContain(h);
}

describe('npm run bench:gpu (Node + Dawn on SwiftShader)', () => {
  it('runs every kernel self-test case and the benchmark, and prints the tables', async () => {
    const run = await node(['bench/gpu.mjs', '--quick', '--swiftshader']);
    expectRun(run, cases.length);
    expect(run.out).toMatch(/peak [\d.]+ GFLOP\/s \(\d+ invocations per launch\)/);
  }, 240_000);

  it('--make-bundle: runs without node_modules and --write keeps the rest of BENCHMARKS.md', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-gpu-'));
    try {
      const made = await node(['bench/gpu.mjs', '--make-bundle', join(dir, 'bundle')]);
      expect(made.code, made.out).toBe(0);
      // What NVIDIA's Vulkan driver needs on a machine without them (BENCHMARKS.md "GPU run"), carried where this machine has them.
      for (const lib of BUNDLED_LIBRARIES) {
        if (BUNDLED_LIBRARY_DIRS.some((d) => existsSync(join(d, lib)))) expect(existsSync(join(dir, 'bundle', lib)), lib).toBe(true);
      }
      const md = join(dir, 'BENCHMARKS.md');
      const browser = '# Benchmarks\n\n## Run of 2000-01-01\n\nbrowser tables\n';
      writeFileSync(md, `${browser}\n<!-- bench:gpu -->\nold GPU run\n<!-- /bench:gpu -->\n\n## After\n`);
      // From a folder with no node_modules above it: only the bundle's own files are there.
      const filter = 'similarity fwd';
      const run = await node([join(dir, 'bundle', 'bench-gpu.cjs'), '--swiftshader', '--filter', filter, '--write'], {
        cwd: dir,
        env: { BENCH_SIZES: '64', BENCH_EVAL_SIZES: '200' },
      });
      expectRun(run, cases.filter((c) => c.name.includes(filter)).length);
      const text = readFileSync(md, 'utf8');
      expect(text.startsWith(browser)).toBe(true);
      expect(text).not.toContain('old GPU run');
      expect(text.match(/<!-- bench:gpu -->/g)?.length).toBe(1);
      expect(text).toMatch(/<!-- bench:gpu -->\n## GPU run \(npm run bench:gpu\) of \d{4}-\d\d-\d\d\n[^]*### Losses[^]*<!-- \/bench:gpu -->\n\n## After\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
