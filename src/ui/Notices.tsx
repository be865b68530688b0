import { useAppState, useController } from './context';
import { dismissNotice } from '../state/store';

/** Messages about links, fallbacks and failures; each can be dismissed. */
export function Notices() {
  const notices = useAppState((s) => s.notices);
  const store = useController().store;
  if (notices.length === 0) return null;
  return (
    <ul className="notices" aria-live="polite">
      {notices.map((n) => (
        <li key={n.id} className={`notice ${n.level}`} data-testid="notice">
          <span>{n.text}</span>
          <button aria-label="Dismiss" onClick={() => dismissNotice(store, n.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
