// `metric-playground evaluate` on a million items, for `npm run bench` (BENCH_PARTS=clilarge): one
// run of BENCH_CLI_LARGE items (default 1,000,000) × 64 of the peer part's Zipf sets with
// BENCH_CLI_LARGE_CLASSES classes (default 1,000), on every core, as the package ships it, keeping
// its progress lines (the time-left estimates); stopped after BENCH_CLI_STOP_AFTER seconds when
// given (it takes hours on two cores). Its stderr is echoed as it comes, so a person can follow it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate } from './cliEvaluate.mjs';
import { etaError, packagedCommand, writeZipfFiles } from './peer.mjs';

/**
 * One run of `n` items with `classes` Zipf classes on the binned path, every core, keeping its
 * progress lines; stopped after `stopAfter` seconds when given. `{ items, dim, classes, threads,
 * seconds, rss, stopped, progress, eta, parts, prAuc, recall1, mapAtR, nmi }`, or `{ items, dim,
 * classes, failed }`.
 */
export async function measureCliLarge({ n, dim = 64, classes = 1000, stopAfter = null, log = () => {}, echo = () => {} }) {
  const dir = mkdtempSync(join(tmpdir(), 'mp-bench-cli-large-'));
  try {
    const command = await packagedCommand(join(dir, 'command'));
    const { vectors, metadata, present } = writeZipfFiles(dir, { n, dim, classes });
    const args = ['--embeddings', vectors, '--labels', metadata, '--path', 'binned', '--out', 'report'];
    const r = await evaluate(command, dir, args, stopAfter, echo).catch((e) => ({ failed: e.message }));
    if (r.failed) return { items: n, dim, classes: present, failed: r.failed };
    const m = r.stopped ? null : JSON.parse(readFileSync(join(dir, 'report', 'metrics.json'), 'utf8'));
    const row = {
      items: n,
      dim,
      classes: present,
      threads: availableParallelism(),
      seconds: r.seconds,
      rss: r.rss,
      stopped: r.stopped,
      progress: r.stderr.split('\n').filter((l) => l.startsWith('evaluating: ')),
      eta: r.stopped ? null : etaError(r.stderr, r.seconds),
      parts: m?.secondsByPart,
      prAuc: m?.prAuc,
      recall1: m?.recall['1'],
      mapAtR: m?.mapAtR,
      nmi: m?.nmi,
    };
    log(JSON.stringify({ ...row, progress: row.progress.length }));
    return row;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const f = (v, d = 4) => (Number.isFinite(v) ? v.toFixed(d) : '—');

/** At most `max` of `lines`, evenly spaced, the first and the last kept. */
function someOf(lines, max) {
  if (lines.length <= max) return lines;
  return Array.from({ length: max }, (_, k) => lines[Math.round((k * (lines.length - 1)) / (max - 1))]);
}

/** The markdown section of the run; of its progress lines (one a minute), a dozen. */
export function cliLargeSection(r, machine) {
  const items = r.items.toLocaleString('en-US');
  const head = [`## The command line's evaluate on ${items} items, run of ${new Date().toISOString().slice(0, 10)}`, '', `- Machine: ${machine}`, ''];
  if (r.failed) return [...head, `${items} × ${r.dim}, ${r.classes} classes, on the binned path, every core: FAILED — ${r.failed}`].join('\n');
  const parts = r.parts ? ` (pairs & retrieval ${f(r.parts.pairsAndRetrieval, 0)} s, k-means ${f(r.parts.kmeans, 0)} s)` : '';
  const eta = r.eta === null ? '' : `; the time left it estimated was at worst ${(r.eta * 100).toFixed(0)} % off from 10 % done on`;
  return [
    ...head,
    `\`metric-playground evaluate --path binned\` as the package ships it (one bundled file), on ${items} × ${r.dim} of the peer part's seeded Zipf sets (${r.classes} classes present; float32 .npy), every core (${r.threads} threads) (BENCH_PARTS=clilarge BENCH_CLI_LARGE=${r.items}).`,
    '',
    r.stopped
      ? `Stopped by the bench after ${r.seconds.toFixed(0)} s, as asked (BENCH_CLI_STOP_AFTER); peak RSS ${r.rss.toFixed(0)} MiB until then. Its progress lines on stderr (a line per tenth or per minute), with the time left it estimated:`
      : `**${r.seconds.toFixed(0)} s**${parts}, peak RSS **${r.rss.toFixed(0)} MiB**; PR-AUC ${f(r.prAuc)}, Recall@1 ${f(r.recall1)}, MAP@R ${f(r.mapAtR)}, NMI ${f(r.nmi)}${eta}. Its progress lines on stderr (a line per tenth or per minute; ${Math.min(12, r.progress.length)} of ${r.progress.length}):`,
    '',
    '```',
    ...someOf(r.progress, 12),
    '```',
  ].join('\n');
}
