/**
 * Connects the page to the training worker: sends commands, folds the worker's reports into the
 * store, keeps the URL hash in step with the configuration, and restarts the worker when the
 * backend changes (a fresh worker gets a fresh GPU device) or after a fatal error.
 */
import type { Config, ParamKey } from '../state/params';
import { checkEntry, parseHash, serializeConfig } from '../state/urlSchema';
import { addNotice, clearRun, ingest, type PlaygroundStore } from '../state/store';
import type { FromWorker, ToWorker } from '../worker/protocol';
import { PRESET_BY_ID, presetConfig } from '../state/presets';

export class Controller {
  private worker: Worker | null = null;
  private workerBackend: Config['backend'] | null = null;

  constructor(
    readonly store: PlaygroundStore,
    private readonly dataUrl: string,
  ) {}

  private send(msg: ToWorker): void {
    this.worker?.postMessage(msg);
  }

  private spawn(): void {
    this.worker?.terminate();
    const w = new Worker(new URL('../worker/trainer.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<FromWorker>) => ingest(this.store, e.data);
    w.onerror = (e) => {
      e.preventDefault();
      addNotice(this.store, 'error', `The training worker failed: ${e.message || 'unknown error'}. Press reset to restart it.`);
      this.store.setState({ running: false, fatal: e.message || 'worker error' });
    };
    this.worker = w;
    this.workerBackend = this.store.getState().config.backend;
    this.store.setState({ backend: null, fatal: null });
  }

  /** Starts a run for the current configuration (a new worker if the backend changed). */
  start(): void {
    const { config, fatal } = this.store.getState();
    if (!this.worker || this.workerBackend !== config.backend || fatal) this.spawn();
    const run = clearRun(this.store);
    this.send({ type: 'init', config, dataUrl: this.dataUrl, run });
  }

  play(): void {
    this.send({ type: 'play' });
  }

  pause(): void {
    this.send({ type: 'pause' });
  }

  stepOnce(): void {
    this.send({ type: 'step' });
  }

  /** All-pairs evaluation of every evaluation item, now (between training steps). */
  evaluateAll(): void {
    this.send({ type: 'evaluate', full: true });
  }

  /** Rebuilds the run from the same seeds, so the same curve comes back. */
  reset(): void {
    if (this.store.getState().fatal) return this.start();
    this.send({ type: 'reset', run: clearRun(this.store) });
  }

  /**
   * Sets one parameter from a control and starts a new run. An entry the parameter cannot take is
   * refused: nothing changes and the reason is returned for the control to show.
   */
  setParam(key: ParamKey, raw: unknown): string | null {
    const entry = checkEntry(key, raw);
    if (!entry.ok) return entry.why;
    const config = this.store.getState().config;
    if (!Object.is(config[key], entry.value)) this.applyConfig({ ...config, [key]: entry.value } as Config);
    return null;
  }

  /** Opens run `run` of a preset: its whole configuration (the backend is kept), its guide, and training. */
  openPreset(id: string, run = 0): void {
    const preset = PRESET_BY_ID.get(id);
    if (!preset?.runs[run]) return;
    this.store.setState({ preset: { id, run } });
    this.applyConfig(presetConfig(preset.runs[run], this.store.getState().config.backend));
    this.play();
  }

  /** Replaces the whole configuration, writes it to the URL and starts a new run. */
  applyConfig(config: Config): void {
    this.store.setState({ config });
    this.writeHash();
    this.start();
  }

  /** Reads a hash (page load, hash edited by hand); a bad one still yields a working config. */
  loadHash(hash: string): void {
    const { config, notices } = parseHash(hash);
    for (const n of notices) addNotice(this.store, 'warn', n);
    this.store.setState({ config });
    if (hash.replace(/^#/, '') !== '') this.writeHash();
  }

  /** The link that reproduces the current run. */
  shareUrl(): string {
    const url = new URL(window.location.href);
    url.hash = serializeConfig(this.store.getState().config);
    return url.href;
  }

  writeHash(): void {
    const hash = '#' + serializeConfig(this.store.getState().config);
    if (window.location.hash !== hash) history.replaceState(null, '', hash);
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}
