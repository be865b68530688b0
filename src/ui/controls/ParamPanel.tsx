import { GROUPS, PARAMS, isApplicable, type ParamSpec } from '../../state/params';
import { useAppState } from '../context';
import { ParamControl } from './ParamControl';

const GROUP_TITLES: Record<(typeof GROUPS)[number], string> = {
  run: 'Run',
  data: 'Data',
  model: 'Model',
  loss: 'Loss',
  schedule: 'Heating-up',
  eval: 'Evaluation',
};

/**
 * Every parameter of the table that has an effect under the current configuration, grouped.
 * The others are hidden (they still travel in the link, with their values kept).
 */
export function ParamPanel() {
  const config = useAppState((s) => s.config);
  return (
    <div className="params">
      {GROUPS.map((g) => (
        <fieldset key={g} className="group">
          <legend>{GROUP_TITLES[g]}</legend>
          {PARAMS.filter((p: ParamSpec) => p.group === g && isApplicable(p.key, config)).map((p) => (
            <ParamControl key={p.key} spec={p} value={config[p.key]} />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
