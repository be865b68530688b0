import { useEffect, useId, useState } from 'react';
import { useViewSource } from '../viewSource';
import { plotHelp } from '../help/plotHelp';
import type { PlotId } from './plotIds';
import { SUMMARISERS } from './summaries/plotSummaries';
import type { PlaygroundState } from '../../state/store';
import type { PlotSummary } from '../../charts/kit/summaryKit';

/** Refresh intervals: a screen reader should not hear a new sentence at every training step. */
const WHILE_TRAINING_MS = 5000;
const AT_REST_MS = 500;

/** Titles do not depend on the run, so any context gives them. */
const titleOf = (id: PlotId) => plotHelp(id, { hasClassWeights: false, dim: 2, toy: false }).title;

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The plotted numbers as a table, each row headed by its first cell. */
function PlotNumbersTable({ id, tableId, title, summary }: { id: PlotId; tableId: string; title: string; summary: PlotSummary }) {
  const { columns, rows } = summary.table;
  return (
    // Focusable: it scrolls sideways on small screens, and keyboard users must be able to scroll it.
    <div className="plot-table-wrap" id={tableId} role="region" aria-label={`${title}: the numbers`} tabIndex={0}>
      <table className="plot-table" data-testid={`table-${id}-data`}>
        <caption className="sr-only">{summary.text}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>No data yet.</td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={i}>
                {r.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={j}>{cell}</td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A view's text alternative: a visually hidden, polite live summary ("PR-AUC 0.96, up from 0.95 at
 * step 500") and a "show as table" toggle with the plotted numbers (summaries/plotSummaries.ts). Refreshed
 * when its part of the state changes, at most every few seconds while training.
 */
export function PlotAlternative({ id }: { id: PlotId }) {
  const { store } = useViewSource();
  const summariser = SUMMARISERS[id];
  const [open, setOpen] = useState(false);
  const [summary, setSummary] = useState(() => summariser.summarise(store.getState()));
  const tableId = useId();

  useEffect(() => {
    let key = summariser.key(store.getState());
    let timer = 0;
    let lastRun = 0;
    const run = () => {
      timer = 0;
      lastRun = performance.now();
      setSummary(summariser.summarise(store.getState()));
    };
    const onChange = (s: PlaygroundState) => {
      const next = summariser.key(s);
      if (sameKey(next, key)) return;
      key = next;
      if (!timer) timer = window.setTimeout(run, Math.max(0, lastRun + (s.running ? WHILE_TRAINING_MS : AT_REST_MS) - performance.now()));
    };
    const unsubscribe = store.subscribe(onChange);
    run(); // whatever changed between the first render and the subscription
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, summariser]);

  const title = titleOf(id);
  return (
    <div className="plot-alt">
      <p className="sr-only" aria-live="polite" aria-atomic="true" data-testid={`summary-${id}`}>
        {summary.text}
      </p>
      <button type="button" data-testid={`table-${id}`} aria-expanded={open} aria-controls={open ? tableId : undefined} onClick={() => setOpen(!open)}>
        {open ? 'Hide table' : 'Show as table'}
        <span className="sr-only">: {title}</span>
      </button>
      {open && <PlotNumbersTable id={id} tableId={tableId} title={title} summary={summary} />}
    </div>
  );
}
