import { useEffect, useRef } from 'react';
import { useController } from '../context';
import { SHORTCUTS, setShortcutsOpen, useShortcuts, useShortcutsOpen } from './shortcuts';

/**
 * Installs the keyboard shortcuts and shows their list when `?` (or the header's button) asks.
 * Not modal: the focus moves onto the list (so a screen reader announces it) and back where it was
 * when the list closes; Space still plays from there, since the list itself is not a button.
 */
export function ShortcutsHelp() {
  const c = useController();
  useShortcuts(c);
  const open = useShortcutsOpen();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    return () => {
      // Back to where the keyboard was, if that is still on the page (else the page's start).
      if (before && before !== document.body && before.isConnected) before.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <div className="shortcuts" data-testid="shortcuts" role="dialog" aria-labelledby="shortcuts-title" tabIndex={-1} ref={ref}>
      <header>
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <button type="button" data-testid="shortcuts-close" aria-label="Close the keyboard shortcuts" onClick={() => setShortcutsOpen(false)}>
          ×
        </button>
      </header>
      <dl>
        {SHORTCUTS.map((s) => (
          <div key={s.keys}>
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.does}</dd>
          </div>
        ))}
      </dl>
      <p className="shortcuts-note">Not while typing in a field.</p>
    </div>
  );
}
