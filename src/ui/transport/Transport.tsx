import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { useAppState, useController } from '../context';
import { addNotice } from '../../state/store';
import { cancelReset, confirmReset, requestReset, useRunGuard } from './runGuard';
import { useTransportState } from './useTransport';
import { shareUrl } from '../run/pageLink';
import type { Controller } from '../run/controller';

/** The transport's element, its buttons' box, and the button that holds the keyboard focus (null once focus moved elsewhere on purpose). */
interface TransportFocus {
  sectionRef: RefObject<HTMLElement | null>;
  buttonsRef: RefObject<HTMLDivElement | null>;
  focused: RefObject<string | null>;
  onFocus: (e: FocusEvent<HTMLElement>) => void;
  onBlur: (e: FocusEvent<HTMLElement>) => void;
}

/**
 * Play disables itself once the run starts, Pause once it stops: the focus would fall to <body>
 * and Space could not undo the press. Hands it to the button that undoes it (or the next usable
 * one) — never to Reset, where the next Space would throw the run away: when no button can go on
 * (the run finished, diverged, or is being built) the focus waits on the transport itself, where
 * Space is the page's shortcut, and moves to Play once the run can be played.
 */
function useTransportFocus(running: boolean, idle: boolean, ready: boolean, halted: boolean): TransportFocus {
  const sectionRef = useRef<HTMLElement>(null);
  const buttonsRef = useRef<HTMLDivElement>(null);
  const focused = useRef<string | null>(null);
  useEffect(() => {
    const from = focused.current;
    const box = buttonsRef.current;
    if (!from || !box) return;
    const now = document.activeElement as HTMLButtonElement | null;
    if (now && now !== document.body && now !== sectionRef.current && !now.disabled) return;
    const order = from === 'play' ? ['pause', 'play', 'step-once'] : ['play', 'step-once', 'pause'];
    for (const id of order) {
      const b = box.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);
      if (b && !b.disabled) {
        b.focus();
        return;
      }
    }
    if (now !== sectionRef.current) sectionRef.current?.focus();
  }, [running, idle, ready, halted]);
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    focused.current = (e.target as HTMLElement).dataset.testid ?? null;
  };
  // A blur caused by the button's own disabling keeps the record; a move elsewhere clears it.
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!(e.target as HTMLButtonElement).disabled) focused.current = null;
  };
  return { sectionRef, buttonsRef, focused, onFocus, onBlur };
}

/**
 * Reset, and the question it asks on a finished or diverged run: the question takes the focus on
 * its safe answer; once it is gone (answered, or the run replaced), the focus must not fall to <body>.
 */
function useResetQuestion(c: Controller, asking: boolean, f: TransportFocus) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    const was = asked.current;
    asked.current = asking;
    if (asking) keepRef.current?.focus();
    else if (was && (document.activeElement === document.body || document.activeElement === null)) f.sectionRef.current?.focus();
  }, [asking, f.sectionRef]);
  const keep = () => {
    cancelReset();
    f.buttonsRef.current?.querySelector<HTMLButtonElement>('[data-testid="reset"]')?.focus();
  };
  return {
    keepRef,
    // On a finished or diverged run this only asks.
    reset: () => void requestReset(c),
    discard: () => {
      confirmReset(c);
      // Play takes the focus once the new run is ready (useTransportFocus); meanwhile the transport has it.
      f.focused.current = 'pause';
      f.sectionRef.current?.focus();
    },
    keep,
    keepOnEscape: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key !== 'Escape') return;
      // Not also the page's Escape (which would leave lecture mode).
      e.preventDefault();
      keep();
    },
  };
}

/** The link that reproduces the run, once asked for, and the asking (it also goes to the clipboard where there is one). */
function useShareLink(c: Controller): [string | null, () => Promise<void>] {
  const [link, setLink] = useState<string | null>(null);
  const share = async () => {
    const url = shareUrl(c);
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      addNotice(c.store, 'info', 'Link copied: it reproduces this run (same backend, same seeds).');
    } catch {
      addNotice(c.store, 'info', 'Copy the link below: the clipboard is not available here.');
    }
  };
  return [link, share];
}

/** Why the run does not go on, or that it will once ready. */
function TransportHints({ finished, diverged, playPending }: { finished: boolean; diverged: boolean; playPending: boolean }) {
  return (
    <div role="status" className="transport-status">
      {finished && <p className="hint" data-testid="finished-hint">Reached the step limit; raise “Steps” to train longer.</p>}
      {diverged && (
        <p className="hint" data-testid="diverged-hint">
          Training diverged: press Reset, or lower the learning rate or α, to continue.
        </p>
      )}
      {playPending && (
        <p className="hint" data-testid="play-pending">
          The run starts when it is ready (Space again: it will not).
        </p>
      )}
    </div>
  );
}

/** Play, pause, single step, reset, and the link that reproduces the run. */
export function Transport() {
  const c = useController();
  // A comparison plays while any of its runs does, and can be played while any ready run is paused.
  const { running, idle, halted, ready } = useTransportState(c);
  const finished = useAppState((s) => s.finished) && halted;
  // After a divergence every further step is NaN: only Reset (or a changed setting) continues.
  const diverged = useAppState((s) => s.diverged);
  const lecture = useAppState((s) => s.ui === 'lecture');
  const step = useAppState((s) => s.step);
  const guard = useRunGuard();
  const focus = useTransportFocus(running, idle, ready, halted);
  const q = useResetQuestion(c, guard.confirmReset, focus);
  const [link, share] = useShareLink(c);
  return (
    // Focusable (not by Tab) so the focus has a place to wait that no key press can hurt.
    <section className="transport" ref={focus.sectionRef} tabIndex={-1} data-testid="transport">
      <div className="buttons" ref={focus.buttonsRef} onFocus={focus.onFocus} onBlur={focus.onBlur}>
        <button data-testid="play" onClick={() => c.play()} disabled={!ready || halted || !idle} title="Train continuously (Space)" aria-keyshortcuts="Space">
          ▶ Play
        </button>
        <button data-testid="pause" onClick={() => c.pause()} disabled={!running} title="Pause after the current step (Space)" aria-keyshortcuts="Space">
          ❚❚ Pause
        </button>
        <button data-testid="step-once" onClick={() => c.stepOnce()} disabled={!ready || running || halted} title="One training step (S)" aria-keyshortcuts="S">
          Step
        </button>
        <button data-testid="reset" onClick={q.reset} title="Restart from the same seeds (R)" aria-keyshortcuts="R">
          ↺ Reset
        </button>
        {/* Lecture mode shows only what drives the run. */}
        {!lecture && (
          <button data-testid="share" onClick={share} title="Copy a link that reproduces this run">
            Copy link
          </button>
        )}
      </div>
      {guard.confirmReset && (
        <div className="reset-confirm" role="group" aria-labelledby="reset-confirm-text" data-testid="reset-confirm" onKeyDown={q.keepOnEscape}>
          <p id="reset-confirm-text">
            Reset throws away this {diverged ? 'diverged' : 'finished'} run (step {step}, its curves and evaluations) and starts again from the same seeds.
          </p>
          <button type="button" data-testid="reset-confirm-yes" onClick={q.discard}>
            Reset the run
          </button>
          <button type="button" data-testid="reset-confirm-no" ref={q.keepRef} onClick={q.keep}>
            Keep it
          </button>
        </div>
      )}
      <TransportHints finished={finished} diverged={diverged} playPending={guard.playWhenReady} />
      {link && !lecture && (
        <input className="share-url" data-testid="share-url" aria-label="Link that reproduces this run" readOnly value={link} onFocus={(e) => e.target.select()} />
      )}
    </section>
  );
}
