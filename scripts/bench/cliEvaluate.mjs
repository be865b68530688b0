// `metric-playground evaluate` at scale (issue 19), for `npm run bench` (BENCH_PARTS=cli): the real
// command (bin/metric-playground.mjs, from this clone's sources) on seeded Gaussian blobs
// (d = 64, 10 classes, .npy), once with its retrieval pass on one thread (`--threads 1`, the path
// before threads) and once on every core, one after the other in the same run. Wall seconds of the
// whole command (start-up, reading, every metric, the report files) and its peak resident memory
// (every thread of the process). Sizes: BENCH_CLI_SIZES (default 20000).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeBlobFiles } from './ownEmbeddings.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin/metric-playground.mjs');
/** Preloaded into the command: its peak RSS (KiB) on stderr as it exits. */
const MAX_RSS = join(ROOT, 'scripts/bench/maxRss.cjs');

/** Runs the command in `cwd`; resolves to its wall seconds, peak RSS (MiB) and output. */
function evaluate(cwd, args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, ['--require', MAX_RSS, BIN, 'evaluate', ...args], { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (b) => (stdout += b));
    p.stderr.on('data', (b) => (stderr += b));
    p.on('error', reject);
    p.on('close', (code) => {
      const seconds = (performance.now() - t0) / 1000;
      if (code !== 0) return reject(new Error(`evaluate ${args.join(' ')} exited ${code}: ${stderr}`));
      const rss = Number(/maxRSS (\d+)/.exec(stderr)?.[1] ?? NaN) / 1024;
      resolve({ seconds, rss, stdout });
    });
  });
}

/** One row per size and thread count: `{ items, dim, threads, seconds, rss, prAuc, recall1, mapAtR }`. */
export async function measureCliEvaluate({ sizes = [20_000], dim = 64, classes = 10, log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'mp-bench-cli-'));
  const cores = availableParallelism();
  const rows = [];
  try {
    for (const n of sizes) {
      const { vectors, metadata } = writeBlobFiles(dir, { n, dim, classes, format: 'npy' });
      for (const threads of [1, cores]) {
        const out = `report-${n}-${threads}`;
        const r = await evaluate(dir, ['--embeddings', vectors, '--labels', metadata, '--threads', String(threads), '--out', out]);
        const m = JSON.parse(readFileSync(join(dir, out, 'metrics.json'), 'utf8'));
        const row = { items: n, dim, threads, seconds: r.seconds, rss: r.rss, prAuc: m.prAuc, recall1: m.recall['1'], mapAtR: m.mapAtR };
        log(JSON.stringify(row));
        rows.push(row);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const f4 = (v) => (Number.isFinite(v) ? v.toFixed(4) : '—');

/** The markdown section for BENCHMARKS.md. */
export function cliEvaluateSection(rows, machine) {
  const one = (n) => rows.find((r) => r.items === n && r.threads === 1);
  return [
    `## The command line's evaluate at scale (issue 19), run of ${new Date().toISOString().slice(0, 10)}`,
    '',
    `- Machine: ${machine}`,
    '',
    "`metric-playground evaluate --embeddings vectors.npy --labels labels.npy --threads T` from this clone (the sources through Vite's loader), on seeded Gaussian blobs (10 classes, float32 .npy): the whole command, from its start to the report files written — every metric (binned PR-AUC, OPIS and ε-OPIS with their bounds on tfjs-wasm, one thread; Recall@K, MAP@R and R-precision over every item; NMI with 10 k-means restarts; TAR@FAR; the figures). `--threads 1` is the retrieval pass as it was before threads; the other row shares it between worker threads (src/cli/retrievalThreads.ts). Peak memory: the process's resident set at its highest, every thread included.",
    '',
    '| items | d | threads | seconds | × one thread | peak RSS MiB | PR-AUC | Recall@1 | MAP@R |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.items.toLocaleString('en-US')} | ${r.dim} | ${r.threads} | ${r.seconds.toFixed(1)} | ${(one(r.items).seconds / r.seconds).toFixed(2)}× | ${r.rss.toFixed(0)} | ${f4(r.prAuc)} | ${f4(r.recall1)} | ${f4(r.mapAtR)} |`),
  ].join('\n');
}
