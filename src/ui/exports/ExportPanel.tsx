import { useAppState, useController } from '../context';
import { addNotice } from '../../state/store';
import { metricRows, metricsCsv, metricsDocument, metricsJson } from '../../state/run/metricsExport';
import { runFileName, saveFile } from './download';
import { shareUrl } from '../run/pageLink';

/**
 * "Save": the run's metrics over steps as CSV (one row per evaluated step) and as JSON (the same
 * rows with the configuration, the link and the latest evaluation). Off until a step was evaluated.
 */
export function ExportPanel() {
  const controller = useController();
  const evaluated = useAppState((s) => s.evalSeries.step.length > 0);
  const save = (kind: 'csv' | 'json') => {
    const s = controller.store.getState();
    try {
      if (kind === 'csv') saveFile(runFileName('metrics', s.step, 'csv'), metricsCsv(metricRows(s.evalSeries, s.history)), 'text/csv');
      else saveFile(runFileName('metrics', s.step, 'json'), metricsJson(metricsDocument(s, shareUrl(controller))), 'application/json');
    } catch (e) {
      addNotice(controller.store, 'error', `Could not save the metrics: ${e instanceof Error ? e.message : String(e)}.`);
    }
  };
  const why = 'Nothing to save yet: the metrics appear at the first evaluation (“Metrics every” steps).';
  return (
    <section className="export-panel" aria-labelledby="export-panel-title">
      <h2 id="export-panel-title">Save</h2>
      <div className="buttons">
        <button type="button" data-testid="export-metrics-csv" disabled={!evaluated} onClick={() => save('csv')} title={evaluated ? 'The metrics at every evaluated step, as a table (CSV)' : why}>
          Metrics (CSV)
        </button>
        <button
          type="button"
          data-testid="export-metrics-json"
          disabled={!evaluated}
          onClick={() => save('json')}
          title={evaluated ? 'The metrics over steps and the latest evaluation, with the configuration and the link (JSON)' : why}
        >
          Metrics (JSON)
        </button>
      </div>
    </section>
  );
}
