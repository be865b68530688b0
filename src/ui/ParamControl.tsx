import { useEffect, useState } from 'react';
import type { NumberParamSpec, ParamSpec } from '../state/params';
import { useController } from './context';

/** Slider position ↔ value, linear or logarithmic as the table hints. */
function toSlider(p: NumberParamSpec, v: number): number {
  return p.log ? Math.log(Math.max(v, p.min)) : v;
}
function fromSlider(p: NumberParamSpec, s: number): number {
  const v = p.log ? Math.exp(s) : s;
  return p.kind === 'int' ? Math.round(v) : Number(v.toPrecision(3));
}

/** One parameter's control, generated from its row in the table. Changing it starts a new run. */
export function ParamControl({ spec: p, value }: { spec: ParamSpec; value: string | number }) {
  const c = useController();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const id = `param-${p.key}`;
  const commit = (raw: unknown) => c.setParam(p.key, raw);

  let input;
  if (p.kind === 'enum') {
    input = (
      <select id={id} data-testid={id} value={String(value)} onChange={(e) => commit(e.target.value)}>
        {p.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  } else {
    const range = p.max - p.min;
    const sliderOk = Boolean(p.log) || range <= 1000;
    input = (
      <span className="number">
        {sliderOk && (
          <input
            type="range"
            aria-label={`${p.label} slider`}
            min={toSlider(p, p.min)}
            max={toSlider(p, p.max)}
            step={p.log ? 'any' : (p.step ?? (p.kind === 'int' ? 1 : range / 100))}
            value={toSlider(p, Number(value))}
            onChange={(e) => setText(String(fromSlider(p, Number(e.target.value))))}
            onPointerUp={(e) => commit(fromSlider(p, Number((e.target as HTMLInputElement).value)))}
            onKeyUp={(e) => commit(fromSlider(p, Number((e.target as HTMLInputElement).value)))}
          />
        )}
        <input
          id={id}
          data-testid={id}
          type="text"
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => commit(text)}
          onKeyDown={(e) => e.key === 'Enter' && commit(text)}
        />
      </span>
    );
  }
  return (
    <div className="param" title={p.help}>
      <label htmlFor={id}>{p.label}</label>
      {input}
    </div>
  );
}
