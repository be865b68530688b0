#!/usr/bin/env node
/**
 * Trains the configuration of a playground link in Node, on tfjs-wasm, with the app's own code
 * (`parseHash`, the splits, `Trainer`, `evaluateSubset`), and prints a JSON line per evaluation.
 * It stays beside `metric-playground sweep --seeds` for what preset tuning reads and the CLI does
 * not report (the worker's periodic metrics on its subsample, class-weight accuracy, distances,
 * CPU seconds), and for a one-file bundle for a machine without node_modules (`--make-bundle`).
 *
 *   node scripts/train-node.mjs '<hash>' [--steps N] [--seeds 1,2,3] [--every K] [--backend wasm|cpu]
 *
 * Its options and output lines: docs/scripts.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCjs, exportLines, loadNamed } from './lib/sources.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** What the CLI needs from the app and from tfjs, by name (see {@link loadFromSources}). */
const SOURCES = {
  parseHash: '/src/state/link/urlSchema.ts',
  decodeMnist: '/src/data/mnist.ts',
  splitMnist: '/src/data/mnist.ts',
  makeToySplit: '/src/data/toy.ts',
  Trainer: '/src/ml/trainer.ts',
  prepareNodeWasm: '/src/ml/nodeBackend.ts',
  switchBackend: '/src/ml/nodeBackend.ts',
  activeBackend: '/src/ml/nodeBackend.ts',
  evaluateSubset: '/src/eval/evaluateSubset.ts',
  nearestCentroidAccuracy: '/src/eval/views/compactness.ts',
  classCompactness: '/src/eval/views/compactness.ts',
};

/** Loads the app's TypeScript through Vite's SSR loader, tfjs from node_modules; `close` ends Vite. */
const loadFromSources = () => loadNamed(SOURCES);

/**
 * `--make-bundle DIR`: writes DIR/train-node.cjs (this CLI's app modules and tfjs in one file, via
 * Vite's build API) and the wasm binaries, so the CLI runs where there is Node but no node_modules:
 * `TRAIN_NODE_BUNDLE=DIR node scripts/train-node.mjs …` (MNIST still from public/data).
 */
async function makeBundle(dir) {
  const id = 'virtual:train-node-entry';
  await bundleCjs({ input: id, modules: { [id]: exportLines(SOURCES) }, outDir: dir, fileName: 'train-node.cjs' });
}

/** Loads everything from a bundle made by {@link makeBundle}. */
async function loadFromBundle(dir) {
  const mod = await import(pathToFileURL(join(resolve(dir), 'train-node.cjs')).href);
  const m = mod.default ?? mod;
  return { ...m, wasmDir: resolve(dir), close: async () => {} };
}

/** Metrics summarised over seeds, in print order. */
const METRICS = ['loss', 'lossAvg', 'ap', 'opis', 'epsOpis', 'r1', 'nmi', 'clsAcc', 'ncAcc', 'compact', 'intra', 'inter', 'nearest', 'trainS', 'evalS', 'wallS', 'cpuS'];

/** Parses argv into { hash, steps, seeds, every, backend }; exits with usage on a bad flag. */
function parseArgs(argv) {
  const usage = () => {
    process.stderr.write("usage: node scripts/train-node.mjs '<hash>' [--steps N] [--seeds 1,2,3] [--every K] [--backend wasm|cpu]\n");
    process.exit(2);
  };
  const out = { hash: null, steps: null, seeds: null, every: 0, backend: 'wasm' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (i + 1 < argv.length ? argv[++i] : usage());
    if (a === '--steps') out.steps = Number(value());
    else if (a === '--seeds') out.seeds = value().split(',').map(Number);
    else if (a === '--every') out.every = Number(value());
    else if (a === '--backend') out.backend = value();
    else if (a === '--help' || a === '-h') usage();
    else if (out.hash === null && !a.startsWith('--')) out.hash = a;
    else usage();
  }
  const bad = (x) => !Number.isInteger(x) || x < 0;
  if (out.hash === null || (out.steps !== null && bad(out.steps)) || bad(out.every) || (out.seeds && out.seeds.some(bad))) usage();
  if (!['wasm', 'cpu'].includes(out.backend)) usage();
  return out;
}

/** mean ± (max − min)/2 of the finite values (null when there are none). */
function summarise(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
  if (v.length === 0) return { mean: null, spread: null, values };
  const mean = v.reduce((s, x) => s + x, 0) / v.length;
  return { mean, spread: (Math.max(...v) - Math.min(...v)) / 2, values };
}

/** Rounds for printing: 4 significant digits. */
const r4 = (x) => (typeof x === 'number' && Number.isFinite(x) ? Number(x.toPrecision(4)) : x);

async function main() {
  const argv = process.argv.slice(2);
  if (argv[0] === '--make-bundle' && argv[1]) return makeBundle(resolve(argv[1]));
  const args = parseArgs(argv);
  const m = process.env.TRAIN_NODE_BUNDLE ? await loadFromBundle(process.env.TRAIN_NODE_BUNDLE) : await loadFromSources();
  const { parseHash, decodeMnist, splitMnist, makeToySplit, Trainer, evaluateSubset, nearestCentroidAccuracy, classCompactness } = m;
  try {
    // tfjs only through the app's seam (src/ml/nodeBackend.ts): wasm as the page's worker has it.
    if (args.backend === 'wasm') m.prepareNodeWasm(m.wasmDir);
    if (!(await m.switchBackend(args.backend))) throw new Error(`backend ${args.backend} did not start`);

    const { config: base, notices } = parseHash(args.hash);
    for (const n of notices) process.stderr.write(`notice: ${n}\n`);
    const steps = args.steps ?? base.steps;
    const seeds = args.seeds ?? [base.seed];

    let mnist = null;
    const splitFor = (c) => {
      if (c.data !== 'mnist') return makeToySplit(c.data, { classes: c.classes, noise: c.noise, seed: c.dataSeed });
      if (!mnist) {
        const dir = join(root, 'public/data');
        if (!existsSync(join(dir, 'mnist-images.u8'))) throw new Error('MNIST assets missing: run `node scripts/build-mnist.mjs`');
        const meta = JSON.parse(readFileSync(join(dir, 'mnist-meta.json'), 'utf8'));
        mnist = decodeMnist(readFileSync(join(dir, 'mnist-images.u8')), readFileSync(join(dir, 'mnist-labels.u8')), meta.rows, meta.cols);
      }
      return splitMnist(mnist, c.split);
    };

    const finals = [];
    for (const seed of seeds) {
      const config = { ...base, steps, seed, dataSeed: args.seeds ? seed : base.dataSeed };
      const split = splitFor(config);
      const trainer = new Trainer(config, split);
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      let trainMs = 0;
      let evalMs = 0;
      let losses = [];
      let last = null;
      const evaluate = async (point) => {
        const e0 = performance.now();
        const ev = await trainer.evaluate();
        const report = await evaluateSubset(ev, config.evalItems, false, split.evaluation.numClasses, null, async () => {}, () => {});
        const nc = nearestCentroidAccuracy(ev.embeddings, ev.labels, ev.n, ev.dim);
        const cp = classCompactness(ev.embeddings, ev.labels, ev.n, ev.dim);
        evalMs += performance.now() - e0;
        const line = {
          type: 'eval',
          backend: m.activeBackend(),
          seed,
          step: trainer.step,
          loss: point?.loss ?? null,
          lossAvg: losses.length ? losses.reduce((s, x) => s + x, 0) / losses.length : null,
          alpha: point?.alpha ?? config.alpha,
          ap: report.ap,
          opis: report.opis,
          epsOpis: report.epsOpis,
          r1: report.recall.value[report.recall.k.indexOf(1)],
          nmi: report.nmi,
          clsAcc: ev.accuracy,
          ncAcc: nc.accuracy,
          compact: cp.ratio,
          intra: cp.intra,
          inter: cp.inter,
          nearest: cp.nearest,
          trainS: trainMs / 1000,
          evalS: evalMs / 1000,
          wallS: (performance.now() - t0) / 1000,
          cpuS: ((u) => (u.user + u.system) / 1e6)(process.cpuUsage(cpu0)),
        };
        losses = [];
        process.stdout.write(`${JSON.stringify(line)}\n`);
        return line;
      };
      let point = null;
      for (let s = 0; s < steps; s++) {
        const s0 = performance.now();
        point = await trainer.trainStep();
        trainMs += performance.now() - s0;
        losses.push(point.loss);
        if (!Number.isFinite(point.loss)) {
          process.stderr.write(`seed ${seed}: diverged at step ${point.step} (loss ${point.loss})\n`);
          break;
        }
        if (args.every > 0 && point.step % args.every === 0 && point.step < steps) await evaluate(point);
      }
      last = await evaluate(point);
      finals.push(last);
      trainer.dispose();
      process.stderr.write(
        `seed ${seed}: step ${last.step} ap ${r4(last.ap)} opis ${r4(last.opis)} r1 ${r4(last.r1)} nmi ${r4(last.nmi)} ` +
          `clsAcc ${r4(last.clsAcc)} ncAcc ${r4(last.ncAcc)} compact ${r4(last.compact)} ` +
          `(${r4(last.trainS)} s train, ${r4(last.evalS)} s eval)\n`,
      );
    }
    if (finals.length > 1) {
      const metrics = Object.fromEntries(METRICS.map((m) => [m, summarise(finals.map((f) => f[m]))]));
      process.stdout.write(`${JSON.stringify({ type: 'summary', hash: args.hash, steps, seeds, metrics })}\n`);
      const show = ['ap', 'opis', 'epsOpis', 'r1', 'nmi', 'clsAcc', 'ncAcc', 'compact', 'wallS'];
      process.stderr.write(
        `summary (mean ± (max−min)/2): ${show
          .filter((m) => metrics[m].mean !== null)
          .map((m) => `${m} ${r4(metrics[m].mean)} ± ${r4(metrics[m].spread)}`)
          .join(', ')}\n`,
      );
    }
  } finally {
    await m.close();
  }
}

main().catch((e) => {
  process.stderr.write(`${e?.stack ?? e}\n`);
  process.exit(1);
});
