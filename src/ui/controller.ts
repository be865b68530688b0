/**
 * Connects the page to the training worker: sends commands, folds the worker's reports into the
 * store, keeps the URL hash in step with the configuration, and restarts the worker when the
 * backend changes (a fresh worker gets a fresh GPU device) or after a fatal error.
 *
 * A comparison is a second controller, B, with its own worker and store: the transport drives
 * both, and the link carries B's differences from A (`b.<key>=value`). A comparison on N seeds
 * (`seeds=N`) gives A and B N − 1 replicas each: the same controller again, on seeds s + 1, s + 2, …
 * (both the init and the data seed), driven with their run; the views show seed s, the table and
 * the curves all N.
 */
import { PARAM_BY_KEY, type Config, type ParamKey } from '../state/params';
import { checkEntry, parseHash, serializeConfig } from '../state/urlSchema';
import { addNotice, clearRun, createPlaygroundStore, type PlaygroundState, type PlaygroundStore } from '../state/store';
import { ingest } from './ingest';
import type { AutoChoice, FromWorker, ToWorker } from '../worker/protocol';
import { PRESET_BY_ID, presetConfig, presetRunIndex } from '../state/presets';
import { runTitle } from '../state/summary';
import type { UiMode, View } from '../state/viewParams';
import { requestedFaults } from '../worker/faults';
import { readModelFiles, saveRunFiles } from './exports/runFileIo';
import { describePage } from './pageMeta';
import { DeliveryClock, Inbox } from './inbox';
import { createTurns, permitsFor, turnsTaken, TurnsOwner, type CpuTurns } from '../worker/cpuTurns';

/** Numbers controllers apart (views that follow several runs key on them). */
let controllers = 0;

export class Controller {
  /** This controller's number, unique on the page. */
  readonly id = ++controllers;
  private worker: Worker | null = null;
  private workerBackend: Config['backend'] | null = null;
  /** B waiting for A's measured backend (see start): unsubscribes. */
  private waitForA: (() => void) | null = null;
  /** Configuration B of a comparison (only on A's controller), or null. */
  compare: Controller | null = null;
  /** How many seeds each side of the comparison trains (only on A's controller; 1 without a comparison). */
  seeds = 1;
  /** This run on the comparison's further seeds (s + 1, s + 2, …), in order; empty on a single seed. */
  replicas: Controller[] = [];
  /** The clock every run of this page delivers its reports on (A's; B and the replicas share it). */
  private readonly clock: DeliveryClock;
  /** The page's CPU turns (A's; B and the replicas share them): six runs on two cores compute two at a time. */
  private readonly turns: TurnsOwner;
  /** This controller's worker's slot in them. */
  private slot: CpuTurns | null = null;
  /** The worker's reports, folded into the store in batches (inbox.ts): a fast run must not redraw the page at every step. */
  private readonly inbox: Inbox<FromWorker>;

  /** @param owner A's controller when this one runs configuration B of a comparison, or a replica. */
  constructor(
    readonly store: PlaygroundStore,
    private readonly dataUrl: string,
    private readonly owner: Controller | null = null,
  ) {
    this.clock = owner?.clock ?? new DeliveryClock();
    this.turns = owner?.turns ?? new TurnsOwner(createTurns(permitsFor(navigator.hardwareConcurrency || 1, self.crossOriginIsolated === true)));
    this.inbox = new Inbox<FromWorker>((msg) => ingest(this.store, msg), this.clock);
  }

  private send(msg: ToWorker): void {
    this.worker?.postMessage(msg);
  }

  private spawn(): void {
    this.inbox.flush();
    this.stopWorker();
    this.slot = this.turns.claim();
    const w = new Worker(new URL('../worker/trainer.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (e: MessageEvent<FromWorker>) => {
      // The run's files (downloads, an opened model) are not run state: routed before ingest.
      if (e.data.type === 'modelOpened') {
        this.inbox.flush();
        this.adoptModel(e.data);
      } else if (!saveRunFiles(e.data)) this.inbox.push(e.data);
    };
    w.onerror = (e) => {
      e.preventDefault();
      this.inbox.flush();
      addNotice(this.store, 'error', `The training worker failed: ${e.message || 'unknown error'}. Press reset to restart it.`);
      this.store.setState({ running: false, fatal: e.message || 'worker error' });
    };
    this.worker = w;
    this.workerBackend = this.store.getState().config.backend;
    this.store.setState({ backend: null, fatal: null });
  }

  /**
   * Starts a run for the current configuration (a new worker if the backend changed). B of a
   * comparison on auto takes A's measured backend: it waits for A's measurement rather than
   * measuring the backends again beside it (two measurements at once slow each other and B).
   */
  start(): void {
    const { config, fatal } = this.store.getState();
    if (!this.worker || this.workerBackend !== config.backend || fatal) this.spawn();
    const run = clearRun(this.store);
    this.waitForA?.();
    this.waitForA = null;
    for (const [i, r] of this.replicas.entries()) {
      r.store.setState({ config: onSeed(config, i + 1) });
      r.start();
    }
    const a = this.owner?.store;
    const init = (autoFrom?: AutoChoice) => this.send({ type: 'init', config, dataUrl: this.dataUrl, run, faults: requestedFaults(), autoFrom, turns: this.slot });
    if (!a || config.backend !== 'auto' || a.getState().config.backend !== 'auto') return init();
    const chosen = (s: PlaygroundState) => (s.backend ? { active: s.backend.active, note: s.backend.note } : null);
    const now = chosen(a.getState());
    if (now) return init(now);
    this.store.setState({ progress: { label: 'Waiting for A’s backend measurement', fraction: 0 } });
    this.waitForA = a.subscribe((s) => {
      const c = chosen(s);
      if (!c || this.store.getState().run !== run) return;
      this.waitForA?.();
      this.waitForA = null;
      init(c);
    });
  }

  /** Trains continuously (both runs of a comparison). */
  play(): void {
    this.send({ type: 'play' });
    for (const r of this.replicas) r.play();
    this.compare?.play();
  }

  pause(): void {
    this.send({ type: 'pause' });
    for (const r of this.replicas) r.pause();
    this.compare?.pause();
  }

  stepOnce(): void {
    this.send({ type: 'step' });
    for (const r of this.replicas) r.stepOnce();
    this.compare?.stepOnce();
  }

  /** All-pairs evaluation of every evaluation item, now (between training steps). */
  evaluateAll(): void {
    this.send({ type: 'evaluate', full: true });
    for (const r of this.replicas) r.evaluateAll();
    this.compare?.evaluateAll();
  }

  /** Rebuilds the run from the same seeds, so the same curve comes back. */
  reset(): void {
    this.compare?.reset();
    for (const r of this.replicas) r.reset();
    if (this.store.getState().fatal) return this.start();
    this.send({ type: 'reset', run: clearRun(this.store) });
  }

  /**
   * Starts comparing with configuration `b` (default: a copy of A) on `seeds` seeds: a second run
   * beside this one, on its own worker, driven by the same transport, and each run again on the
   * further seeds. Null stops comparing (and A trains one seed again). A keeps its run: only what is
   * new starts.
   */
  setCompare(b: Config | null = { ...this.store.getState().config }, seeds = this.seeds): void {
    this.compare?.dispose();
    this.compare = null;
    this.seeds = b ? seeds : 1;
    this.resizeReplicas(this.seeds - 1);
    if (b) {
      const c = new Controller(createPlaygroundStore(b), this.dataUrl, this);
      this.forwardNotices(c, 'B');
      c.resizeReplicas(this.seeds - 1, false);
      this.compare = c;
      c.start();
    }
    this.store.setState((s) => ({ compareVersion: s.compareVersion + 1 }));
    this.writeHash();
  }

  /**
   * Trains the comparison on `seeds` seeds from now: both runs start again, each with its replicas
   * (a comparison across seeds is like with like only when every run starts together).
   */
  setSeeds(seeds: number): void {
    if (!this.compare || seeds === this.seeds) return;
    const b = this.compare.store.getState().config;
    this.setCompare(null);
    this.start();
    this.setCompare(b, seeds);
  }

  /** Keeps `n` replicas of this run (further seeds), starting the new ones beside it unless `start` is false (the caller starts the run with them). */
  private resizeReplicas(n: number, start = true): void {
    while (this.replicas.length > n) this.replicas.pop()!.dispose();
    const top = this.owner ?? this;
    const side = this === top ? 'A' : 'B';
    const running = this.store.getState().running;
    while (this.replicas.length < n) {
      const i = this.replicas.length + 1;
      const r = new Controller(createPlaygroundStore(onSeed(this.store.getState().config, i)), this.dataUrl, top);
      this.forwardNotices(r, `${side}, seed ${i + 1} of ${n + 1}`);
      this.replicas.push(r);
      if (!start) continue;
      r.start();
      if (running) r.play();
    }
  }

  /** Shows `from`'s notices with this page's, marked with `tag` (B's, a replica's). */
  private forwardNotices(from: Controller, tag: string): void {
    from.store.subscribe((s) => {
      if (s.notices.length === 0) return;
      const moved = s.notices;
      from.store.setState({ notices: [] });
      for (const n of moved) addNotice(this.store, n.level, `${tag}: ${n.text}`);
    });
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

  /**
   * Opens a preset: run `a` as the configuration (the backend is kept), and when the preset has
   * several runs, run `b` beside it as a comparison; shows its guide and starts training.
   */
  openPreset(id: string, a = 0, b = 1): void {
    const preset = PRESET_BY_ID.get(id);
    if (!preset?.runs[a]) return;
    // A preset is a place to come back to: it gets its own history entry (controls, and the
    // choice of which of its runs to show, replace it).
    if (this.store.getState().preset?.id !== id) history.pushState(null, '', window.location.href);
    const backend = this.store.getState().config.backend;
    // B is another run than A: asking for the same one swaps them.
    const other = b !== a && preset.runs[b] ? b : a === 0 ? 1 : 0;
    const runB = preset.runs.length > 1 ? preset.runs[other] : null;
    // The intro steps aside (not dismissed for good): the preset's views come up first.
    this.store.setState({ preset: { id, a, b: runB ? other : null }, config: presetConfig(preset.runs[a], backend), introOpen: false });
    this.start();
    this.setCompare(runB ? presetConfig(runB, backend) : null, preset.seeds ?? 1);
    this.play();
  }

  /** Replaces the whole configuration, writes it to the URL and starts a new run. */
  applyConfig(config: Config): void {
    this.store.setState({ config });
    this.writeHash();
    this.start();
  }

  /**
   * Reads a hash (page load, a link opened, Back/Forward); a bad one still yields a working config.
   * Returns what the link asks of the presentation, e.g. to start training by itself.
   */
  loadHash(hash: string): View {
    const { config, compare, seeds, view, notices } = parseHash(hash);
    for (const n of notices) addNotice(this.store, 'warn', n);
    const preset = view.preset === null ? undefined : PRESET_BY_ID.get(view.preset);
    if (view.preset !== null && !preset) addNotice(this.store, 'warn', `preset=${view.preset} is not a preset of this version; its guide is not shown`);
    const runB = preset && compare ? presetRunIndex(preset, compare) : -1;
    this.store.setState({
      config,
      ui: view.ui,
      autoplay: view.autoplay,
      preset: preset ? { id: preset.id, a: Math.max(0, presetRunIndex(preset, config)), b: runB >= 0 ? runB : null } : null,
    });
    const current = this.compare?.store.getState().config;
    if (compare === null || current === undefined || seeds !== this.seeds || serializeConfig(compare) !== serializeConfig(current)) this.setCompare(compare, seeds);
    // A bare address stays bare until something changes.
    if (hash.replace(/^#/, '') !== '') this.writeHash();
    else this.showTitle();
    return view;
  }

  /** Dismisses the preset's guide (the run goes on; the link stops naming the preset). */
  closePreset(): void {
    this.store.setState({ preset: null });
    this.writeHash();
  }

  /** Switches the page's layout (the lecture button, the embed link) and keeps it in the link. */
  setUi(ui: UiMode): void {
    this.store.setState({ ui });
    this.writeHash();
  }

  /** The link that reproduces the current run (and the comparison, if any). */
  shareUrl(): string {
    const url = new URL(window.location.href);
    url.hash = this.hash();
    return url.href;
  }

  private hash(): string {
    const top = this.owner ?? this;
    const { config, ui, autoplay, preset } = top.store.getState();
    return serializeConfig(config, top.compare?.store.getState().config ?? null, { ui, autoplay, preset: preset?.id ?? null }, top.seeds);
  }

  /** Puts the run's link in the address bar (replacing the entry: a control is not a place to go Back to) and its title on the page. */
  writeHash(): void {
    const hash = '#' + this.hash();
    if (window.location.hash !== hash) history.replaceState(null, '', hash);
    this.showTitle();
  }

  /** Names the run in the page title and the share card (for share sheets that read the live page). */
  private showTitle(): void {
    const top = this.owner ?? this;
    const { config, preset } = top.store.getState();
    const title = runTitle(config, top.compare?.store.getState().config ?? null, preset ? (PRESET_BY_ID.get(preset.id)?.title ?? null) : null);
    describePage(title, this.shareUrl());
  }

  /** Downloads the run as a tfjs model artifact: model.json at once, its .weights.bin on a second click (runFileIo.ts). */
  exportModel(): void {
    this.send({ type: 'exportModel' });
  }

  /** Downloads the evaluation set's embeddings as the Embedding Projector's vectors.tsv (metadata.tsv, the labels, on a second click). */
  exportEmbeddings(): void {
    this.send({ type: 'exportEmbeddings' });
  }

  /**
   * Opens a saved model (its model.json and .weights.bin, chosen together): the worker checks it
   * and, only if it is sound, replaces the run with it; otherwise an error notice says why and the
   * current run is left as it was.
   */
  async loadModel(files: File[]): Promise<void> {
    const msg = await readModelFiles(files);
    if (typeof msg === 'string') addNotice(this.store, 'error', `The model was not opened: ${msg}`);
    else this.worker?.postMessage(msg, msg.weights.map((w) => w.data));
  }

  /** The worker opened a saved model in place of run `msg.run`: take its configuration (and link) as a new run, paused. */
  private adoptModel(msg: Extract<FromWorker, { type: 'modelOpened' }>): void {
    // The page has moved on (another run was started meanwhile): that run's init replaces this one.
    if (msg.run !== this.store.getState().run) return;
    const run = clearRun(this.store);
    // The opened model is its own run: no preset's guide speaks for it.
    this.store.setState({ config: msg.config, preset: null });
    this.writeHash();
    this.send({ type: 'adoptModel', run });
    addNotice(this.store, 'info', `Opened the saved model at step ${msg.step}, paused: Play continues its training, “Evaluate all” evaluates it.`);
  }

  dispose(): void {
    this.waitForA?.();
    this.waitForA = null;
    this.inbox.flush();
    for (const r of this.replicas) r.dispose();
    this.replicas = [];
    this.compare?.dispose();
    this.compare = null;
    this.stopWorker();
  }

  /** The page's CPU turns: how many compute at once and how many were taken; null where the page has none. */
  cpuTurns(): ReturnType<typeof turnsTaken> | null {
    return this.turns.buffer ? turnsTaken(this.turns.buffer) : null;
  }

  /** Terminates the worker, and gives back the CPU turns it held or waited for. */
  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
    this.turns.forfeit(this.slot);
    this.slot = null;
  }
}

/** `config` on the comparison's `i`-th further seed: the init and the data seed moved on by `i` (as `presets check` seeds both). */
function onSeed(config: Config, i: number): Config {
  const wrap = (key: 'seed' | 'dataSeed') => {
    const max = PARAM_BY_KEY[key].max ?? 0;
    return (config[key] + i) % (max + 1);
  };
  return { ...config, seed: wrap('seed'), dataSeed: wrap('dataSeed') };
}
