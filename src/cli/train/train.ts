/**
 * `metric-playground train '<link or #hash>' [--steps N] [--backend cpu|wasm|webgpu] [--out run/]`:
 * reproduces a playground link headless (src/cli/train/runner.ts) and writes, in the page's own formats:
 * `loss.csv` (every step: step, loss, alpha, lr), `metrics.csv` and `metrics.json` (the page's
 * "metrics over steps" export), `final/` (the evaluation of every evaluation item at the end, as
 * `evaluate` writes it: metrics.json, SVG figures, report.html) and the model artifact
 * (`model.json` + `.weights.bin`, which the page's "Open model…" reads).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PARAM_BY_KEY, type Config } from '../../state/params';
import { parseHash, serializeConfig } from '../../state/link/urlSchema';
import { intFlag, parseArgs } from '../args';
import { CLI_BACKENDS, type CliBackend } from '../backend';
import { CliError } from '../errors';
import type { CliContext } from '../context';
import { watchParent } from '../parentWatch';
import { MIN_FREE_BYTES, prepareOut, TRAIN_LAYOUT, workingFolder } from '../paths';
import { TRAIN_USAGE } from '../usage';

/** The hash part of a link (`https://…/#v=1&…`, `#v=1&…` or `v=1&…`). */
export function hashOf(link: string): string {
  const i = link.indexOf('#');
  return i >= 0 ? link.slice(i) : `#${link}`;
}

/** A link notice as an error's reason: without the page's "; using …", which the command does not do. */
export function noticeReason(notice: string): string {
  return notice.replace(/;\s*using\b.*$/s, '');
}

/**
 * A link's configuration with the command's overrides. Any notice the page would show about the
 * link (an unknown key, a malformed or clamped value, a link too long, …) is an error, exit 2 with
 * the notice, which names the key; with `lenient`, the notices go to stderr and the page's reading
 * of the link is trained. `--steps` must lie in the parameter table's range (1 to its maximum).
 */
export function configOf(
  link: string,
  steps: string | undefined,
  backend: string | undefined,
  ctx: CliContext,
  lenient = false,
): { config: Config; backend: CliBackend } {
  const { config, compare, notices } = parseHash(hashOf(link));
  if (notices.length && !lenient) {
    throw new CliError(
      `the link is refused: the page would read it only with ${notices.length === 1 ? 'this notice' : 'these notices'} (give --lenient to train what the page makes of it):\n` + notices.map((n) => `  ${noticeReason(n)}`).join('\n'),
    );
  }
  for (const n of notices) ctx.stderr(`notice: ${n}\n`);
  if (compare) ctx.stderr('notice: the link is a comparison (b=1); this trains its configuration A only\n');
  const s = steps === undefined ? config.steps : intFlag('steps', steps, 1, PARAM_BY_KEY.steps.max);
  if (s === 0) throw new CliError('the link trains without a step limit (steps=0): give --steps N');
  let b: string = backend ?? config.backend;
  if (backend === undefined && !(CLI_BACKENDS as readonly string[]).includes(b)) {
    if (b !== 'auto') ctx.stderr(`notice: the link asks for backend ${b}, which Node does not have; training on wasm (give --backend to choose)\n`);
    b = 'wasm';
  }
  if (!(CLI_BACKENDS as readonly string[]).includes(b)) throw new CliError(`--backend must be one of ${CLI_BACKENDS.join(', ')}, got “${b}”`);
  return { config: { ...config, steps: s, backend: b as Config['backend'] }, backend: b as CliBackend };
}

/** Runs `train`; resolves to the exit status. */
export async function runTrain(argv: string[], ctx: CliContext & { root?: string }): Promise<number> {
  // A child of `sweep` or `presets check` ends itself when its parent is gone, however it went.
  watchParent();
  const a = parseArgs(argv, { steps: 'value', backend: 'value', out: 'value', quiet: 'switch', lenient: 'switch' }, 1, TRAIN_USAGE);
  const link = a.positionals[0];
  if (!link) throw new CliError(`train needs a link or #hash\n${TRAIN_USAGE}`);
  const cwd = workingFolder(ctx.cwd);
  const { config, backend } = configOf(link, a.values.steps, a.values.backend, ctx, a.switches.has('lenient'));
  // Before any step: the folder is made, checked and emptied of an earlier run's files.
  const outText = a.values.out ?? 'run';
  const out = prepareOut(outText, cwd, TRAIN_LAYOUT, MIN_FREE_BYTES);

  const [{ startBackend }, { loadSplitNode, trainRun }, { metricsCsv, metricRows, metricsDocument, metricsJson }, { modelFile }, { evaluateSet }] = await Promise.all([
    import('../backend'),
    import('./runner'),
    import('../../state/run/metricsExport'),
    import('../../worker/training/runFiles'),
    import('../evaluate/evaluateSet'),
  ]);
  await startBackend(backend, ctx.wasmDir);
  const split = loadSplitNode(config, join(resolve(cwd, ctx.root ?? '.'), 'public/data'));
  const every = Math.max(1, Math.round(config.steps / 10));
  const run = await trainRun(config, split, (step, loss) => {
    if (!a.switches.has('quiet') && (step % every === 0 || step === config.steps)) ctx.stderr(`step ${step}/${config.steps} loss ${loss.toPrecision(5)}\n`);
  });

  const h = run.history;
  // Loss values as JavaScript prints them (shortest round-trip): the same numbers the page holds.
  writeFileSync(join(out, 'loss.csv'), 'step,loss,alpha,lr\n' + h.step.map((s, i) => `${s},${h.loss[i]},${h.alpha[i]},${h.lr[i]}`).join('\n') + '\n');
  const link2 = serializeConfig(config);
  const state = { config, evalSeries: run.series, history: h, evaluation: run.final, step: run.trainer.step };
  writeFileSync(join(out, 'metrics.csv'), metricsCsv(metricRows(run.series, h)));
  writeFileSync(join(out, 'metrics.json'), metricsJson(metricsDocument(state, `#${link2}`)));
  const [file] = await modelFile(run.trainer, config);
  if (file.type === 'modelFile') {
    writeFileSync(join(out, 'model.json'), file.json);
    writeFileSync(join(out, file.weightsName), new Uint8Array(file.weights));
  }
  // The final evaluation as `evaluate` reports it, on every evaluation item.
  const ev = await run.trainer.evaluate();
  const names = Array.from({ length: split.evaluation.numClasses }, (_, c) => String(c));
  const sizes = names.map((_, c) => ev.labels.filter((l) => l === c).length);
  const fin = await evaluateSet(
    { n: ev.n, d: ev.dim, data: ev.embeddings, labels: ev.labels, classNames: names, classSizes: sizes, warnings: [] },
    { embeddings: `#${link2} (step ${ev.step})`, labels: config.data, labelColumn: null, fars: [0.01, 0.1], eps: 0.1, path: ev.n <= 2000 ? 'exact' : 'binned', out: join(out, 'final') },
  );
  run.trainer.dispose();
  // The page's last embedding refresh (nearest-centroid accuracy, compactness), and every refresh's, for sweeps and `presets check`.
  const last = h.evalStep.length - 1;
  const summary = { link: `#${link2}`, backend, steps: config.steps, finalLoss: h.loss[h.loss.length - 1], accuracy: h.accuracy[last] ?? null, compactness: h.compactness[last] ?? null, trainSeconds: run.trainSeconds, seconds: run.seconds,
    refreshes: { step: h.evalStep, accuracy: h.accuracy, compactness: h.compactness } };
  writeFileSync(join(out, 'run.json'), JSON.stringify(summary, null, 2) + '\n');
  const r1 = fin.recall['1'];
  ctx.stdout(
    `trained #${link2} on ${backend}: ${config.steps} steps in ${run.trainSeconds.toFixed(1)} s (total ${run.seconds.toFixed(1)} s); ` +
      `final loss ${h.loss[h.loss.length - 1]}, PR-AUC ${fin.prAuc.toFixed(4)}, OPIS ${fin.opis.toExponential(3)}, Recall@1 ${r1.toFixed(4)} on ${fin.items} items\n` +
      `wrote ${outText}/loss.csv, run.json, metrics.csv, metrics.json, model.json, ${file.type === 'modelFile' ? file.weightsName : ''} and final/\n`,
  );
  return 0;
}
