import { useEffect, useRef } from 'react';
import { useController } from './context';
import { ProgressBar } from './ProgressBar';
import { Transport } from './Transport';
import { leaveLecture } from './shortcuts';

/**
 * Lecture mode's only controls, large, in place of the header: the transport (play, pause, step,
 * reset) and a quiet way back to the full page (the button, or Escape).
 */
export function LectureBar() {
  const c = useController();
  const ref = useRef<HTMLElement>(null);
  // Entered from the header's button, the focus would be lost with the header: keep it on the bar,
  // where Space plays (the bar itself is not a button, so it does not swallow the shortcut).
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) ref.current?.focus();
  }, []);
  return (
    <section className="lecture-bar" data-testid="lecture-bar" aria-label="Lecture controls" tabIndex={-1} ref={ref}>
      <h1>Metric Playground</h1>
      <Transport />
      <ProgressBar />
      <button type="button" className="exit-lecture" data-testid="exit-lecture" title="Back to the full page (Esc)" onClick={() => leaveLecture(c)}>
        Exit lecture
      </button>
    </section>
  );
}
