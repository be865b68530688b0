import { useState, type RefObject } from 'react';
import { useViewSource, type ViewSource } from '../viewSource';
import { addNotice, usePlayground } from '../../state/store';
import { emptyReason, plotHasContent } from './exportable';
import { savePlot } from './plotExport';
import { isCompareChart, type FigureId } from '../plots/plotIds';

/**
 * The two small "save" buttons of a figure's title (SVG and PNG), for the plots' frame (a view's or
 * an overlay's). Disabled, with the reason in their tooltip, while the figure has nothing drawn;
 * `caption` is the title they sit in, from which the export finds its figure. An overlay draws
 * `pair` (run or set B) with the views' source (A): it has content when either has.
 */
export function PlotExportButtons({ id, title, caption, pair = null }: { id: FigureId; title: string; caption: RefObject<HTMLElement | null>; pair?: ViewSource | null }) {
  const source = useViewSource();
  const b = isCompareChart(id) ? pair : null;
  const readyA = usePlayground(source.store, (s) => plotHasContent(id, s));
  const readyB = usePlayground(b?.store ?? source.store, (s) => !!b && plotHasContent(id, s));
  const ready = readyA || readyB;
  const [busy, setBusy] = useState(false);
  const save = async (kind: 'svg' | 'png') => {
    if (!caption.current) return;
    setBusy(true);
    try {
      await savePlot(kind, id, caption.current, source, b);
    } catch (e) {
      addNotice(source.page, 'error', `Could not save ${title} as ${kind.toUpperCase()}: ${e instanceof Error ? e.message : String(e)}.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="plot-export">
      {(['svg', 'png'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          data-testid={`export-${id}-${kind}`}
          aria-label={`Save ${title} as ${kind.toUpperCase()}`}
          title={ready ? `Save ${title} as ${kind.toUpperCase()}${kind === 'png' ? ' (twice the size on screen)' : ' (opens without this page)'}` : emptyReason(id)}
          disabled={!ready || busy}
          onClick={() => void save(kind)}
        >
          {kind.toUpperCase()}
        </button>
      ))}
    </span>
  );
}
