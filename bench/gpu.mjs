#!/usr/bin/env node
/**
 * `npm run bench:gpu`: the WGSL kernel self-tests and the benchmark (the suite of bench.html) in
 * Node, on a real WebGPU adapter through Dawn's Node binding (the optional npm package `webgpu`),
 * with no browser. Prints the adapter, one PASS/FAIL line per self-test case and the tables of
 * BENCHMARKS.md; exits 1 when a case fails, 2 without `webgpu`.
 *
 *   node bench/gpu.mjs [--quick] [--swiftshader] [--write [FILE]] [--filter TEXT] [--make-bundle DIR]
 *
 * Its options, the bundle and how the child process loads the app: docs/scripts.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { tables } from './parts/tables.mjs';
import { bundleCjs, exportLines, loadNamed } from '../scripts/lib/sources.mjs';
import { BUNDLED_LIBRARIES, BUNDLED_LIBRARY_DIRS, SWIFTSHADER_HINT, driverCandidates } from './gpu/driver.mjs';
import { adapterName, gpuSection, writeSection } from './gpu/markdown.mjs';

/* global __BENCH_GPU_BUNDLE__ */
// `true` in the bundle (set by makeBundle's `define`), undefined when run from the sources.
const BUNDLED = typeof __BENCH_GPU_BUNDLE__ !== 'undefined';
// This script's path, run from the sources or as the bundle (not import.meta: a CommonJS bundle lacks it).
const SELF = realpathSync(process.argv[1]);
const HERE = dirname(SELF);
const ROOT = BUNDLED ? process.cwd() : resolve(HERE, '..');
const requireHere = createRequire(SELF);
const MISSING = 'bench:gpu needs the optional package `webgpu` (Dawn for Node): install the optional package `webgpu` (`npm install`, or `npm install --no-save webgpu`).';

/** The app modules the child uses, from the sources (read through Vite). */
const SOURCES = {
  runBenchmarks: '/bench/page/suite.ts',
  runKernelSelfTests: '/src/selftest/run.ts',
  cases: '/src/selftest/cases.ts',
};

function parseArgs(argv) {
  const out = { quick: false, swiftshader: false, write: null, bundle: null, filter: undefined };
  const usage = (msg) => {
    if (msg) process.stderr.write(`${msg}\n`);
    process.stderr.write('usage: node bench/gpu.mjs [--quick] [--swiftshader] [--write [FILE]] [--filter TEXT] | --make-bundle DIR\n');
    process.exit(2);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') out.quick = true;
    else if (a === '--swiftshader') out.swiftshader = true;
    else if (a === '--write') out.write = argv[i + 1] && !argv[i + 1].startsWith('--') ? resolve(argv[++i]) : join(ROOT, 'BENCHMARKS.md');
    else if (a === '--filter' && argv[i + 1]) out.filter = argv[++i];
    else if (a === '--make-bundle' && argv[i + 1] && !BUNDLED) out.bundle = resolve(argv[++i]);
    else usage(a === '--help' || a === '-h' ? '' : `unknown argument ${a}`);
  }
  return out;
}

/** Path of the webgpu package's dawn.node for this platform, or null (then exit 2). */
function dawnPath() {
  if (BUNDLED) return existsSync(join(HERE, 'dawn.node')) ? join(HERE, 'dawn.node') : null;
  let pkg;
  try {
    pkg = dirname(requireHere.resolve('webgpu/package.json'));
  } catch {
    return null;
  }
  const arch = process.platform === 'darwin' ? 'universal' : process.arch;
  const file = join(pkg, 'dist', `${process.platform}-${arch}`, 'dawn.node');
  return existsSync(file) ? file : null;
}

function dawnVersion() {
  if (BUNDLED) return existsSync(join(HERE, 'webgpu-version.txt')) ? readFileSync(join(HERE, 'webgpu-version.txt'), 'utf8').trim() : '?';
  return JSON.parse(readFileSync(requireHere.resolve('webgpu/package.json'), 'utf8')).version;
}

/**
 * Gives this process a WebGPU `navigator.gpu` (and GPUBufferUsage & co.) from Dawn; must run
 * before @tensorflow/tfjs-backend-webgpu is imported. Returns the adapter tfjs will also get.
 */
async function setUpGpu() {
  // The package's index.js adds a fix for device.destroy(); the bundle loads dawn.node directly.
  const { create, globals } = BUNDLED ? requireHere(dawnPath()) : await import('webgpu');
  Object.assign(globalThis, globals);
  const nav = { gpu: create([]), userAgent: `Node.js ${process.version}, Dawn (npm webgpu ${dawnVersion()})` };
  Object.defineProperty(globalThis, 'navigator', { value: nav, configurable: true, writable: true });
  const adapter = await nav.gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) return null;
  const info = adapter.info ?? {};
  const l = adapter.limits;
  return {
    vendor: info.vendor ?? '',
    architecture: info.architecture ?? '',
    description: info.description ?? '',
    fallback: Boolean(info.isFallbackAdapter ?? adapter.isFallbackAdapter),
    limits: `${l.maxComputeWorkgroupsPerDimension} workgroups per dimension, ${l.maxComputeInvocationsPerWorkgroup} invocations per workgroup, ${(l.maxStorageBufferBindingSize / 2 ** 20).toFixed(0)} MiB per storage buffer`,
  };
}

/** The app's suite: from the bundle, or from the sources through Vite's SSR loader (`close` ends Vite). */
async function loadApp() {
  if (BUNDLED) {
    const m = await import('virtual:bench-gpu-app');
    return { ...m, wasmDir: HERE, close: async () => {} };
  }
  return loadNamed(SOURCES);
}

const list = (v) => (v ? v.split(',').map(Number) : undefined);

/** The child's work: adapter, self-tests, benchmark, tables; returns the exit code. */
async function work(args) {
  const adapter = await setUpGpu();
  if (!adapter) throw new Error('no WebGPU adapter in this process');
  console.log(`adapter: ${adapterName(adapter)}${adapter.description ? ` (${adapter.description})` : ''}, fallback: ${adapter.fallback ? 'yes (a CPU)' : 'no'}`);
  console.log(`driver: ${process.env.BENCH_GPU_DRIVER ?? 'default'}; ${navigator.userAgent}`);
  console.log(`limits: ${adapter.limits}`);
  const app = await loadApp();
  try {
    app.setWasmPaths(`${app.wasmDir}/`);
    app.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false); // Node: tfjs's threaded build is browser-only
    const total = app.cases.filter((c) => !args.filter || c.name.includes(args.filter)).length;
    console.log(`\nKernel self-tests: ${total} cases on tfjs's webgpu backend${total ? '' : ` (FAIL: none matches --filter ${args.filter})`}`);
    const st = await app.runKernelSelfTests(args.filter, (r) => {
      const err = r.maxErr !== undefined ? ` maxErr ${r.maxErr.toExponential(2)}` : '';
      console.log(`${r.ok ? 'PASS' : 'FAIL'} ${r.name} (${r.ms.toFixed(0)} ms)${err}${r.detail || r.error ? ` ${r.detail ?? r.error}` : ''}`);
    });
    const passed = st.results.filter((r) => r.ok).length;
    const leaked = st.tensorsAfter - st.tensorsBefore;
    console.log(`self-tests: ${passed} of ${total} passed${leaked ? `; FAIL: ${leaked} tensors leaked` : ''}`);
    const quick = args.quick ? { sizes: [64, 128], evalSizes: [500] } : {};
    const sizes = list(process.env.BENCH_SIZES) ?? quick.sizes;
    const evalSizes = list(process.env.BENCH_EVAL_SIZES) ?? quick.evalSizes;
    console.log(`\nBenchmark (losses N = ${sizes ?? 'default'}, evaluation n = ${evalSizes ?? 'default'}):`);
    const report = await app.runBenchmarks({ sizes, evalSizes, log: (s) => console.log(`  ${s}`) });
    const body = tables(report);
    console.log(`\n${body}`);
    if (args.write) {
      const selfTests = { passed, total, leaked };
      writeSection(args.write, gpuSection({ report, driver: process.env.BENCH_GPU_DRIVER ?? 'default', dawn: dawnVersion(), selfTests, body }));
      console.log(`\nwrote the GPU run into ${args.write}`);
    }
    return total > 0 && passed === total && st.results.length === total && leaked === 0 ? 0 : 1;
  } finally {
    await app.close();
  }
}

/**
 * Tries each candidate driver environment (driver.mjs) in a short probe child, since the Vulkan
 * loader's path must be set before a process starts, then runs the work in a child with the first
 * environment that yields an adapter (a non-fallback one preferred).
 */
async function parent(args, argv) {
  let candidates;
  try {
    candidates = driverCandidates({ swiftshader: args.swiftshader, loaderDirs: BUNDLED ? [HERE] : [] });
  } catch (e) {
    console.error(e.message); // a bad SWIFTSHADER_ICD
    return 1;
  }
  if (args.swiftshader && candidates.length === 0) {
    console.error(SWIFTSHADER_HINT);
    return 1;
  }
  const tried = [];
  for (const c of candidates) {
    const env = { ...process.env, ...c.env, BENCH_GPU_ROLE: 'probe' };
    const r = spawnSync(process.execPath, [SELF], { env, encoding: 'utf8', timeout: 60_000 });
    const line = (r.stdout ?? '').trim().split('\n').pop();
    let adapter = null;
    try {
      adapter = JSON.parse(line).adapter;
    } catch {}
    tried.push({ ...c, adapter, stderr: r.stderr });
    if (adapter && !adapter.fallback) break; // a real GPU: take it
  }
  const pick = tried.find((t) => t.adapter && !t.adapter.fallback) ?? tried.find((t) => t.adapter);
  for (const t of tried) if (t !== pick) console.log(`(tried ${t.name}: ${t.adapter ? `${adapterName(t.adapter)}, a fallback adapter` : 'no adapter'})`);
  if (!pick) {
    for (const t of tried) if (t.stderr.trim()) console.error(`${t.name}:\n${t.stderr.trim()}`);
    console.error(`no WebGPU adapter found.${candidates.some((c) => c.swiftshader) ? '' : ` ${SWIFTSHADER_HINT}`}`);
    return 1;
  }
  const env = { ...process.env, ...pick.env, BENCH_GPU_ROLE: 'run', BENCH_GPU_DRIVER: pick.name };
  const child = spawn(process.execPath, [SELF, ...argv], { env, stdio: 'inherit' });
  return new Promise((done) => child.on('exit', (code) => done(code ?? 1)));
}

/**
 * `--make-bundle DIR`: DIR/bench-gpu.cjs, built from this file with Vite (tfjs's CommonJS Node
 * builds, the app's TypeScript, the `?raw` WGSL), plus dawn.node, the wasm binaries and a
 * `libvulkan.so.1` (the Khronos loader, used only where the system has none).
 */
async function makeBundle(dir) {
  const { copyFileSync, readdirSync, statSync, writeFileSync } = await import('node:fs');
  const id = 'virtual:bench-gpu-app';
  const external = ['vite', 'webgpu'];
  await bundleCjs({ input: SELF, modules: { [id]: exportLines(SOURCES, ROOT) }, outDir: dir, fileName: 'bench-gpu.cjs', define: { __BENCH_GPU_BUNDLE__: 'true' }, external, root: ROOT });
  const dawn = dawnPath();
  if (!dawn) throw new Error(MISSING);
  copyFileSync(dawn, join(dir, 'dawn.node'));
  writeFileSync(join(dir, 'webgpu-version.txt'), `${dawnVersion()}\n`);
  for (const lib of BUNDLED_LIBRARIES) {
    const found = BUNDLED_LIBRARY_DIRS.map((d) => join(d, lib)).find((p) => existsSync(p));
    if (found && process.platform === 'linux') copyFileSync(found, join(dir, lib));
  }
  const bytes = readdirSync(dir).reduce((s, f) => s + statSync(join(dir, f)).size, 0);
  console.log(`wrote ${dir} (${(bytes / 2 ** 20).toFixed(1)} MiB): run it with \`node ${join(dir, 'bench-gpu.cjs')}\``);
}

async function main() {
  const argv = process.argv.slice(2);
  const role = process.env.BENCH_GPU_ROLE;
  if (role === 'probe') {
    console.log(JSON.stringify({ adapter: await setUpGpu() }));
    return 0;
  }
  const args = parseArgs(argv);
  if (args.bundle) return makeBundle(args.bundle).then(() => 0);
  if (!dawnPath()) {
    console.error(MISSING);
    return 2;
  }
  return role === 'run' ? work(args) : parent(args, argv);
}

// Exits explicitly: Dawn's instance would keep a child alive.
main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e?.stack ?? String(e));
    process.exit(1);
  },
);
