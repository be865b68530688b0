import { GROUPS, PARAMS, isApplicable, type ParamSpec } from '../state/params';
import { useAppState } from './context';
import { ParamControl } from './ParamControl';

const GROUP_TITLES: Record<(typeof GROUPS)[number], string> = {
  run: 'Run',
  data: 'Data',
  model: 'Model',
  loss: 'Loss',
  schedule: 'Heating-up',
  eval: 'Evaluation',
};

/** Every parameter of the table, grouped; controls that do not apply are dimmed with the reason. */
export function ParamPanel() {
  const config = useAppState((s) => s.config);
  return (
    <div className="params">
      {GROUPS.map((g) => (
        <fieldset key={g} className="group">
          <legend>{GROUP_TITLES[g]}</legend>
          {PARAMS.filter((p: ParamSpec) => p.group === g).map((p) => (
            <ParamControl key={p.key} spec={p} value={config[p.key]} applies={isApplicable(p.key, config)} />
          ))}
        </fieldset>
      ))}
    </div>
  );
}
