// The training throughput for `npm run bench`: the app's steps/s (the built page training a
// link, evaluations off and at the defaults) beside the roofline and the bare Trainer's steps/s
// that bench.html measures on the same backend (bench/page/training.ts), and wasm on 1 thread
// against all of them.
import { fmt } from './tables.mjs';

/** The timed configurations: the default run, a cross-example loss with a larger embedding, the CNN. */
export const CASES = [
  { id: 'default', label: 'default run (MNIST, MLP 784-256-128-2, LN softmax, batch 128)', hash: '#' },
  { id: 'ces', label: 'Cross-Example Softmax, d = 32', hash: '#loss=ces&dim=32' },
  { id: 'cnn', label: 'CNN (5×5·8, 3×3·16, 128), d = 2', hash: '#model=cnn' },
];
export const BACKENDS = ['wasm', 'webgl', 'webgpu', 'cpu'];
/** Alternating off/defaults app runs per configuration on wasm, whose median the table reports. */
const WASM_REPEATS = 3;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** "Evaluations off": no periodic metrics, and the embedding refresh only every 1,000 steps. */
const EVALS_OFF = 'metricsEvery=0&evalEvery=1000';

const join = (hash, extra) => (hash === '#' ? `#${extra}` : `${hash}&${extra}`);

/**
 * Steps/s of the built app training `hash` (autoplay, no step limit) in its steady state: after
 * `warmSteps` steps (data, shader compilation) and `settleSeconds` more (the metrics worker's start,
 * the first draws of every view: once per run, not per step), steps landed over `seconds` — at
 * least 3, at most `maxSeconds`.
 */
export async function appRate(browser, base, hash, { warmSteps = 3, settleSeconds = 5, seconds = 12, maxSeconds = 60 } = {}) {
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/${join(hash, 'autoplay=1&steps=0')}`);
    const step = () => page.evaluate(() => window.playground.store.getState().step);
    const warm = await page
      .waitForFunction((n) => window.playground.store.getState().step >= n, warmSteps, { timeout: 180_000, polling: 200 })
      .then(() => true, () => false);
    // Too slow to warm up (the CNN on an emulated GPU): report the rate so far rather than nothing.
    if (!warm) return { stepsPerS: (await step()) / 180, active: (await page.evaluate(() => window.playground.store.getState().backend))?.active, threads: null };
    await page.waitForTimeout(settleSeconds * 1000);
    const s0 = await step();
    const t0 = Date.now();
    while (Date.now() - t0 < seconds * 1000 || ((await step()) - s0 < 3 && Date.now() - t0 < maxSeconds * 1000)) await page.waitForTimeout(250);
    const s1 = await step();
    const backend = await page.evaluate(() => window.playground.store.getState().backend);
    return { stepsPerS: (s1 - s0) / ((Date.now() - t0) / 1000), active: backend?.active, threads: backend?.threads?.count ?? null };
  } finally {
    await page.close();
  }
}

/** Everything the training tables need, in one run. `cores`: the machine's logical cores. */
export async function measureTraining(browser, base, cores, log) {
  const bench = async (query, opts) => {
    const page = await browser.newPage();
    page.on('console', (m) => log('  ' + m.text()));
    await page.goto(`${base}/bench.html${query}`);
    await page.waitForFunction(() => typeof window.runTrainingBench === 'function');
    const rows = await page.evaluate((o) => window.runTrainingBench(o), opts);
    await page.close();
    return rows;
  };
  const trainer = await bench('', { cases: CASES, backends: BACKENDS });
  const threaded = cores > 1 ? await bench(`?threads=${cores}`, { cases: CASES, backends: ['wasm'] }) : [];
  const app = [];
  for (const c of CASES) {
    for (const backend of BACKENDS) {
      // The target backend: alternating runs, medians (one run of each swings by ±15% on a busy machine).
      const repeats = backend === 'wasm' ? WASM_REPEATS : 1;
      const runs = { off: [], defaults: [] };
      for (let k = 0; k < repeats; k++) {
        for (const evals of ['off', 'defaults']) {
          const hash = join(c.hash, `backend=${backend}${evals === 'off' ? `&${EVALS_OFF}` : ''}`);
          const r = await appRate(browser, base, hash);
          runs[evals].push(r);
          log(`app: ${c.id} on ${backend}, evaluations ${evals}: ${r.stepsPerS.toFixed(1)} steps/s (${r.active}${r.threads ? `, ${r.threads} thread(s)` : ''})`);
        }
      }
      for (const evals of ['off', 'defaults']) {
        const rates = runs[evals].map((r) => r.stepsPerS);
        app.push({ config: c.id, backend, evals, ...runs[evals][0], stepsPerS: median(rates), rates });
      }
    }
  }
  return { trainer, threaded, app, cores };
}

const pct = (x) => `${(100 * x).toFixed(0)}%`;

/** The markdown of the training section. */
export function trainingTables(r) {
  const lines = ['### Training throughput', ''];
  lines.push(
    'Per configuration and backend: the step\'s FLOPs (products and convolutions, counted from the shapes tfjs ran, ×2 per multiply-add), the backend\'s matMul rate (128×784×256, the default run\'s largest product; wasm on one thread), the **roofline** (rate ÷ FLOPs), the same with a new right operand at each product (as in training, where weights and gradients are new every step: tfjs-wasm caches XNNPACK\'s packed copy of that operand per tensor, so every product of a step packs it again), the bare `Trainer` loop (no worker, no messages), and the app itself training the link in the page: "evaluations off" = `metricsEvery=0&evalEvery=1000`, "defaults" = the link\'s own evaluation settings; the app\'s steady state, 12 s after its first steps and 5 s of settling (on wasm the median of ' + WASM_REPEATS + ' alternating runs of each). Steps/s, and % of the roofline.',
    '',
  );
  lines.push('| configuration | backend | MFLOP/step | matMul GFLOP/s | roofline steps/s | roofline, new operands | Trainer steps/s | app, evaluations off | app, defaults | evaluations cost |', '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const c of CASES) {
    for (const b of BACKENDS) {
      const t = r.trainer.find((x) => x.config === c.id && x.backend === b);
      const off = r.app.find((x) => x.config === c.id && x.backend === b && x.evals === 'off');
      const on = r.app.find((x) => x.config === c.id && x.backend === b && x.evals === 'defaults');
      if (!t || !off || !on) continue;
      const roof = t.rooflineStepsPerS;
      const freshRoof = (t.freshMatMulGflops * 1e9) / t.flopsPerStep;
      lines.push(
        `| ${c.id} | ${b}${off.threads ? ` (${off.threads} thr.)` : ''} | ${fmt(t.flopsPerStep / 1e6)} | ${t.matMulGflops.toFixed(1)} | ${fmt(roof)} | ${fmt(freshRoof)} | ${fmt(t.trainerStepsPerS)} (${pct(t.trainerStepsPerS / roof)}) | ${fmt(off.stepsPerS)} (${pct(off.stepsPerS / roof)}) | ${fmt(on.stepsPerS)} | ${pct(1 - on.stepsPerS / off.stepsPerS)} |`,
      );
    }
  }
  lines.push('', CASES.map((c) => `- ${c.id}: ${c.label}, \`${c.hash}\``).join('\n'));
  if (r.threaded.length) {
    lines.push('', `wasm on 1 thread (tfjs's SIMD build) against all ${r.cores} logical cores (its threaded build, the half-the-cores cap lifted), bare Trainer, each against its own matMul rate:`, '');
    lines.push('| configuration | 1 thread: GFLOP/s | steps/s | % of roofline | ' + `${r.cores} threads: GFLOP/s | steps/s | % of roofline | speed-up |`, '|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const c of CASES) {
      const one = r.trainer.find((x) => x.config === c.id && x.backend === 'wasm');
      const all = r.threaded.find((x) => x.config === c.id);
      if (!one || !all) continue;
      lines.push(
        `| ${c.id} | ${one.matMulGflops.toFixed(1)} | ${fmt(one.trainerStepsPerS)} | ${pct(one.trainerStepsPerS / one.rooflineStepsPerS)} | ${all.matMulGflops.toFixed(1)} | ${fmt(all.trainerStepsPerS)} | ${pct(all.trainerStepsPerS / all.rooflineStepsPerS)} | ${(all.trainerStepsPerS / one.trainerStepsPerS).toFixed(2)}× |`,
      );
    }
  }
  const def = r.trainer.find((x) => x.config === 'default' && x.backend === 'wasm');
  const off = r.app.find((x) => x.config === 'default' && x.backend === 'wasm' && x.evals === 'off');
  const on = r.app.find((x) => x.config === 'default' && x.backend === 'wasm' && x.evals === 'defaults');
  if (def && off && on) {
    const share = off.stepsPerS / def.rooflineStepsPerS;
    const cost = 1 - on.stepsPerS / off.stepsPerS;
    lines.push('', 'Targets:', '');
    const freshRoof = (def.freshMatMulGflops * 1e9) / def.flopsPerStep;
    lines.push(
      `- the default run on wasm, evaluations off, ≥ 50% of the single-thread roofline: ${pct(share)} (${fmt(off.stepsPerS)} of ${fmt(def.rooflineStepsPerS)} steps/s) — ${share >= 0.5 ? 'met' : 'NOT met'}; ${pct(off.stepsPerS / freshRoof)} of the roofline with new operands (${fmt(freshRoof)} steps/s).`,
    );
    const runs = (x) => x.rates.map(fmt).join(', ');
    lines.push(`- evaluations at the defaults cost ≤ 20% of training time: ${pct(cost)} — ${cost <= 0.2 ? 'met' : 'NOT met'} (medians; steps/s of each run, off: ${runs(off)}; defaults: ${runs(on)}).`);
  }
  return lines.join('\n');
}
