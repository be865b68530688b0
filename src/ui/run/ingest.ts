/**
 * The page's reducer of the training worker's reports: it folds each message of the protocol into
 * the store. It lives beside the controller that receives them, so the store (src/state) knows
 * nothing of the worker's messages; it changes the state only through the store's own functions.
 */
import { addNotice, appendEvaluation, appendSnapshot, appendSteps, truncateRun, type PlaygroundStore } from '../../state/store';
import type { FromWorker } from '../../worker/protocol';
import { backendNotice } from '../../state/run/backendWords';

/** Folds one worker message into the state; reports about an older run are dropped. */
export function ingest(store: PlaygroundStore, msg: FromWorker): void {
  // The backend and a fatal error belong to the worker, not to one run: they always count.
  const workerWide = msg.type === 'backend' || msg.type === 'fatal';
  if (!workerWide && msg.run !== store.getState().run) return;
  switch (msg.type) {
    case 'backend': {
      store.setState({ backend: msg.info });
      // The header says the backend once, in words (backendWords.ts); a notice only when the one asked for could not be used.
      const notice = backendNotice(msg.info);
      if (notice) addNotice(store, 'info', notice);
      return;
    }
    case 'progress':
      store.setState({ progress: msg.fraction >= 1 ? null : { label: msg.label, fraction: msg.fraction } });
      return;
    case 'dataFailed':
      store.setState({ dataError: msg.message, progress: null });
      return;
    case 'ready':
      store.setState({
        dataset: { description: msg.description, trainSize: msg.trainSize, evalSize: msg.evalSize, encoder: msg.encoder, kernels: msg.kernels },
      });
      return;
    case 'steps':
      appendSteps(store, msg.points);
      return;
    case 'resumed':
      truncateRun(store, msg.step);
      return;
    case 'snapshot':
      appendSnapshot(store, msg.snapshot);
      return;
    case 'evaluation':
      appendEvaluation(store, msg.step, msg.full, msg.report);
      return;
    case 'evalProgress':
      store.setState({ evalProgress: msg.fraction >= 1 ? null : msg.fraction });
      return;
    case 'state':
      store.setState({ running: msg.running, step: msg.step, finished: msg.finished, diverged: msg.diverged, numTensors: msg.numTensors });
      return;
    case 'notice':
      addNotice(store, msg.level, msg.message);
      return;
    case 'fatal':
      store.setState({ fatal: msg.message, running: false });
      addNotice(store, 'error', msg.message);
      return;
  }
}
