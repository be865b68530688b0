import { useContext } from 'react';
import { useAppState, useController, ViewDataContext } from '../context';
import { plotContext, plotHelp, type ResolvedPlotHelp } from './plotHelp';
import { glossaryEntry } from './glossary';
import { openGlossary } from '../../state/store';
import type { PlotId } from '../plots/plotIds';

/**
 * The help of view `id`, true for what it shows: the run's configuration, or the set of one's own
 * described by a ViewDataContext.
 */
export function usePlotHelp(id: PlotId): ResolvedPlotHelp {
  const loss = useAppState((s) => s.config.loss);
  const head = useAppState((s) => s.config.head);
  const dim = useAppState((s) => s.config.dim);
  const data = useAppState((s) => s.config.data);
  const shown = useContext(ViewDataContext);
  return plotHelp(id, shown ?? plotContext({ loss, head, dim, data }));
}

/** The "?" of a view's title: shows and hides its help text. */
export function HelpButton({ help, open, onToggle }: { help: ResolvedPlotHelp; open: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="help-button" data-testid={`help-${help.id}`} aria-expanded={open} aria-label={`What ${help.title} shows`} onClick={onToggle}>
      ?
    </button>
  );
}

/** The one line under a view's title: what it shows. */
export function HelpCaption({ help }: { help: ResolvedPlotHelp }) {
  return (
    <p className="plot-caption" data-testid={`caption-${help.id}`}>
      {help.caption}
    </p>
  );
}

/** What to look for, where the view comes from, and its glossary terms (each opens the glossary there). */
export function HelpText({ help, onClose }: { help: ResolvedPlotHelp; onClose: () => void }) {
  const { store } = useController();
  return (
    <div className="help-text" data-testid={`help-${help.id}-text`} role="note" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
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
  );
}
