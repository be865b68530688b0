import { useId, type ReactNode } from 'react';

/**
 * A tooltip that the keyboard reaches, unlike a `title=`: the host is focusable and described by the
 * tip (screen readers read it on focus), and the tip shows on hover and on focus (styles.css).
 * The tip is aria-hidden so that browsing does not read it twice; aria-describedby still uses it.
 */
export function Tip({ tip, className, children }: { tip: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <span className={`tip-host ${className ?? ''}`} tabIndex={0} aria-describedby={id}>
      {children}
      <span className="tip" id={id} role="tooltip" aria-hidden="true">
        {tip}
      </span>
    </span>
  );
}
