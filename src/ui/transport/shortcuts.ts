/**
 * Keyboard shortcuts of the page: Space plays or pauses (pressed while the run is being built, it
 * starts the run once ready), `s` steps once, `r` resets (asking first on a finished or diverged
 * run), `?` shows the list, Escape closes it (and leaves lecture mode); in a lesson, 1–3 pick an
 * answer and → / ← (or a presenter's Page Down / Up) go to the next or previous step. They stay out of the way of
 * typing: nothing fires in a text field, select or editable element, nor with Ctrl, Alt or Meta
 * held, and Space on a focused button is left to the button (it clicks it; acting too would toggle
 * twice).
 */
import { useEffect } from 'react';
import type { Controller } from '../run/controller';
import { requestReset, resetLosesRun, togglePlay, transportState } from './runGuard';
import { setUi } from '../run/pageLink';
import { answerLesson, moveLesson } from '../lessons/lessonRun';
import { pageFlags, usePageFlag } from './pageFlags';

/** What a key press asks for. */
export type ShortcutAction = 'toggle' | 'step' | 'reset' | 'help' | 'escape' | 'answer1' | 'answer2' | 'answer3' | 'next' | 'back';

/** The list shown by `?` (keys as printed, what they do). */
export const SHORTCUTS: ReadonlyArray<{ keys: string; does: string }> = [
  { keys: 'Space', does: 'Play / pause training (while the run is being prepared: start it once ready)' },
  { keys: 'S', does: 'One training step' },
  { keys: 'R', does: 'Reset the run (same seeds); a finished run asks first' },
  { keys: '1 – 3', does: 'In a lesson: pick that answer to the question (the runs then train)' },
  { keys: '→ / ←', does: 'In a lesson: the next / previous step (a presenter’s Page Down / Page Up too)' },
  { keys: '?', does: 'Show or hide this list' },
  { keys: 'Esc', does: 'Close this list; leave lecture mode' },
];

/** The parts of a keydown that decide whether it is a shortcut (plain data, so it can be tested). */
export interface KeyPress {
  key: string;
  ctrl: boolean;
  alt: boolean;
  meta: boolean;
  repeat: boolean;
  /** The focused element is a text field, select, textarea or editable content. */
  typing: boolean;
  /** The focused element clicks on Space by itself (a button, a link, a checkbox…). */
  clicksOnSpace: boolean;
}

/** The shortcut a key press means, or null when it must be left alone. */
export function shortcutFor(p: KeyPress): ShortcutAction | null {
  if (p.ctrl || p.alt || p.meta) return null;
  // Escape still closes the list from a field; nothing else fires while typing.
  if (p.key === 'Escape') return 'escape';
  if (p.typing) return null;
  if (p.key === '?') return p.repeat ? null : 'help';
  if (p.key === ' ' || p.key === 'Spacebar') return p.repeat || p.clicksOnSpace ? null : 'toggle';
  if (p.key === 's' || p.key === 'S') return 'step';
  if (p.key === 'r' || p.key === 'R') return p.repeat ? null : 'reset';
  if (p.repeat) return null;
  if (p.key === '1' || p.key === '2' || p.key === '3') return `answer${p.key}`;
  if (p.key === 'ArrowRight' || p.key === 'PageDown') return 'next';
  if (p.key === 'ArrowLeft' || p.key === 'PageUp') return 'back';
  return null;
}

const TEXT_INPUTS = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
const SPACE_CLICKS = new Set(['BUTTON', 'A', 'SUMMARY']);
const CLICKING_ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'menuitem', 'tab', 'option', 'slider']);

/** Reads a DOM keydown into a {@link KeyPress}. */
export function keyPressOf(e: KeyboardEvent): KeyPress {
  const el = (e.target instanceof Element ? e.target : null) as HTMLElement | null;
  // Every <input> counts as typing: a slider or checkbox has its own meaning for Space and letters.
  const typing = !!el && (TEXT_INPUTS.has(el.tagName) || el.isContentEditable || el.closest('[contenteditable=""], [contenteditable="true"]') !== null);
  const role = el?.getAttribute('role') ?? '';
  const clicksOnSpace = !!el && (SPACE_CLICKS.has(el.tagName) || CLICKING_ROLES.has(role));
  return { key: e.key, ctrl: e.ctrlKey, alt: e.altKey, meta: e.metaKey, repeat: e.repeat, typing, clicksOnSpace };
}

/** Shows (true) or hides (false) the shortcut list (shared by the header's button, the `?` key and the dialog). */
export function setShortcutsOpen(open: boolean): void {
  if (open !== pageFlags.getState().shortcutsOpen) pageFlags.setState({ shortcutsOpen: open });
}

/** Whether the shortcut list is shown (re-renders on change). */
export function useShortcutsOpen(): boolean {
  return usePageFlag('shortcutsOpen');
}

/** Back to the full page from lecture mode, the keyboard focus on the button that comes back to it. */
export function leaveLecture(c: Controller): void {
  setUi(c, 'full');
  // The focused control (Exit, or none) is gone with the lecture bar: do not drop the focus on <body>.
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="lecture-mode"]')?.focus());
}

/** Carries out `action` on the page's controller; true when it did something. */
function perform(c: Controller, action: ShortcutAction): boolean {
  const s = c.store.getState();
  const helpOpen = pageFlags.getState().shortcutsOpen;
  const { ready, running, halted } = transportState(c.runStates());
  switch (action) {
    case 'toggle':
      // Plays, pauses, or (while the run is being built) starts it once it is ready (runGuard.ts).
      return togglePlay(c);
    case 'step':
      // As the Step button: only while paused, on a run that can go on.
      if (!ready || running || halted) return false;
      c.stepOnce();
      return true;
    case 'reset':
      // A finished or diverged run is reset only after a confirmation, which the transport asks
      // (embed mode has no transport to ask in: there `r` leaves such a run alone).
      if (s.ui === 'embed' && resetLosesRun(c)) return false;
      requestReset(c);
      return true;
    case 'help':
      setShortcutsOpen(!helpOpen);
      return true;
    case 'escape':
      if (helpOpen) setShortcutsOpen(false);
      else if (s.ui === 'lecture') leaveLecture(c);
      else return false;
      return true;
    // Outside a lesson these keys keep their own meaning (the arrows and pages scroll).
    case 'answer1':
    case 'answer2':
    case 'answer3':
      return s.lesson !== null && answerLesson(c, Number(action.slice(-1)) - 1);
    case 'next':
      return s.lesson !== null && moveLesson(c, 1);
    case 'back':
      return s.lesson !== null && moveLesson(c, -1);
  }
}

/** Listens for the shortcuts on the whole document while the page is mounted. */
export function useShortcuts(c: Controller): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const action = shortcutFor(keyPressOf(e));
      if (action && perform(c, action)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [c]);
}
