// `metric-playground evaluate` at scale, for `npm run bench` (BENCH_PARTS=cli): the real
// command (bin/metric-playground.mjs, from a clone's sources) on seeded Gaussian blobs (d = 64,
// 10 classes, .npy), one run after the other in the same bench run: this clone on one thread and on
// every core, and, with BENCH_CLI_BASE=<git rev>, that commit's code the same two ways (exported
// with `git archive` beside this clone's node_modules) — the path before this change, measured on
// the same machine in the same run. Wall seconds of the whole command (start-up, reading, every
// metric, the report files) and its peak resident memory (every thread of the process). Sizes:
// BENCH_CLI_SIZES (default 20000). The million-item run is cliLarge.mjs.
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBlobFiles } from './ownEmbeddings.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
/** Preloaded into the command: its peak RSS (KiB) on stderr as it exits. */
const MAX_RSS = join(ROOT, 'bench/parts/maxRss.cjs');

/**
 * Runs the command of the clone at `root` in `cwd`, stopped (SIGTERM) after `stopAfter` seconds
 * when given, its stderr also handed to `onStderr` as it comes; resolves to its wall seconds, peak
 * RSS (MiB), output, and whether it was stopped.
 */
export function evaluate(root, cwd, args, stopAfter, onStderr = () => {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, ['--require', MAX_RSS, join(root, 'bin/metric-playground.mjs'), 'evaluate', ...args], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    const timer = stopAfter ? setTimeout(() => ((stopped = true), process.kill(-p.pid, 'SIGTERM')), stopAfter * 1000) : null;
    p.stdout.on('data', (b) => (stdout += b));
    p.stderr.on('data', (b) => {
      stderr += b;
      onStderr(String(b));
    });
    p.on('error', reject);
    p.on('close', (code) => {
      if (timer) clearTimeout(timer);
      const seconds = (performance.now() - t0) / 1000;
      if (code !== 0 && !stopped) return reject(new Error(`evaluate ${args.join(' ')} exited ${code}: ${stderr}`));
      const rss = Number(/maxRSS (\d+)/.exec(stderr)?.[1] ?? NaN) / 1024;
      resolve({ seconds, rss, stdout, stderr, stopped });
    });
  });
}

/** The code of git revision `rev` of this clone in a temporary folder, with this clone's node_modules. */
function exportRevision(rev) {
  const dir = mkdtempSync(join(tmpdir(), 'mp-bench-base-'));
  execSync(`git -C ${JSON.stringify(ROOT)} archive ${rev} | tar -x -C ${JSON.stringify(dir)}`);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/**
 * One row per size, code, backend and thread count: `{ items, dim, code, backend, threads, seconds,
 * rss, prAuc, recall1, mapAtR }`, code 'this' or the base revision (on wasm only), backend one of
 * `backends` (`--backend`: 'webgpu' needs a GPU and the `webgpu` package).
 */
export async function measureCliEvaluate({ sizes = [20_000], dim = 64, classes = 10, base = null, backends = ['wasm'], log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mp-bench-cli-'));
  const baseRoot = base ? exportRevision(base) : null;
  const cores = availableParallelism();
  const rows = [];
  try {
    const codes = [...(baseRoot ? [{ code: base, root: baseRoot, backends: ['wasm'] }] : []), { code: 'this', root: ROOT, backends }];
    for (const n of sizes) {
      const { vectors, metadata } = writeBlobFiles(dir, { n, dim, classes, format: 'npy' });
      for (const { code, root, backends: on } of codes) {
        for (const [backend, threads] of on.flatMap((b) => [1, cores].map((t) => [b, t]))) {
          const out = `report-${n}-${code}-${backend}-${threads}`;
          const chosen = backend === 'wasm' ? [] : ['--backend', backend];
          const r = await evaluate(root, dir, ['--embeddings', vectors, '--labels', metadata, ...chosen, '--threads', String(threads), '--out', out]);
          const m = JSON.parse(readFileSync(join(dir, out, 'metrics.json'), 'utf8'));
          const row = { items: n, dim, code, backend, threads, seconds: r.seconds, rss: r.rss, prAuc: m.prAuc, recall1: m.recall['1'], mapAtR: m.mapAtR };
          log(JSON.stringify(row));
          rows.push(row);
        }
      }
      rmSync(vectors);
      rmSync(metadata);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (baseRoot) rmSync(baseRoot, { recursive: true, force: true });
  }
  return rows;
}

const f4 = (v) => (Number.isFinite(v) ? v.toFixed(4) : '—');

/** The markdown section for BENCHMARKS.md. */
export function cliEvaluateSection(rows, machine) {
  // × against the first row of a size: the base revision's one thread when there is one.
  const first = (n) => rows.find((r) => r.items === n);
  const code = (r) => (r.code === 'this' ? 'this commit' : `${r.code} (before)`);
  return [
    `## The command line's evaluate at scale, run of ${new Date().toISOString().slice(0, 10)}`,
    '',
    `- Machine: ${machine}`,
    '',
    "`metric-playground evaluate --embeddings vectors.npy --labels labels.npy --threads T`, from a clone's sources through Vite's loader, on seeded Gaussian blobs (10 classes, float32 .npy): the whole command, from its start to the report files written — every metric (binned PR-AUC, OPIS and ε-OPIS with their bounds on tfjs-wasm; Recall@K, MAP@R and R-precision over every item; NMI with 10 k-means restarts; TAR@FAR; the figures). `this commit` ranks with a float32 screen (src/eval/retrieval/retrievalScreened.ts: the same numbers) whose products also bin the all-pairs histograms (src/eval/pairs/rowBins.ts); a row `(before)` is that commit's code, run in the same bench run (BENCH_CLI_BASE); `histograms on` webgpu: `--backend webgpu`, the all-pairs histograms by the WGSL kernel through Dawn (BENCH_CLI_BACKENDS=wasm,webgpu, on a machine with a GPU). Peak memory: the process's resident set at its highest, every thread included.",
    '',
    '| items | d | code | histograms on | threads | seconds | × first row | peak RSS MiB | PR-AUC | Recall@1 | MAP@R |',
    '|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.items.toLocaleString('en-US')} | ${r.dim} | ${code(r)} | ${r.backend} | ${r.threads} | ${r.seconds.toFixed(1)} | ${(first(r.items).seconds / r.seconds).toFixed(2)}× | ${r.rss.toFixed(0)} | ${f4(r.prAuc)} | ${f4(r.recall1)} | ${f4(r.mapAtR)} |`),
  ].join('\n');
}
