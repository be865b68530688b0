/**
 * The run's configuration in a few words: the settings that differ from the defaults and matter
 * for this run, for the status bar (and for labelling runs). Pure TypeScript.
 */
import { PARAMS, isApplicable, optionLabel, type Config, type ParamKey } from './params';

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
