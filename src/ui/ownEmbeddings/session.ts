/**
 * "Evaluate your own embeddings" on the page's side: sends the chosen files to the own-embeddings
 * worker one job at a time, puts each result into the store of set A or B (the same state shape as
 * a training run, so every evaluation view reads it unchanged; setViews.ts makes it the views'
 * source), remembers the sets in IndexedDB and restores them on the next visit. A refused file
 * changes nothing but the message.
 */
import { createStore } from 'zustand/vanilla';
import { defaultConfig } from '../../state/params';
import { addNotice, createPlaygroundStore, type PlaygroundStore } from '../../state/store';
import { visibleText } from '../../state/notices';
import type { FromOwnWorker, OwnSetData, OwnSetInfo, OwnStage } from '../../worker/own/ownProtocol';
import { evaluationStillValid, forgetSets, lastSource, loadSets, rememberSource, saveSet, tooLargeToRemember, type Slot, type ShownViews } from './storage';
import { JobQueue, type Job } from './jobs';

export type { Slot, ShownViews } from './storage';

/** A set that was evaluated, as the panel describes it. */
export interface LoadedSet {
  info: OwnSetInfo;
  /** Seconds from choosing the files (or opening the page) to the result. */
  seconds: number;
  /** Whether it is remembered for the next visit, in words ('remembered', 'not remembered: …'). */
  remembered: string;
  /** It came back from an earlier visit (its files were not chosen now). */
  restored: boolean;
  /** It came back with the report of that visit, shown as it was (the evaluation had not changed since). */
  reused: boolean;
}

/** What the panel and the view switch show. */
export interface OwnState {
  source: ShownViews;
  /** Where the next files go. */
  slot: Slot;
  /** The job in progress, if any. */
  busy: { slot: Slot; stage: OwnStage; fraction: number } | null;
  /** The last refusal (cleared by the next success). */
  error: { code: string; message: string } | null;
  sets: Record<Slot, LoadedSet | null>;
  /** A file chosen by one input while the other is still awaited. */
  pending: { vectors: File | null; labels: File | null };
  /** Whether the panel is open (it opens on the sets brought back from the last visit). */
  panelOpen: boolean;
}


const count = (n: number) => n.toLocaleString('en-US');

/** "vectors.tsv + metadata.tsv (1,000 items, d = 64, 10 classes)" (the file names' control and bidi characters as code points). */
export function describeSet(i: OwnSetInfo): string {
  return `${visibleText(i.vectorsName)} + ${visibleText(i.labelsName)} (${count(i.n)} items, d = ${i.d}, ${count(i.classNames.length)} classes)`;
}

/**
 * The result as the views draw it: the class names (legends, tooltips, the threshold tool's table,
 * the utility curves, every export) and the set's name with their control and bidi characters as
 * code points, as notices show them — so "\u202Eexe.txt" reads "U+202Eexe.txt", never "txt.exe".
 * Only the text changes: the metrics were computed on the labels as read, and what is remembered
 * for the next visit keeps them so.
 */
export function forDisplay<R extends { classNames?: string[] }, S extends { classNames?: string[]; label?: string }>(report: R, snapshot: S): { report: R; snapshot: S } {
  const names = (c: string[] | undefined) => c?.map(visibleText);
  return {
    report: { ...report, classNames: names(report.classNames) },
    snapshot: { ...snapshot, classNames: names(snapshot.classNames), ...(snapshot.label === undefined ? {} : { label: visibleText(snapshot.label) }) },
  };
}

/** The page's sets of one's own: A, and B to compare with it (one per page, see ownContext.ts). */
export class OwnEmbeddings {
  readonly state = createStore<OwnState>(() => ({
    source: 'run',
    slot: 'A',
    busy: null,
    error: null,
    sets: { A: null, B: null },
    pending: { vectors: null, labels: null },
    panelOpen: false,
  }));
  /**
   * The states of sets A and B, which the results fill. Their configuration is the default one and
   * nothing of a set reads it: the views' captions take the set's own data (setViews.ts).
   */
  readonly stores: Record<Slot, PlaygroundStore> = { A: createPlaygroundStore(defaultConfig()), B: createPlaygroundStore(defaultConfig()) };
  private readonly jobs = new JobQueue({
    busy: (busy) => this.state.setState({ busy }),
    result: (job, msg) => this.accept(job, msg),
    failed: (_, code, message) => this.refuse(code, message),
  });
  /** The files of each slot's set, for choosing another labels column. */
  private files: Record<Slot, { vectors: File; labels: File; roles: 'given' | 'guess' } | null> = { A: null, B: null };
  private restoring: Promise<void> | null = null;

  /** @param page The page's store, where the session's notices go, and those of the sets' views (setViews.ts). */
  constructor(readonly page: PlaygroundStore) {
    let source = this.state.getState().source;
    this.state.subscribe((s) => {
      if (s.source !== source) rememberSource((source = s.source));
    });
  }

  /** Shows the training run's views or the loaded sets'. */
  setSource(source: ShownViews): void {
    this.state.setState({ source });
  }

  /** Where the next files go (B only once A is there). */
  setSlot(slot: Slot): void {
    this.state.setState({ slot: slot === 'B' && !this.state.getState().sets.A ? 'A' : slot });
  }

  /** One file input chose a file: once both are chosen, they are loaded. */
  pick(role: 'vectors' | 'labels', file: File): void {
    const pending = { ...this.state.getState().pending, [role]: file };
    if (pending.vectors && pending.labels) {
      this.state.setState({ pending: { vectors: null, labels: null } });
      this.loadFiles(pending.vectors, pending.labels, 'given');
    } else this.state.setState({ pending });
  }

  /** Files dropped on the drop zone: two are a set (the worker tells which is which); one waits for the other. */
  drop(files: File[]): void {
    if (files.length === 2) {
      this.state.setState({ pending: { vectors: null, labels: null } });
      this.loadFiles(files[0], files[1], 'guess');
    } else if (files.length === 1) {
      const labelsLike = /label|meta/i.test(files[0].name);
      const { pending } = this.state.getState();
      this.pick(labelsLike || (pending.vectors && !pending.labels) ? 'labels' : 'vectors', files[0]);
    } else this.refuse('drop', `${files.length} files were dropped; drop the two files of one set (vectors and labels) together.`);
  }

  /** Loads two files as the current slot's set. */
  loadFiles(vectors: File, labels: File, roles: 'given' | 'guess', column: string | null = null, slot = this.state.getState().slot): void {
    this.jobs.add({ slot, started: performance.now(), kind: 'files', vectors, labels, roles, column });
  }

  /** Reads slot `slot`'s labels from another column of its labels file. */
  setColumn(slot: Slot, column: string): void {
    const f = this.files[slot];
    if (f) this.loadFiles(f.vectors, f.labels, f.roles, column, slot);
  }

  /** Whether slot `slot`'s files are at hand (a restored set's are not). */
  hasFiles(slot: Slot): boolean {
    return this.files[slot] !== null;
  }

  /**
   * Brings back the sets of the last visit (once per page), with the panel open on them: each with
   * its remembered report while the evaluation has not changed since (nothing is computed again),
   * else evaluated again. The views show them when they showed them as the person left.
   */
  restore(): Promise<void> {
    const show = lastSource() === 'own';
    this.restoring ??= loadSets().then((sets) => {
      // B is compared with A: without A it is not brought back.
      const hasA = sets.some((s) => s.slot === 'A');
      const back = sets.filter((s) => !(s.slot === 'B' && !hasA) && !this.state.getState().sets[s.slot]);
      if (back.length) this.state.setState({ panelOpen: true, ...(show ? { source: 'own' as const } : {}) });
      for (const s of back) {
        const job: Job = { slot: s.slot, started: performance.now(), kind: 'set', set: s };
        if (evaluationStillValid(s)) {
          const { info, report, snapshot } = s.evaluation;
          this.accept(job, { type: 'result', job: 0, info, report, snapshot, kept: null }, true);
        } else this.jobs.add(job);
      }
    });
    return this.restoring;
  }

  /** The panel was opened or closed by the person. */
  setPanelOpen(open: boolean): void {
    if (open !== this.state.getState().panelOpen) this.state.setState({ panelOpen: open });
  }

  /** Forgets both sets, here and in storage, and shows the training run again. */
  clear(): void {
    this.jobs.cancel();
    this.files = { A: null, B: null };
    this.reset('A');
    this.reset('B');
    this.state.setState({ sets: { A: null, B: null }, source: 'run', slot: 'A', busy: null, error: null, pending: { vectors: null, labels: null } });
    void forgetSets(['A', 'B']).catch(() => {});
  }

  /** Stops comparing: forgets set B. */
  removeB(): void {
    this.jobs.cancel('B');
    this.files.B = null;
    this.reset('B');
    const s = this.state.getState();
    this.state.setState({ sets: { ...s.sets, B: null }, slot: 'A' });
    void forgetSets(['B']).catch(() => {});
  }

  private reset(slot: Slot): void {
    this.stores[slot].setState((s) => ({ evaluation: null, snapshot: null, evalVersion: s.evalVersion + 1 }));
  }

  private refuse(code: string, message: string): void {
    // The reason may quote the file (a row, a label): shown as the notice shows it.
    this.state.setState({ error: { code, message: visibleText(message) } });
    addNotice(this.page, 'error', `Your embeddings were not loaded: ${message}`);
  }

  /** Shows a result as set `job.slot`; `reused`: a remembered report, not computed now. */
  private accept(job: Job, msg: Extract<FromOwnWorker, { type: 'result' }>, reused = false): void {
    const { info, kept } = msg;
    const { report, snapshot } = forDisplay(msg.report, msg.snapshot);
    const restored = job.kind === 'set';
    this.stores[job.slot].setState((s) => ({
      evaluation: { ...report, step: 0, full: true },
      snapshot,
      timeline: [],
      timelineIndex: null,
      evalVersion: s.evalVersion + 1,
      historyVersion: s.historyVersion + 1,
    }));
    if (job.kind === 'files') this.files[job.slot] = { vectors: job.vectors, labels: job.labels, roles: job.roles };
    const tooLarge = tooLargeToRemember(info.n * info.d * 4);
    const set: LoadedSet = { info, seconds: (performance.now() - job.started) / 1000, remembered: restored ? 'remembered' : (tooLarge ?? 'remembering…'), restored, reused };
    const s = this.state.getState();
    this.state.setState({
      sets: { ...s.sets, [job.slot]: set },
      error: null,
      // A set just chosen is shown at once; a restored one as restore() decided.
      source: restored ? s.source : 'own',
    });
    for (const w of info.warnings) addNotice(this.page, 'warn', `Your embeddings: ${w}`);
    if (restored) {
      const how = reused ? 'as evaluated then' : 'evaluated again (the evaluation has changed since)';
      addNotice(this.page, 'info', `Your embeddings from your last visit are back as set ${job.slot}, ${how}: ${describeSet(info)}. “Your embeddings” above the views shows them; “Clear” in the panel forgets them.`);
    }
    if (kept) void this.remember(job.slot, kept, set, { info, report: msg.report, snapshot: msg.snapshot });
    // Not kept (too large): the set remembered before it must not come back in its place.
    else if (!restored) void forgetSets([job.slot]).catch(() => {});
  }

  /** Stores the set and its evaluation for the next visit and says whether that worked. */
  private async remember(slot: Slot, data: OwnSetData, set: LoadedSet, evaluation: Parameters<typeof saveSet>[2]): Promise<void> {
    let remembered = 'remembered';
    try {
      await saveSet(slot, data, evaluation);
    } catch (e) {
      remembered = `not remembered: the browser refused to store it (${e instanceof Error ? e.message : String(e)})`;
    }
    const s = this.state.getState();
    // Only if the set is still the one shown (not cleared or replaced meanwhile).
    if (s.sets[slot] === set) this.state.setState({ sets: { ...s.sets, [slot]: { ...set, remembered } } });
    else if (s.sets[slot] === null) void forgetSets([slot]).catch(() => {});
  }
}
