import { useState, type RefObject } from 'react';
import { useAppState, useController } from '../context';
import type { PlotId } from '../help/plotHelp';
import { addNotice } from '../../state/store';
import { emptyReason, plotHasContent } from './exportable';
import { savePlot } from './plotExport';

/**
 * The two small "save" buttons of a view's title (SVG and PNG), for PlotTitle. Disabled, with the
 * reason in their tooltip, while the view has nothing drawn; `caption` is the title they sit in,
 * from which the export finds its view.
 */
export function PlotExportButtons({ id, title, caption }: { id: PlotId; title: string; caption: RefObject<HTMLElement | null> }) {
  const controller = useController();
  const ready = useAppState((s) => plotHasContent(id, s));
  const [busy, setBusy] = useState(false);
  const save = async (kind: 'svg' | 'png') => {
    if (!caption.current) return;
    setBusy(true);
    try {
      await savePlot(kind, id, caption.current, controller.store.getState(), controller.shareUrl());
    } catch (e) {
      addNotice(controller.store, 'error', `Could not save ${title} as ${kind.toUpperCase()}: ${e instanceof Error ? e.message : String(e)}.`);
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
