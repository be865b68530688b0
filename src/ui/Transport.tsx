import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useAppState, useController } from './context';
import { addNotice } from '../state/store';

/** Play, pause, single step, reset, and the link that reproduces the run. */
export function Transport() {
  const c = useController();
  const running = useAppState((s) => s.running);
  const finished = useAppState((s) => s.finished);
  const diverged = useAppState((s) => s.diverged);
  // After a divergence every further step is NaN: only Reset (or a changed setting) continues.
  const halted = finished || diverged;
  const ready = useAppState((s) => s.dataset !== null && s.progress === null);
  const lecture = useAppState((s) => s.ui === 'lecture');
  const [link, setLink] = useState<string | null>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  // The transport button that holds the keyboard focus (null once focus moved elsewhere on purpose).
  const focused = useRef<string | null>(null);

  // Play disables itself once the run starts, Pause once it stops: the focus would fall to <body>
  // and Space could not undo the press. Hand it to the button that undoes it (or the next usable one).
  useEffect(() => {
    const from = focused.current;
    const box = buttonsRef.current;
    if (!from || !box) return;
    const now = document.activeElement as HTMLButtonElement | null;
    if (now && now !== document.body && !now.disabled) return;
    const order = from === 'play' ? ['pause', 'play', 'step-once', 'reset'] : ['play', 'step-once', 'pause', 'reset'];
    for (const id of order) {
      const b = box.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
      if (b && !b.disabled) {
        b.focus();
        return;
      }
    }
  }, [running, ready, halted]);
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    focused.current = (e.target as HTMLElement).dataset.testid ?? null;
  };
  // A blur caused by the button's own disabling keeps the record; a move elsewhere clears it.
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!(e.target as HTMLButtonElement).disabled) focused.current = null;
  };

  const share = async () => {
    const url = c.shareUrl();
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      addNotice(c.store, 'info', 'Link copied: it reproduces this run (same backend, same seeds).');
    } catch {
      addNotice(c.store, 'info', 'Copy the link below: the clipboard is not available here.');
    }
  };

  return (
    <section className="transport">
      <div className="buttons" ref={buttonsRef} onFocus={onFocus} onBlur={onBlur}>
        <button data-testid="play" onClick={() => c.play()} disabled={!ready || running || halted} title="Train continuously (Space)" aria-keyshortcuts="Space">
          ▶ Play
        </button>
        <button data-testid="pause" onClick={() => c.pause()} disabled={!running} title="Pause after the current step (Space)" aria-keyshortcuts="Space">
          ❚❚ Pause
        </button>
        <button data-testid="step-once" onClick={() => c.stepOnce()} disabled={!ready || running || halted} title="One training step (S)" aria-keyshortcuts="S">
          Step
        </button>
        <button data-testid="reset" onClick={() => c.reset()} title="Restart from the same seeds (R)" aria-keyshortcuts="R">
          ↺ Reset
        </button>
        {/* Lecture mode shows only what drives the run. */}
        {!lecture && (
          <button data-testid="share" onClick={share} title="Copy a link that reproduces this run">
            Copy link
          </button>
        )}
      </div>
      {finished && <p className="hint">Reached the step limit; raise “Steps” to train longer.</p>}
      {diverged && (
        <p className="hint" data-testid="diverged-hint">
          Training diverged: press Reset, or lower the learning rate or α, to continue.
        </p>
      )}
      {link && !lecture && (
        <input
          className="share-url"
          data-testid="share-url"
          aria-label="Link that reproduces this run"
          readOnly
          value={link}
          onFocus={(e) => e.target.select()}
        />
      )}
    </section>
  );
}
