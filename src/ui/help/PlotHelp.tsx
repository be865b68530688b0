import { useViewSource, useViewState } from '../viewSource';
import { plotContext, plotHelp, type ResolvedPlotHelp } from './plotHelp';
import { glossaryEntry } from './glossary';
import { openGlossary } from '../../state/store';
import type { PlotId } from '../plots/plotIds';

/** The help of view `id`, true for what it shows: the run's configuration, or what the source says of its data. */
export function usePlotHelp(id: PlotId): ResolvedPlotHelp {
  const loss = useViewState((s) => s.config.loss);
  const head = useViewState((s) => s.config.head);
  const dim = useViewState((s) => s.config.dim);
  const data = useViewState((s) => s.config.data);
  const { about } = useViewSource();
  return plotHelp(id, about ?? plotContext({ loss, head, dim, data }));
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
  const { page } = useViewSource();
  return (
    <div className="help-text" data-testid={`help-${help.id}-text`} role="note" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <p>{help.lookFor}</p>
      <p className="help-source">From: {help.source}</p>
      {help.terms.length > 0 && (
        <p className="help-terms">
          Terms:{' '}
          {help.terms.map((t) => (
            <button key={t} type="button" className="link" data-testid={`term-${t}`} onClick={() => openGlossary(page, t)}>
              {glossaryEntry(t)?.term ?? t}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
