import { useEffect, useRef } from 'react';
import { useAppState, useController } from '../context';
import { ProgressBar } from '../shell/ProgressBar';
import { Transport } from '../transport/Transport';
import { leaveLecture } from '../transport/shortcuts';

/**
 * Lecture mode's only controls, large, in place of the header: the transport (play, pause, step,
 * reset) and a quiet way back to the full page (the button, or Escape). With a preset that names its
 * key views (`lesson`), the page shows only those, and "Show all views" brings the others back; the
 * step counter then stands here, the status bar being among the others.
 */
export function LectureBar({ lesson = false, showAll = false, onShowAll }: { lesson?: boolean; showAll?: boolean; onShowAll?: (v: boolean) => void } = {}) {
  const c = useController();
  const step = useAppState((s) => s.step);
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
      {lesson && !showAll && (
        <span className="lecture-step" data-testid="lecture-step">
          step {step}
        </span>
      )}
      {lesson && onShowAll && (
        <button type="button" className="show-all-views" data-testid="show-all-views" aria-pressed={showAll} onClick={() => onShowAll(!showAll)}>
          {showAll ? 'Key views only' : 'Show all views'}
        </button>
      )}
      <button type="button" className="exit-lecture" data-testid="exit-lecture" title="Back to the full page (Esc)" onClick={() => leaveLecture(c)}>
        Exit lecture
      </button>
    </section>
  );
}
