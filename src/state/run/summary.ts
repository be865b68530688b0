/**
 * The run's configuration in a few words: the settings that differ from the defaults and matter
 * for this run, for the status bar (and for labelling runs). Pure TypeScript.
 */
import { PARAMS, PARAM_BY_KEY, isApplicable, optionLabel, type Config, type ParamKey } from '../params';

/** One setting that differs from its default. */
export interface ChangedSetting {
  key: ParamKey;
  label: string;
  /** The value as a person reads it (an option's label, not its key). */
  value: string | number;
}

/** The applicable settings of `config` that differ from their defaults, in table order. */
export function changedSettings(config: Config): ChangedSetting[] {
  return PARAMS.filter((p) => isApplicable(p.key, config) && !Object.is(config[p.key], p.default)).map((p) => ({
    key: p.key,
    label: p.label,
    value: p.kind === 'enum' ? optionLabel(p, String(config[p.key])) : config[p.key],
  }));
}

/**
 * A short label that tells recorded runs apart: loss, α, split or toy set, heating-up, TCM, and
 * the step — e.g. "CES α=20 · closed · step 600" or "LN softmax α=16→4 · open · TCM · step 800".
 */
export function runLabel(c: Config, step: number): string {
  const loss = c.loss === 'softmax' ? `${c.head.toUpperCase()} softmax` : c.loss === 'contrastive' || c.loss === 'triplet' ? c.loss : c.loss.toUpperCase();
  const scaled = isApplicable('alpha', c) ? ` α=${c.alpha}${isApplicable('alpha2', c) ? `→${c.alpha2}` : ''}` : '';
  const data = c.data === 'mnist' ? c.split : c.data;
  return [`${loss}${scaled}`, data, ...(c.heat !== 'off' && !isApplicable('alpha2', c) ? [`heat ${c.heat}`] : []), ...(c.tcm === 'on' ? ['TCM'] : []), `step ${step}`].join(' · ');
}

/** The loss in words, as a title names it: "LN softmax", "Cross-Example Softmax", "Batch-hard triplet". */
function lossName(c: Config): string {
  if (c.loss === 'softmax') return `${c.head.toUpperCase()} softmax`;
  return optionLabel(PARAM_BY_KEY.loss, c.loss).replace(/\s*\(.*\)$/, '');
}

/** One run in a few words: its loss, its scale (and heating-up), TCM. */
function runWords(c: Config): string {
  const alpha = isApplicable('alpha', c) ? `, α = ${c.alpha}${isApplicable('alpha2', c) ? ` → ${c.alpha2}` : ''}` : '';
  return `${lossName(c)}${alpha}${c.tcm === 'on' ? ' + TCM' : ''}`;
}

/** What the comparison varies, side by side: "Cross-Example Softmax vs Sampled softmax", or "α = 1 vs α = 16". */
function comparisonWords(a: Config, b: Config): string {
  if (runWords(a) !== runWords(b)) return `${runWords(a)} vs ${runWords(b)}`;
  const differ = PARAMS.filter((p) => p.key !== 'backend' && !Object.is(a[p.key], b[p.key]));
  if (differ.length === 0) return `${runWords(a)}, twice`;
  const side = (c: Config) => differ.map((p) => `${p.label} ${c[p.key]}`).join(', ');
  return `${runWords(a)}: ${side(a)} vs ${side(b)}`;
}

/** The dataset as a title names it: "MNIST", "MNIST, open split", "Spirals". */
function dataName(c: Config): string {
  if (c.data === 'mnist') return c.split === 'open' ? 'MNIST, open split' : 'MNIST';
  return c.data[0].toUpperCase() + c.data.slice(1);
}

/**
 * The page title (and share card title) of a run: a preset's title without its figure reference,
 * or the run (or comparison) in words, then the dataset — e.g. "Cross-Example Softmax vs sampled
 * softmax · MNIST · Metric Playground".
 */
export function runTitle(c: Config, compare: Config | null, presetTitle: string | null = null): string {
  const what = presetTitle ? presetTitle.replace(/\s*\([^)]*\)$/, '') : compare ? comparisonWords(c, compare) : runWords(c);
  const data = dataName(c);
  const parts = what.toLowerCase().includes(c.data === 'mnist' ? 'mnist' : c.data) ? [what] : [what, data];
  return [...parts, 'Metric Playground'].join(' · ');
}
