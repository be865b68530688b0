/**
 * The parts every plot's text alternative is made of (see src/ui/plots/summaries/plotSummaries.ts): what a summariser
 * returns (a sentence and a table), and number formats and row thinning shared by them. Pure (no React, no DOM).
 */
/** The numbers a plot draws, as a table: a header row, then rows of text cells (first cell = row header). */
export interface PlotTable {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** A plot in words: one or two sentences for screen readers, and its numbers as a table. */
export interface PlotSummary {
  readonly text: string;
  readonly table: PlotTable;
}

/** Tables keep at most this many rows: enough to follow a curve, few enough to read. */
export const MAX_ROWS = 20;

/** Three significant digits; e-notation below 0.01 (OPIS); "—" for a missing value. */
export function num(v: number | undefined, digits = 3): string {
  if (v === undefined || Number.isNaN(v)) return '—';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  if (v === 0) return '0';
  return Math.abs(v) >= 0.01 ? String(Number(v.toPrecision(digits))) : v.toExponential(digits - 1);
}

/** A share as a percentage with one decimal. */
export const pct = (v: number | undefined): string => (v === undefined || !Number.isFinite(v) ? '—' : `${(100 * v).toFixed(1)}%`);

/** A step number with thousands separators. */
export const stepText = (n: number): string => n.toLocaleString('en-US');

/** At most `max` evenly spaced indices of 0 … len − 1, the first and last always kept. */
export function evenly(len: number, max = MAX_ROWS): number[] {
  if (len <= max) return Array.from({ length: len }, (_, i) => i);
  const out: number[] = [];
  for (let i = 0; i < max; i++) out.push(Math.round((i * (len - 1)) / (max - 1)));
  return out;
}

/** Index of the last finite value before `end` (exclusive), or −1. */
export function lastFinite(xs: ArrayLike<number>, end = xs.length): number {
  for (let i = end - 1; i >= 0; i--) if (Number.isFinite(xs[i])) return i;
  return -1;
}

/**
 * "PR-AUC 0.96, up from 0.95 at step 500": the latest finite value of a series and how it moved
 * since the one before; null when the series has no finite value.
 */
export function trend(name: string, steps: ArrayLike<number>, values: ArrayLike<number>, format: (v: number) => string = num): string | null {
  const i = lastFinite(values);
  if (i < 0) return null;
  const j = lastFinite(values, i);
  const now = format(values[i]);
  if (j < 0) return `${name} ${now}`;
  const before = format(values[j]);
  const way = now === before ? 'unchanged since' : values[i] > values[j] ? `up from ${before} at` : `down from ${before} at`;
  return `${name} ${now}, ${way} step ${stepText(steps[j])}`;
}

/** Joins the parts that exist with "; " and ends the sentence. */
export const sentence = (parts: readonly (string | null | undefined | false)[]): string => parts.filter(Boolean).join('; ') + '.';

/** The summary of a plot with nothing to show yet. */
export const empty = (text: string, columns: readonly string[]): PlotSummary => ({ text, table: { columns, rows: [] } });
