import { useEffect } from 'react';
import { useAppState, useController } from '../context';
import { dismissNotice, type Notice } from '../../state/store';

/** Informational notices fade after this long; warnings and errors stay until dismissed. */
export const INFO_FADES_AFTER_MS = 8000;

function NoticeItem({ notice }: { notice: Notice }) {
  const store = useController().store;
  const { id, level, count } = notice;
  const onDismiss = () => dismissNotice(store, id);
  // Restarts when the same message comes again (its count grows).
  useEffect(() => {
    if (level !== 'info') return;
    const t = setTimeout(() => dismissNotice(store, id), INFO_FADES_AFTER_MS);
    return () => clearTimeout(t);
  }, [store, id, level, count]);
  return (
    <li className={`notice ${level}`} data-testid="notice" data-level={level} role={level === 'error' ? 'alert' : undefined}>
      {/* bdi: quoted link values may carry right-to-left text; it must not turn the sentence around. */}
      <bdi>{notice.text}</bdi>
      {count > 1 && (
        <span className="notice-count" data-testid="notice-count" aria-label={`${count} times`}>
          ×{count}
        </span>
      )}
      <button aria-label="Dismiss notice" onClick={onDismiss}>
        ×
      </button>
    </li>
  );
}

/** Messages about links, fallbacks and failures; repeats merge, information fades, errors stay. */
export function Notices() {
  const all = useAppState((s) => s.notices);
  // A lecture or an embedded view leaves out passing news; what went wrong (a bad link, a failed
  // run) is shown in every mode.
  const bare = useAppState((s) => s.ui !== 'full');
  const notices = bare ? all.filter((n) => n.level !== 'info') : all;
  if (notices.length === 0) return null;
  return (
    <ul className="notices" aria-live="polite">
      {notices.map((n) => (
        <NoticeItem key={n.id} notice={n} />
      ))}
    </ul>
  );
}
