import { useEffect, useRef } from 'react';
import { useAppState, useController } from '../context';
import { GLOSSARY } from './glossary';
import { openGlossary } from '../../state/store';

/** The glossary: plain-language definitions of every term the views use, opened at a term. */
export function Glossary() {
  const { store } = useController();
  const at = useAppState((s) => s.glossary);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (at === null) return;
    const el = at ? ref.current?.querySelector(`#glossary-${CSS.escape(at)}`) : ref.current;
    el?.scrollIntoView({ block: 'nearest' });
    (el as HTMLElement | null)?.focus();
  }, [at]);
  if (at === null) return null;
  return (
    <aside className="glossary" data-testid="glossary" ref={ref} tabIndex={-1} aria-label="Glossary" onKeyDown={(e) => e.key === 'Escape' && openGlossary(store, null)}>
      <header>
        <h2>Glossary</h2>
        <button type="button" data-testid="glossary-close" aria-label="Close the glossary" onClick={() => openGlossary(store, null)}>
          ×
        </button>
      </header>
      <dl>
        {GLOSSARY.map((g) => (
          <div key={g.id} id={`glossary-${g.id}`} data-testid={`glossary-${g.id}`} tabIndex={-1} className={g.id === at ? 'current' : ''}>
            <dt>{g.term}</dt>
            <dd>
              {g.body}
              {g.source && <span className="help-source"> ({g.source})</span>}
            </dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
