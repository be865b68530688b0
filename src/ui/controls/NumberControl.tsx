import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { NumberParamSpec } from '../../state/params';
import { useController } from '../context';
import { sliderScale, type SliderScale } from './sliderScale';
import { setParam } from '../run/pageLink';

/**
 * Commits the slider's value on the native `change` event: React's onChange on a range input is the
 * `input` event (every pixel of a drag); the native `change` fires on release and on each key press.
 */
function useSliderCommit(sliderRef: RefObject<HTMLInputElement | null>, scale: SliderScale | null, commit: (raw: string | number) => void, value: number): void {
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const valueRef = useRef(value);
  valueRef.current = value;
  useEffect(() => {
    const el = sliderRef.current;
    if (!el || !scale) return;
    const onChange = () => commitRef.current(scale.fromPosition(Number(el.value), valueRef.current));
    el.addEventListener('change', onChange);
    return () => el.removeEventListener('change', onChange);
  }, [scale]);
}

/** The parameter's number box: commits on Enter or on losing focus, Escape puts the value back. */
function ParamNumberBox(props: { id: string; text: string; error: string | null; value: number; setText: (text: string) => void; setError: (error: string | null) => void; commit: (raw: string) => void }) {
  const { id, text, error, value, setText, setError, commit } = props;
  return (
    <input
      id={id}
      data-testid={id}
      type="text"
      inputMode="decimal"
      value={text}
      aria-invalid={error !== null}
      aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
      onChange={(e) => {
        setText(e.target.value);
        setError(null);
      }}
      onBlur={() => text !== String(value) && commit(text)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(text);
        if (e.key === 'Escape') {
          setText(String(value));
          setError(null);
        }
      }}
    />
  );
}

/**
 * A numeric parameter: a slider (when its range suits one) beside a number box. Both change the
 * run the same way. The slider commits when a drag is released and on every key press (the native
 * `change` event), and shows its own position only while dragging; otherwise it follows the value.
 * The box commits on Enter or when it loses focus; an entry the parameter cannot take is refused
 * in place, with the reason, and changes nothing.
 */
export function NumberControl({ spec: p, value, id }: { spec: NumberParamSpec; value: number; id: string }) {
  const c = useController();
  const scale = useMemo(() => sliderScale(p), [p]);
  const sliderRef = useRef<HTMLInputElement>(null);
  // The thumb's own position while it is dragged or keyed (raw, so a re-render never moves it).
  const [position, setPosition] = useState<number | null>(null);
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(String(value));
    setPosition(null);
    setError(null);
  }, [value]);

  const commit = (raw: string | number) => {
    const why = setParam(c, p.key, raw);
    setError(why);
    setPosition(null);
    if (!why) setText(String(raw));
  };

  useSliderCommit(sliderRef, scale, commit, value);

  const shown = position !== null && scale ? scale.fromPosition(position) : value;
  return (
    <span className="number">
      {scale && (
        <input
          ref={sliderRef}
          type="range"
          data-testid={`${id}-slider`}
          aria-label={`${p.label} slider`}
          aria-describedby={`${id}-help`}
          aria-valuetext={`${p.label} = ${shown}`}
          min={scale.min}
          max={scale.max}
          step={scale.step}
          value={position ?? scale.toPosition(value)}
          onChange={(e) => {
            setPosition(Number(e.target.value));
            setText(String(scale.fromPosition(Number(e.target.value))));
          }}
        />
      )}
      <ParamNumberBox id={id} text={text} error={error} value={value} setText={setText} setError={setError} commit={commit} />
      {error && (
        <span className="field-error" id={`${id}-error`} data-testid={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
