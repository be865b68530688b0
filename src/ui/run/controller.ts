/**
 * One run and its training worker: sends the run's commands (through a {@link CommandGate}, so none
 * is lost while the init waits), folds the worker's reports into the run's store, and restarts the
 * worker when the backend changes (a fresh worker gets a fresh GPU device) or after a fatal error.
 *
 * A's controller is the page's: the transport drives it, and it drives the comparison's other runs
 * with it — B (`compare`) and each side's replicas on further seeds (`replicas`), built and
 * resized by comparison.ts. The link and the presets are pageLink.ts's.
 */
import type { Config } from '../../state/params';
import { addNotice, clearRun, createPlaygroundStore, type PlaygroundState, type PlaygroundStore } from '../../state/store';
import { ingest } from './ingest';
import type { AutoChoice, FromWorker, ToWorker } from '../../worker/protocol';
import { requestedFaults } from '../../worker/training/faults';
import { readModelFiles, saveRunFiles } from '../exports/runFileIo';
import { DeliveryClock, Inbox } from './inbox';
import { createTurns, permitsFor, turnsTaken, TurnsOwner, type CpuTurns } from '../../worker/cpuTurns';
import { CommandGate } from './commandGate';
import { writeHash } from './pageLink';
import { onSeed } from './comparison';

/** Numbers controllers apart (views that follow several runs key on them). */
let controllers = 0;

export class Controller {
  /** This controller's number, unique on the page. */
  readonly id = ++controllers;
  private worker: Worker | null = null;
  private workerBackend: Config['backend'] | null = null;
  /** The run's commands, held while its init waits for A's backend measurement (see start). */
  private readonly gate = new CommandGate<ToWorker>((msg) => this.worker?.postMessage(msg));
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
    readonly dataUrl: string,
    readonly owner: Controller | null = null,
  ) {
    this.clock = owner?.clock ?? new DeliveryClock();
    this.turns = owner?.turns ?? new TurnsOwner(createTurns(permitsFor(navigator.hardwareConcurrency || 1, self.crossOriginIsolated === true)));
    this.inbox = new Inbox<FromWorker>((msg) => ingest(this.store, msg), this.clock);
  }

  /** The page's controller: A's (this one, or the owner of B and the replicas). */
  get top(): Controller {
    return this.owner ?? this;
  }

  /** Another run of this page's comparison (B, or a replica) on `config`. */
  sibling(config: Config): Controller {
    return new Controller(createPlaygroundStore(config), this.dataUrl, this.top);
  }

  private send(msg: ToWorker): void {
    this.gate.send(msg);
  }

  private spawn(): void {
    this.inbox.flush();
    this.stopWorker();
    this.slot = this.turns.claim();
    const w = new Worker(new URL('../../worker/training/trainer.worker.ts', import.meta.url), { type: 'module' });
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
   * measuring the backends again beside it (two measurements at once slow each other and B), and
   * the commands given meanwhile (Play) wait with its init.
   */
  start(): void {
    const { config, fatal } = this.store.getState();
    if (!this.worker || this.workerBackend !== config.backend || fatal) this.spawn();
    const run = clearRun(this.store);
    this.stopWaiting();
    for (const [i, r] of this.replicas.entries()) {
      r.store.setState({ config: onSeed(config, i + 1) });
      r.start();
    }
    const a = this.owner?.store;
    const init = (autoFrom?: AutoChoice) => this.gate.release({ type: 'init', config, dataUrl: this.dataUrl, run, faults: requestedFaults(), autoFrom, turns: this.slot });
    if (!a || config.backend !== 'auto' || a.getState().config.backend !== 'auto') return init();
    const chosen = (s: PlaygroundState) => (s.backend ? { active: s.backend.active, note: s.backend.note } : null);
    const now = chosen(a.getState());
    if (now) return init(now);
    this.gate.hold();
    this.store.setState({ progress: { label: 'Waiting for A’s backend measurement', fraction: 0 } });
    this.waitForA = a.subscribe((s) => {
      const c = chosen(s);
      if (!c) return;
      this.stopWaiting();
      init(c);
    });
  }

  private stopWaiting(): void {
    this.waitForA?.();
    this.waitForA = null;
  }

  /** Every run of the comparison this controller leads: itself, its further seeds, then (on A's) B and B's. */
  runs(): Controller[] {
    return [this, ...this.replicas, ...(this.compare ? this.compare.runs() : [])];
  }

  /** The states of {@link runs}, in order. */
  runStates(): PlaygroundState[] {
    return this.runs().map((r) => r.store.getState());
  }

  /** Every run this controller drives with itself: its replicas and, on A's, B's side. */
  private driven(): Controller[] {
    return [...this.replicas, ...(this.compare ? [this.compare] : [])];
  }

  /** Trains continuously (every run of a comparison). */
  play(): void {
    this.send({ type: 'play' });
    for (const r of this.driven()) r.play();
  }

  pause(): void {
    this.send({ type: 'pause' });
    for (const r of this.driven()) r.pause();
  }

  stepOnce(): void {
    this.send({ type: 'step' });
    for (const r of this.driven()) r.stepOnce();
  }

  /** All-pairs evaluation of every evaluation item, now (between training steps). */
  evaluateAll(): void {
    this.send({ type: 'evaluate', full: true });
    for (const r of this.driven()) r.evaluateAll();
  }

  /** Rebuilds the run from the same seeds, so the same curve comes back (a run still waiting for its init starts again). */
  reset(): void {
    this.compare?.reset();
    for (const r of this.replicas) r.reset();
    if (this.store.getState().fatal || this.gate.holding) return this.start();
    this.send({ type: 'reset', run: clearRun(this.store) });
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
    this.store.setState({ config: msg.config, preset: null, lesson: null });
    writeHash(this);
    this.send({ type: 'adoptModel', run });
    addNotice(this.store, 'info', `Opened the saved model at step ${msg.step}, paused: Play continues its training, “Evaluate all” evaluates it.`);
  }

  dispose(): void {
    this.stopWaiting();
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
    this.gate.drop();
    this.worker?.terminate();
    this.worker = null;
    this.turns.forfeit(this.slot);
    this.slot = null;
  }
}
