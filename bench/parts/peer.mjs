// `metric-playground evaluate` against its peer, for `npm run bench` (BENCH_PARTS=peer): the same
// seeded files through the command (every core) and through bench/parts/peer.py (faiss kNN with
// k = 1,001 + faiss k-means, what pytorch-metric-learning's AccuracyCalculator runs; beside it
// scikit-learn's KMeans(n_init=10), SPEC's NMI reference), one after the other in the same run.
// The command runs as the package ships it (`npm run build:cli`: one file, no Vite), built once
// from this clone's sources into a temporary folder.
// The sets: unit-norm class centres plus N(0, 0.11²) noise, d = 64, classes drawn with Zipf
// weights 1/k, as a face or product gallery has them. Sizes BENCH_PEER_SIZES (default 20000),
// classes BENCH_PEER_CLASSES (default 10,1000). Skipped, with its reason, without Python, faiss or
// scikit-learn (Debian: apt-get install python3-faiss python3-sklearn).
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npy } from './ownEmbeddings.mjs';
import { zipfSet } from './zipfSet.mjs';
import { evaluate } from './cliEvaluate.mjs';
import { bundleCli } from '../../scripts/lib/sources.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const PEER = join(ROOT, 'bench/parts/peer.py');

/**
 * The Python that has faiss and scikit-learn: BENCH_PYTHON, else `python3` on the PATH, else the
 * system's /usr/bin/python3 (where Debian's python3-faiss lands when a pyenv shim comes first).
 */
export function peerPython() {
  const tried = [];
  for (const py of [process.env.BENCH_PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean)) {
    try {
      execFileSync(py, ['-c', 'import faiss, sklearn, numpy'], { stdio: 'pipe' });
      return { python: py, missing: null };
    } catch (e) {
      tried.push(`${py}: ${String(e.stderr ?? e.message).trim().split('\n').pop()}`);
    }
  }
  return { python: null, missing: `the peer part needs Python with faiss and scikit-learn (Debian: apt-get install python3-faiss python3-sklearn; or BENCH_PYTHON=…): ${tried.join('; ')}` };
}

/** Writes the seeded Zipf set of `n` × `dim` with `classes` classes as two .npy files. */
export function writeZipfFiles(dir, { n, dim = 64, classes, seed = 1, noise = 0.11 }) {
  const { values, labels } = zipfSet({ n, dim, classes, seed, noise });
  const vectors = join(dir, `zipf-${n}-${classes}.npy`);
  const metadata = join(dir, `zipf-${n}-${classes}-labels.npy`);
  writeFileSync(vectors, npy(values, [n, dim], '<f4'));
  writeFileSync(metadata, npy(labels, [n], '<i4'));
  return { vectors, metadata, present: new Set(labels).size };
}

/**
 * Runs peer.py on the files; resolves to its JSON with `wall`, the seconds of the peer's own work
 * from the process's start (start-up, imports and reading included; its scikit-learn run, which only
 * stands beside, taken out).
 */
function runPeer(python, vectors, metadata) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(python, [PEER, vectors, metadata], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (b) => (stdout += b));
    p.stderr.on('data', (b) => (stderr += b));
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`peer.py exited ${code}: ${stderr}`));
      const out = JSON.parse(stdout);
      resolve({ ...out, wall: (performance.now() - t0) / 1000 - out.sklearnSeconds });
    });
  });
}

/**
 * The command as `npm pack` ships it, in `dir`: bin/metric-playground.mjs and the one-file build
 * in dist-cli/ (no sources, so the bin takes the build). From a clone's sources each run would
 * also pay Vite's loader, in the process and again in each of its threads (~1 s each).
 */
export async function packagedCommand(dir) {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  copyFileSync(join(ROOT, 'bin/metric-playground.mjs'), join(dir, 'bin/metric-playground.mjs'));
  await bundleCli(join(dir, 'dist-cli'));
  return dir;
}

/** One row per size and class count: the command's and the peer's times, memory and numbers. */
export async function measurePeer({ python, sizes = [20_000], classes = [10, 1000], dim = 64, log = () => {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'mp-bench-peer-'));
  const rows = [];
  try {
    const command = await packagedCommand(join(dir, 'command'));
    for (const n of sizes)
      for (const c of classes) {
        const { vectors, metadata, present } = writeZipfFiles(dir, { n, dim, classes: c });
        const out = `report-${n}-${c}`;
        const ours = await evaluate(command, dir, ['--embeddings', vectors, '--labels', metadata, '--out', out]);
        const m = JSON.parse(readFileSync(join(dir, out, 'metrics.json'), 'utf8'));
        const peer = await runPeer(python, vectors, metadata);
        const row = {
          items: n,
          dim,
          classes: present,
          ours: { seconds: ours.seconds, rss: ours.rss, recall1: m.recall['1'], mapAtR: m.mapAtR, rPrecision: m.rPrecision, nmi: m.nmi, inertia: m.nmiInertia, parts: m.secondsByPart, eta: etaError(ours.stderr, ours.seconds) },
          peer,
        };
        log(JSON.stringify(row));
        rows.push(row);
        rmSync(vectors);
        rmSync(metadata);
      }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/** Seconds in the progress line's words: "24 s", "3 min 02 s", "1 h 05 min". */
function secondsOf(text) {
  let s = 0;
  for (const [, v, unit] of text.matchAll(/(\d+) (h|min|s)\b/g)) s += Number(v) * (unit === 'h' ? 3600 : unit === 'min' ? 60 : 1);
  return s;
}

/**
 * How far the progress line's time-left estimates were from the truth, from 10 % done on: the
 * largest |estimated − actual| ÷ actual time left over its lines, leaving out the last seconds (under
 * 5 s or 5 % of the run left, where any estimate is a large share of what is left); null without such a line.
 */
export function etaError(stderr, seconds) {
  let worst = null;
  for (const [, share, soFar, left] of stderr.matchAll(/evaluating: (\d+)% · (.+?) so far · about (.+?) left/g)) {
    const actual = seconds - secondsOf(soFar);
    if (Number(share) < 10 || actual < Math.max(5, 0.05 * seconds)) continue;
    const e = Math.abs(secondsOf(left) - actual) / actual;
    if (worst === null || e > worst) worst = e;
  }
  return worst;
}

const f = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : '—');
const agree = (a, b) => (Math.abs(a - b) <= 1e-4 ? `✓ (${f(a, 4)})` : `✗ ${f(a, 4)} vs ${f(b, 4)}`);

/** The BENCHMARKS.md section of the rows (`machine`: the machine in words). */
export function peerSection(rows, machine) {
  const parts = (r) => (r.ours.parts ? `${f(r.ours.parts.pairsAndRetrieval)} + ${f(r.ours.parts.kmeans)}` : '—');
  const inertia = (r) => (Number.isFinite(r.ours.inertia) && Number.isFinite(r.peer.sklearnInertia) ? `${f((r.ours.inertia / r.peer.sklearnInertia - 1) * 100, 2)} %` : '—');
  return [
    `## The command against its peer (faiss, scikit-learn), run of ${new Date().toISOString().slice(0, 10)}`,
    '',
    `- Machine: ${machine}`,
    '',
    'The same seeded file pair through `metric-playground evaluate` (as the package ships it, one bundled file; every core: every metric of SPEC, including the all-pairs histograms and NMI over 10 k-means restarts) and through `bench/parts/peer.py`: faiss 1.7 `IndexFlatIP` kNN with k = 1,001 on the l2-normalised rows, R@1, MAP@R and R-precision from it, NMI from one faiss k-means of 20 iterations — what pytorch-metric-learning\'s AccuracyCalculator runs. Both wall times include start-up and reading. Ratio = ours ÷ peer (target ≤ 1.0). Beside them, not part of the peer\'s time, scikit-learn\'s `KMeans(n_init=10, random_state=1)` (SPEC\'s NMI reference) alone. Sets: unit-norm class centres + N(0, 0.11²) noise, d = 64, classes drawn with Zipf weights 1/k (the classes column counts those present). Peak RSS: ours every thread of the process; the peer\'s includes its scikit-learn run. Parts: ours = the all-pairs histograms with the retrieval pass + NMI\'s k-means (metrics.json `secondsByPart`), the peer\'s = its kNN + its k-means. Inertia = ours against scikit-learn\'s on the same rows (SPEC: within 0.5 % of its best). ETA = the worst error of the progress line\'s time-left estimate from 10 % done on.',
    '',
    '| items | classes | ours (s) | peer (s) | ratio | ours: pairs & retrieval + k-means (s) | peer: kNN + k-means (s) | ours peak MiB | peer peak MiB | R@1 agrees | MAP@R agrees | NMI ours / faiss / sklearn | inertia ours vs sklearn | sklearn alone (s) | ETA error |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.items.toLocaleString('en-US')} | ${r.classes} | ${f(r.ours.seconds)} | ${f(r.peer.wall)} | **${f(r.ours.seconds / r.peer.wall, 2)}** | ${parts(r)} | ${f(r.peer.knnSeconds)} + ${f(r.peer.kmeansSeconds)} | ${f(r.ours.rss, 0)} | ${f(r.peer.rssMiB, 0)} | ${agree(r.ours.recall1, r.peer.recall1)} | ${agree(r.ours.mapAtR, r.peer.mapAtR)} | ${f(r.ours.nmi, 4)} / ${f(r.peer.nmi, 4)} / ${f(r.peer.sklearnNmi, 4)} | ${inertia(r)} | ${f(r.peer.sklearnSeconds)} | ${r.ours.eta === null || r.ours.eta === undefined ? '—' : `${f(r.ours.eta * 100, 0)} %`} |`,
    ),
  ].join('\n');
}
