#!/usr/bin/env node
// Where heating-up helps and where it hurts: pairs each heated run of `metric-playground sweep`
// folders with the unheated run of another on the same dim, split and seed (the runs are identical
// up to the switch), and prints the README's map as Markdown: per setting, the mean change of
// Recall@1, PR-AUC, OPIS and compactness over every evaluation item at the last step, and on how
// many seeds it went the better way. Reads each run's own files, so a sweep still under way (or
// split over several folders) gives the rows it has so far.
//   node scripts/heating-map.mjs BASE_SWEEP_DIR HEATED_SWEEP_DIR [HEATED_SWEEP_DIR …]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [baseDir, ...heatDirs] = process.argv.slice(2);
if (!baseDir || heatDirs.length === 0) {
  console.error('usage: node scripts/heating-map.mjs BASE_SWEEP_DIR HEATED_SWEEP_DIR [HEATED_SWEEP_DIR …]');
  process.exit(2);
}
const readJson = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

/** The finished runs of a sweep folder: its plan's settings and seed, with the metrics the run wrote. */
function finishedRuns(dir) {
  const plan = readJson(join(dir, 'plan.json'));
  if (!plan) throw new Error(`${dir}: no plan.json (not a sweep folder)`);
  const out = [];
  for (const r of plan.runs) {
    const folder = join(dir, r.dir);
    const run = readJson(join(folder, 'run.json'));
    const fin = readJson(join(folder, 'final', 'metrics.json'));
    if (!run || !fin) continue;
    out.push({ ...r.setting, seed: r.seed, recallAt1: fin.recall['1'], prAuc: fin.prAuc, opis: fin.opis, compactness: run.compactness });
  }
  return { plan, runs: out };
}

/** The metrics of the map, and which way is better. */
const METRICS = [
  ['recallAt1', 'Recall@1', 'higher'],
  ['prAuc', 'PR-AUC', 'higher'],
  ['opis', 'OPIS', 'lower'],
  ['compactness', 'compactness', 'lower'],
];
const pairKey = (r) => `${r.dim}|${r.split}|${r.seed}`;
const baseline = new Map(finishedRuns(baseDir).runs.map((r) => [pairKey(r), r]));
const heated = heatDirs.map(finishedRuns);
const keys = heated[0].plan.vary.map((v) => v.key);
const values = heated[0].plan.vary.map((v) => v.values);
const seeds = heated[0].plan.seeds.length;

// Every setting of the plan, in its order: the runs finished for it in any of the folders.
const settings = values.reduce((acc, vs) => acc.flatMap((a) => vs.map((v) => [...a, v])), [[]]);
const fmt = (x) => (Math.abs(x) < 0.01 && x !== 0 ? x.toExponential(1) : x.toFixed(3));
const header = [...keys, ...METRICS.map(([, label]) => `Δ ${label} (seeds better)`)];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map((_, i) => (i < keys.length ? '---' : '---:')).join('|')}|`);
const missing = [];
for (const setting of settings) {
  const seen = new Map();
  for (const h of heated) for (const r of h.runs) if (keys.every((k, i) => String(r[k]) === setting[i])) seen.set(r.seed, r);
  const rs = [...seen.values()];
  if (rs.length < seeds) missing.push(`${keys.map((k, i) => `${k}=${setting[i]}`).join(' ')}${rs.length ? ` (${rs.length} of ${seeds} seeds)` : ''}`);
  if (rs.length === 0) continue;
  const cells = METRICS.map(([m, , better]) => {
    const pairs = rs.map((r) => [baseline.get(pairKey(r))?.[m], r[m]]).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
    const mean = pairs.reduce((s, [a, b]) => s + (b - a), 0) / pairs.length;
    const wins = pairs.filter(([a, b]) => (better === 'higher' ? b > a : b < a)).length;
    const mark = wins === pairs.length ? ' ✓' : wins === 0 ? ' ✗' : '';
    return `${mean > 0 ? '+' : ''}${fmt(mean)} (${wins}/${pairs.length}${mark})`;
  });
  console.log(`| ${[...setting, ...cells].join(' | ')} |`);
}
if (missing.length) console.log(`\nNot measured yet, ${missing.length} of ${settings.length} settings: ${missing.join('; ')}.`);
