import { useContext, useRef, useState, type ReactNode } from 'react';
import { useAppState, useController, ViewDataContext } from '../context';
import { plotContext, plotHelp } from './plotHelp';
import type { PlotId } from '../plots/plotIds';
import { glossaryEntry } from './glossary';
import { openGlossary } from '../../state/store';
import { PlotExportButtons } from '../exports/PlotExportButtons';

/**
 * A view's title, its one-line caption (true for the run shown, or for the set of one's own in a
 * ViewDataContext), and a "?" that opens what to look for, where the view comes from, and the
 * glossary terms it uses.
 */
export function PlotTitle({ id, children }: { id: PlotId; children?: ReactNode }) {
  const { store } = useController();
  const loss = useAppState((s) => s.config.loss);
  const head = useAppState((s) => s.config.head);
  const dim = useAppState((s) => s.config.dim);
  const data = useAppState((s) => s.config.data);
  const shown = useContext(ViewDataContext);
  const [open, setOpen] = useState(false);
  const captionRef = useRef<HTMLElement>(null);
  const help = plotHelp(id, shown ?? plotContext({ loss, head, dim, data }));
  return (
    <>
      <figcaption ref={captionRef}>
        {children ?? help.title}
        <button
          type="button"
          className="help-button"
          data-testid={`help-${id}`}
          aria-expanded={open}
          aria-label={`What ${help.title} shows`}
          onClick={() => setOpen(!open)}
        >
          ?
        </button>
        <PlotExportButtons id={id} title={help.title} caption={captionRef} />
      </figcaption>
      <p className="plot-caption" data-testid={`caption-${id}`}>
        {help.caption}
      </p>
      {open && (
        <div className="help-text" data-testid={`help-${id}-text`} role="note" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
          <p>{help.lookFor}</p>
          <p className="help-source">From: {help.source}</p>
          {help.terms.length > 0 && (
            <p className="help-terms">
              Terms:{' '}
              {help.terms.map((t) => (
                <button key={t} type="button" className="link" data-testid={`term-${t}`} onClick={() => openGlossary(store, t)}>
                  {glossaryEntry(t)?.term ?? t}
                </button>
              ))}
            </p>
          )}
        </div>
      )}
    </>
  );
}
