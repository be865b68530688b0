/**
 * What the threshold tool shows, from an evaluation report's operating points (EvalReport.operating)
 * and the chosen target FAR: the one global threshold, what it does overall, and what it does to
 * each class, with the classes it serves worst marked. Pure (no React, no DOM), shared by
 * ThresholdTool.tsx, its summariser and the command line's figures.
 */
import type { EvalReport } from '../eval/report';
import { DEFAULT_FARS } from '../eval/metrics/operatingPoints';

/** Share of the classes marked worst for each rate, as ε-OPIS pools them (at least one). */
const WORST_SHARE = 0.1;
/** Above this many classes the table lists only the worst by each rate (half each). */
export const MAX_TABLE_ROWS = 20;

/** One class at the chosen threshold. */
export interface ThresholdRow {
  t: number;
  name: string;
  far: number;
  frr: number;
  positives: number;
  negatives: number;
  /** Among the worst {@link WORST_SHARE} of classes by FAR_t (resp. FRR_t), and above the best class. */
  worstFar: boolean;
  worstFrr: boolean;
}

/** The threshold tool's content at one target FAR. */
export interface ThresholdView {
  /** Index of the point shown in the report's grid, and the grid. */
  index: number;
  fars: number[];
  far: number;
  distance: number;
  cosine: number;
  globalFar: number;
  tar: number;
  frr: number;
  /** Every class, in label order. */
  rows: ThresholdRow[];
  /** The rows the table lists (all, or the worst by each rate when there are many classes). */
  tableRows: ThresholdRow[];
}

/** Index of the grid FAR nearest to `far` on a log scale (the grid may differ between reports). */
export function nearestFarIndex(fars: readonly number[], far: number): number {
  let best = 0;
  const key = (f: number) => Math.log(Math.max(f, 1e-12));
  for (let i = 1; i < fars.length; i++) if (Math.abs(key(fars[i]) - key(far)) < Math.abs(key(fars[best]) - key(far))) best = i;
  return best;
}

/** A rate as a percentage, three significant digits ("1.02%", "0.0512%"); "—" when undefined. */
export function pctText(v: number): string {
  if (!Number.isFinite(v)) return '—';
  if (v === 0) return '0%';
  return `${Number((100 * v).toPrecision(3))}%`;
}

/** A target FAR in words, as the chooser says it: "FAR 1%", "FAR 0.01%". */
export const farLabel = (far: number): string => `FAR ${Number((100 * far).toPrecision(3))}%`;

/** The grid FARs a chooser offers before any evaluation (and when a report has none). */
export const defaultFars = (): number[] => DEFAULT_FARS.slice();

/**
 * Marks the top `share` of `rows` by `value`, ties at the cut included; only values above the lowest
 * (no spread, no mark).
 */
function markWorst(rows: ThresholdRow[], value: (r: ThresholdRow) => number, mark: (r: ThresholdRow) => void): void {
  const values = rows.map(value).filter(Number.isFinite).sort((a, b) => b - a);
  if (values.length < 2) return;
  const cut = values[Math.max(1, Math.round(WORST_SHARE * values.length)) - 1];
  const lowest = values[values.length - 1];
  for (const r of rows) if (value(r) >= cut && value(r) > lowest) mark(r);
}

/**
 * Views already worked out, per report and FAR: the tool's table, its chart and its summary each
 * ask for the same one when the report or the chosen FAR changes. Reports are never changed in
 * place, and a report dropped takes its views with it.
 */
const views = new WeakMap<object, Map<number, ThresholdView | null>>();

/** The tool's content for report `e` at the grid point nearest to `far`; null without operating points. */
export function thresholdView(e: Pick<EvalReport, 'operating' | 'classNames'>, far: number): ThresholdView | null {
  let byFar = views.get(e);
  if (!byFar) views.set(e, (byFar = new Map()));
  if (!byFar.has(far)) byFar.set(far, viewAt(e, far));
  return byFar.get(far)!;
}

function viewAt(e: Pick<EvalReport, 'operating' | 'classNames'>, far: number): ThresholdView | null {
  const ops = e.operating;
  if (!ops || ops.far.length === 0) return null;
  const index = nearestFarIndex(ops.far, far);
  const rows: ThresholdRow[] = ops.classFar[index].map((f, t) => ({
    t,
    name: e.classNames?.[t] ?? String(t),
    far: f,
    frr: ops.classFrr[index][t],
    positives: ops.positives[t],
    negatives: ops.negatives[t],
    worstFar: false,
    worstFrr: false,
  }));
  markWorst(rows, (r) => r.far, (r) => (r.worstFar = true));
  markWorst(rows, (r) => r.frr, (r) => (r.worstFrr = true));
  let tableRows = rows;
  if (rows.length > MAX_TABLE_ROWS) {
    // Many classes (own embeddings): the worst half-table by each rate, in label order.
    const top = (value: (r: ThresholdRow) => number) => rows.filter((r) => Number.isFinite(value(r))).sort((a, b) => value(b) - value(a)).slice(0, MAX_TABLE_ROWS / 2);
    const keep = new Set([...top((r) => r.far), ...top((r) => r.frr)]);
    tableRows = rows.filter((r) => keep.has(r));
  }
  const tar = ops.tar[index];
  return { index, fars: ops.far, far: ops.far[index], distance: ops.distance[index], cosine: ops.cosine[index], globalFar: ops.globalFar[index], tar, frr: 1 - tar, rows, tableRows };
}
