/**
 * Which classes of a set the embedding view draws in the palette's colours, and what its legend
 * lists. Up to ten classes, each class keeps its own colour (class c in colour c, as every training
 * run on MNIST has always been drawn). A set with more classes than colours (a set of one's own may
 * have hundreds) would repeat colours: there the largest classes by item count (ties to the lower
 * class index), as many as there are colours, get the colours, in the order of their class index,
 * and every other class is drawn in one neutral grey beneath them; the legend lists the coloured
 * classes and one grey entry, "N other classes". Pure (no DOM): the page's view
 * (EmbeddingPlot.tsx) and its markup for files (../embedding/embeddingMarkup.ts) share it.
 */
import { pointsMarkup, type PointMark } from './svgKit';
import { CLASS_COLOURS, otherColour } from './palette';

/** Colours in the palette: the most classes told apart by colour. */
export const PALETTE_SIZE = CLASS_COLOURS.length;

/** The classes of a set and the palette colour each is drawn in. */
export interface ClassColouring {
  /** Items per class, for the classes present. */
  counts: ReadonlyMap<number, number>;
  /** More classes than colours: only the largest are coloured, the rest grey. */
  limited: boolean;
  /** The classes drawn in colour, ascending. */
  coloured: readonly number[];
  /** The classes drawn grey, ascending (empty unless `limited`). */
  others: readonly number[];
  /**
   * The palette colour of class `c`, as an index for `classColour` (which cycles past ten), or -1
   * for the neutral grey. While every class present is below the palette's size this is `c` itself,
   * for any `c` (class weights of classes absent from the set included), as before.
   */
  slot(c: number): number;
}

/** The colouring of the classes in `labels` with a palette of `colours` colours. */
export function classColouring(labels: ArrayLike<number>, colours = PALETTE_SIZE): ClassColouring {
  const counts = new Map<number, number>();
  for (let i = 0; i < labels.length; i++) counts.set(labels[i], (counts.get(labels[i]) ?? 0) + 1);
  const present = [...counts.keys()].sort((a, b) => a - b);
  // Every class a palette index of its own: unchanged.
  if (present.every((c) => Number.isInteger(c) && c >= 0 && c < colours)) {
    return { counts, limited: false, coloured: present, others: [], slot: (c) => c };
  }
  // The largest classes, ties to the lower index; coloured in the order of their index.
  const ranked = present.slice().sort((a, b) => counts.get(b)! - counts.get(a)! || a - b);
  const coloured = ranked.slice(0, colours).sort((a, b) => a - b);
  const slots = new Map(coloured.map((c, k) => [c, k]));
  const others = present.filter((c) => !slots.has(c));
  return { counts, limited: others.length > 0, coloured, others, slot: (c) => slots.get(c) ?? -1 };
}

/** The colouring of a set's labels, kept while the same labels are drawn again (a snapshot every few steps). */
const colourings = new WeakMap<object, ClassColouring>();
export function colouringOf(labels: ArrayLike<number>): ClassColouring {
  let c = colourings.get(labels);
  if (!c) colourings.set(labels, (c = classColouring(labels)));
  return c;
}

/** The colour of class `c` under `colouring`: a palette colour through `palette` (`classColour`, `Inks.colour`), or the grey. */
export const colourOf =
  (colouring: ClassColouring, palette: (slot: number) => string) =>
  (c: number): string => {
    const k = colouring.slot(c);
    return k < 0 ? otherColour() : palette(k);
  };

/**
 * Points as circles (svgKit's pointsMarkup) in their classes' colours under `colouring`, the
 * classes drawn grey first, beneath the coloured ones; both groups are `g.points`. The embedding's
 * files draw their points with it (../embedding/embeddingMarkup.ts).
 */
export function colouredPointsMarkup(marks: readonly PointMark[], colouring: ClassColouring, inks: { colour: (slot: number) => string }, opts: { r: number; opacity: number }): string {
  const colour = colourOf(colouring, inks.colour);
  if (!colouring.limited) return pointsMarkup(marks, colour, opts);
  const grey = marks.filter((m) => colouring.slot(m.cls) < 0);
  const coloured = marks.filter((m) => colouring.slot(m.cls) >= 0);
  return pointsMarkup(grey, colour, { ...opts, className: 'points others' }) + pointsMarkup(coloured, colour, opts);
}

/** One row of the legend: a coloured class, or (`cls` null) the grey entry for every other class. */
export interface LegendRow {
  cls: number | null;
  /** Palette index (`classColour`), or -1 for the grey. */
  slot: number;
  /** The text shown (a class name cut at 12 characters). */
  text: string;
  /** The row's tooltip: the whole name and the class's size, or the classes drawn grey. */
  title: string;
}

/** The legend as drawn: an optional note above the rows, the rows, and the room they take. */
export interface ClassLegend {
  /** "top 10 by size" where the classes outnumber the colours, else null. */
  note: string | null;
  rows: LegendRow[];
  /** Width in px at 11 px text: swatch, gap and the longest text (estimated, see `textWidth`). */
  width: number;
  /** Height in px: one 14 px line for the note and each row. */
  height: number;
}

/** Rows of the legend apart, in px. */
export const LEGEND_ROW = 14;
/** The swatch (9 px) and the gap before the text. */
const SWATCH = 13;
/** Grey classes named in the grey entry's tooltip at most. */
const TITLE_NAMES = 30;

/** A name as the legend shows it: cut at 12 characters. */
export const legendText = (t: string): string => (t.length > 12 ? `${t.slice(0, 11)}…` : t);

const plural = (k: number, one: string, many: string) => `${k.toLocaleString('en-US')} ${k === 1 ? one : many}`;

/**
 * The legend of `colouring`; `name(c)` is class c's name as shown (control characters already
 * written as code points), the label number where the set has no names.
 */
export function classLegend(colouring: ClassColouring, name: (c: number) => string): ClassLegend {
  const rows: LegendRow[] = colouring.coloured.map((c) => ({
    cls: c,
    slot: colouring.slot(c),
    text: legendText(name(c)),
    title: `${name(c)}: ${plural(colouring.counts.get(c) ?? 0, 'item', 'items')}`,
  }));
  let note: string | null = null;
  if (colouring.limited) {
    const k = colouring.others.length;
    const listed = colouring.others.slice(0, TITLE_NAMES).map(name).join(', ');
    rows.push({
      cls: null,
      slot: -1,
      text: plural(k, 'other class', 'other classes'),
      title: `${plural(k, 'class', 'classes')} drawn grey, beneath the ${colouring.coloured.length} largest: ${listed}${k > TITLE_NAMES ? ', …' : ''}`,
    });
    note = `top ${colouring.coloured.length} by size`;
  }
  const widest = Math.max(0, ...rows.map((r) => SWATCH + textWidth(r.text)), note ? textWidth(note) : 0);
  return { note, rows, width: Math.ceil(widest), height: (rows.length + (note ? 1 : 0)) * LEGEND_ROW };
}

/** East Asian wide characters and emoji (a full em). */
const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3041-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f000}-\u{1faff}\u{20000}-\u{3fffd}]/u;
/** Narrow letters and punctuation (about 0.3 em in a sans-serif face). */
const NARROW = /[ijlfrtI.,:;'!|()[\]\s]/;
/** Broad letters (about 0.85 em). */
const BROAD = /[mwMW@%]/;

/**
 * The width of `text` at `fontSize` px in a sans-serif face, estimated from its characters as wide
 * as DejaVu Sans sets them (wider than Arial or Helvetica; no layout: the command line draws the
 * figure without a browser).
 */
export function textWidth(text: string, fontSize = 11): number {
  let em = 0;
  for (const ch of text) {
    if (WIDE.test(ch)) em += 1;
    else if (NARROW.test(ch)) em += 0.32;
    else if (BROAD.test(ch)) em += 0.88;
    else if (/[A-Z]/.test(ch)) em += 0.72;
    else em += 0.6;
  }
  return em * fontSize;
}
