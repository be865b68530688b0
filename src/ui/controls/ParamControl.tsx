import { optionLabel, type ParamSpec } from '../../state/params';
import { useController } from '../context';
import { NumberControl } from './NumberControl';
import { setParam } from '../run/pageLink';

/**
 * One parameter's control, generated from its row in the table. Changing it starts a new run.
 * Its help describes the control (aria-describedby) and shows while the keyboard is on it.
 */
export function ParamControl({ spec: p, value }: { spec: ParamSpec; value: string | number }) {
  const c = useController();
  const id = `param-${p.key}`;
  return (
    <div className="param" title={p.help}>
      <label htmlFor={id}>{p.label}</label>
      {p.kind === 'enum' ? (
        <select id={id} data-testid={id} aria-describedby={`${id}-help`} value={String(value)} onChange={(e) => setParam(c, p.key, e.target.value)}>
          {p.options.map((o) => (
            <option key={o} value={o}>
              {optionLabel(p, o)}
            </option>
          ))}
        </select>
      ) : (
        <NumberControl spec={p} value={Number(value)} id={id} />
      )}
      <span className="param-help" id={`${id}-help`} data-testid={`${id}-help`}>
        {p.help}
      </span>
    </div>
  );
}
