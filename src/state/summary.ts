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
