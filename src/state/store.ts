/**
 * The page's state: the configuration (the source of truth for links), what the worker reports,
 * and the run's history. Histories are append-only arrays mutated in place with a version counter,
 * so a 100,000-step curve costs no copying; plots subscribe to the counter and redraw on frames.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { Config } from './params';
import type { BackendInfo, EmbeddingSnapshot } from './run/reports';
import type { StepPoint } from '../ml/trainer';
import type { EvalReport } from '../eval/report';
import { runLabel } from './run/summary';
import type { UiMode } from './link/viewParams';
import type { LessonRecord } from './presets/lessonReveal';

import type { Notice } from './notices';
import { MAX_PINNED, saveRecorded } from './persistence';
import { emptyEvalSeries, emptyHistory, pushEvaluation, pushSteps, type EvalSeries, type History } from './run/runHistory';

export { addNotice, dismissNotice, type Notice } from './notices';
export type { EvalSeries, History } from './run/runHistory';
export { clearRecorded, loadRecorded, MAX_PINNED, RECORDED_KEY } from './persistence';

/** A PR curve kept for comparison while another run trains. */
export interface PinnedCurve {
  label: string;
  ap: number;
  precision: number[];
  recall: number[];
}

/** One finished run in the OPIS-vs-error scatter (TCM Fig. 3). */
export interface RunPoint {
  label: string;
  /** 100 − Recall@1, in percent. */
  error: number;
  opis: number;
}

export interface PlaygroundState {
  config: Config;
  notices: Notice[];
  backend: BackendInfo | null;
  progress: { label: string; fraction: number } | null;
  /** Why the dataset failed to load (the page offers the toy sets); null when it did not fail. */
  dataError: string | null;
  dataset: { description: string; trainSize: number; evalSize: number; encoder: string; kernels: 'tfjs' | 'wgsl' } | null;
  running: boolean;
  finished: boolean;
  /** The loss became non-finite: Play and Step are off until a reset or a changed setting. */
  diverged: boolean;
  step: number;
  numTensors: number;
  history: History;
  /** Bumped whenever `history` is appended to or replaced. */
  historyVersion: number;
  snapshot: EmbeddingSnapshot | null;
  /** Embedding snapshots kept for the timeline (thinned evenly beyond {@link MAX_TIMELINE}). */
  timeline: EmbeddingSnapshot[];
  /** The timeline entry the embedding view shows; null follows the latest. */
  timelineIndex: number | null;
  /** The last snapshot before heating-up began, drawn faintly behind later ones. */
  ghost: EmbeddingSnapshot | null;
  /** Set when the worker can no longer train (device lost); cleared by a restart. */
  fatal: string | null;
  /** Number of the current run: the worker's reports about older runs are dropped. */
  run: number;
  /** The latest all-pairs evaluation of this run, and the step and scope it was made at. */
  evaluation: (EvalReport & { step: number; full: boolean }) | null;
  /** Progress of a running evaluation in [0, 1), null when none runs. */
  evalProgress: number | null;
  evalSeries: EvalSeries;
  /** Bumped whenever `evalSeries` is appended to or replaced. */
  evalVersion: number;
  /** PR curves kept for comparison (several; they survive a reload). */
  pinned: PinnedCurve[];
  /** Kept across runs: one point per recorded run. */
  runPoints: RunPoint[];
  /** The preset whose guide is shown, and which of its runs are A and B; null when none is. */
  preset: { id: string; a: number; b: number | null } | null;
  /** The lesson step on screen (`hu/2`, presets/lessons.ts), or null. */
  lesson: string | null;
  /** Each lesson step's prediction and reveal by step (`hu/2`), kept while the page is open: the handout prints them. */
  lessonLog: Readonly<Record<string, LessonRecord>>;
  /** Bumped when a comparison starts or stops (the controller holds B). */
  compareVersion: number;
  /** The first-visit introduction is shown. */
  introOpen: boolean;
  /** The page's layout: everything, lecture (transport and views only, large), or embed (bare views). */
  ui: UiMode;
  /** The link asks to start training as soon as the run is ready (kept in the link it writes). */
  autoplay: boolean;
  /** The glossary's open entry ('' = open at the top), or null when it is closed. */
  glossary: string | null;
  /** The target FAR the threshold tool shows (a view setting: kept across runs, not in the link). */
  thresholdFar: number;
}

/** Creates a store holding `config` (one per page; tests may make their own). */
export function createPlaygroundStore(config: Config) {
  return createStore<PlaygroundState>(() => ({
    config,
    notices: [],
    backend: null,
    progress: null,
    dataError: null,
    dataset: null,
    running: false,
    finished: false,
    diverged: false,
    step: 0,
    numTensors: 0,
    history: emptyHistory(),
    historyVersion: 0,
    snapshot: null,
    timeline: [],
    timelineIndex: null,
    ghost: null,
    fatal: null,
    run: 0,
    evaluation: null,
    evalProgress: null,
    evalSeries: emptyEvalSeries(),
    evalVersion: 0,
    pinned: [],
    runPoints: [],
    glossary: null,
    thresholdFar: 0.01,
    preset: null,
    lesson: null,
    lessonLog: {},
    compareVersion: 0,
    introOpen: false,
    ui: 'full',
    autoplay: false,
  }));
}

export type PlaygroundStore = ReturnType<typeof createPlaygroundStore>;

/** Opens the glossary at entry `id` ('' = the top); null closes it. */
export function openGlossary(store: PlaygroundStore, id: string | null): void {
  store.setState({ glossary: id });
}

/** Starts a fresh history for a new or reset run; returns the new run's number. */
export function clearRun(store: PlaygroundStore): number {
  const run = store.getState().run + 1;
  store.setState((s) => ({
    run,
    history: emptyHistory(),
    historyVersion: s.historyVersion + 1,
    snapshot: null,
    timeline: [],
    timelineIndex: null,
    ghost: null,
    // Until the worker reports the new run ready, there is nothing to play.
    dataset: null,
    dataError: null,
    evaluation: null,
    evalProgress: null,
    evalSeries: emptyEvalSeries(),
    evalVersion: s.evalVersion + 1,
    step: 0,
    finished: false,
    diverged: false,
    running: false,
  }));
  return run;
}

/** Appends trained steps to the run's history. */
export function appendSteps(store: PlaygroundStore, points: StepPoint[]): void {
  const { history, historyVersion } = store.getState();
  pushSteps(history, points);
  store.setState({ historyVersion: historyVersion + 1 });
}

/** Drops every point after `step` from the history and the metrics over steps (the run goes on from there). */
export function truncateRun(store: PlaygroundStore, step: number): void {
  const { history: h, evalSeries: e } = store.getState();
  const cut = (steps: number[], series: number[][]) => {
    const end = steps.findIndex((s) => s > step);
    if (end >= 0) for (const xs of [steps, ...series]) xs.length = end;
  };
  cut(h.step, [h.loss, h.alpha, h.lr]);
  cut(h.evalStep, [h.accuracy, h.compactness]);
  cut(e.step, [e.ap, e.opis, e.epsOpis, e.recallAt1, e.nmi]);
  store.setState((s) => ({ step, historyVersion: s.historyVersion + 1, evalVersion: s.evalVersion + 1 }));
}

/** Pins the current PR curve (it stays drawn, dashed, beside later ones and across reloads). */
export function pinCurrentCurve(store: PlaygroundStore): void {
  const { evaluation, config, pinned } = store.getState();
  if (!evaluation) return;
  const curve = { label: runLabel(config, evaluation.step), ap: evaluation.ap, precision: evaluation.pr.precision, recall: evaluation.pr.recall };
  store.setState({ pinned: [...pinned, curve].slice(-MAX_PINNED) });
  saveRecorded(store);
}

/** Adds the current run to the OPIS-vs-error scatter (TCM Fig. 3), from its latest evaluation. */
export function recordRunPoint(store: PlaygroundStore): void {
  const { evaluation, config, runPoints } = store.getState();
  if (!evaluation) return;
  const r1 = evaluation.recall.value[evaluation.recall.k.indexOf(1)];
  store.setState({ runPoints: [...runPoints, { label: runLabel(config, evaluation.step), error: 100 * (1 - r1), opis: evaluation.opis }] });
  saveRecorded(store);
}

/** Snapshots kept for the timeline; beyond this every other one is dropped (the newest always stays). */
export const MAX_TIMELINE = 120;

/**
 * Shows a new embedding snapshot and keeps it on the timeline, with its accuracy and compactness;
 * one at the step of the latest replaces it (a run's last step is refreshed in place).
 */
export function appendSnapshot(store: PlaygroundStore, snap: EmbeddingSnapshot): void {
  const { history: h, historyVersion, config } = store.getState();
  let { timeline, ghost, timelineIndex } = store.getState();
  const last = h.evalStep.length - 1;
  if (last >= 0 && h.evalStep[last] === snap.step) {
    h.accuracy[last] = snap.accuracy;
    h.compactness[last] = snap.compactness;
    timeline = timeline.slice(0, -1);
  } else {
    h.evalStep.push(snap.step);
    h.accuracy.push(snap.accuracy);
    h.compactness.push(snap.compactness);
  }
  timeline = [...timeline, snap];
  if (timeline.length > MAX_TIMELINE) {
    timeline = timeline.filter((_, i) => i % 2 === 1 || i === timeline.length - 1);
    if (timelineIndex !== null) timelineIndex = Math.floor(timelineIndex / 2);
  }
  if (config.heat !== 'off' && snap.step <= config.heatAt) ghost = snap;
  store.setState({ snapshot: snap, timeline, ghost, timelineIndex, historyVersion: historyVersion + 1 });
}

/** Shows timeline entry `index` in the embedding view (null: follow the latest). */
export function viewTimeline(store: PlaygroundStore, index: number | null): void {
  const n = store.getState().timeline.length;
  store.setState({ timelineIndex: index === null || index >= n - 1 ? null : Math.max(0, Math.round(index)) });
}

/** The snapshot the embedding view shows: the scrubbed one, or the latest. */
export function viewedSnapshot(s: PlaygroundState): EmbeddingSnapshot | null {
  return s.timelineIndex === null ? s.snapshot : (s.timeline[s.timelineIndex] ?? s.snapshot);
}

/** Keeps the latest evaluation; the series over steps takes only the periodic ones (same items each time). */
export function appendEvaluation(store: PlaygroundStore, step: number, full: boolean, r: EvalReport): void {
  const { evalSeries: e, evalVersion } = store.getState();
  if (full) {
    store.setState({ evaluation: { ...r, step, full: true }, evalProgress: null });
    return;
  }
  pushEvaluation(e, step, r);
  store.setState({ evaluation: { ...r, step, full }, evalProgress: null, evalVersion: evalVersion + 1 });
}

/** React hook over a store, with a selector. */
export function usePlayground<T>(store: PlaygroundStore, selector: (s: PlaygroundState) => T): T {
  return useStore(store, selector);
}
