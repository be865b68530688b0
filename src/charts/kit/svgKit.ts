/**
 * Pure helpers of the plot exports (plotExport.ts does the DOM work): which computed styles to
 * inline and when, the title band's text layout, points as SVG markup, and reading a d3 axis back
 * into a linear scale. No DOM here, so all of it is unit-tested.
 */

/** The SVG namespace. */
export const SVG_NS = 'http://www.w3.org/2000/svg';

/** Escapes text for XML content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * Inherited properties that decide how an SVG element looks: computed on the page (CSS classes and
 * variables resolved) and written inline, so the file needs no style sheet.
 */
export const INHERITED_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'paint-order',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'visibility',
] as const;

/** Properties that are not inherited, with the initial value that needs no writing. */
export const OWN_PROPS: Readonly<Record<string, string>> = { opacity: '1', display: 'inline' };

/**
 * The inline `style` for an element with computed values `own`, whose parent in the file has
 * computed values `parent` (null for the root, which gets every inherited property): an inherited
 * property is written only where it differs from the parent's (else inheritance gives it), a
 * non-inherited one only where it differs from its initial value.
 */
export function styleDeclarations(own: Readonly<Record<string, string>>, parent: Readonly<Record<string, string>> | null): string {
  const out: string[] = [];
  for (const p of INHERITED_PROPS) {
    const v = own[p];
    if (v !== undefined && v !== '' && (parent === null || parent[p] !== v)) out.push(`${p}:${v}`);
  }
  for (const [p, initial] of Object.entries(OWN_PROPS)) {
    const v = own[p];
    if (v !== undefined && v !== '' && v !== initial) out.push(`${p}:${v}`);
  }
  return out.join(';');
}

/** Rough width of a character at font size 1 in a sans-serif face (for wrapping; generous). */
const CHAR_WIDTH = 0.56;

/** Splits `text` into lines of at most about `width` pixels at `size` px (words are never cut). */
export function wrapText(text: string, width: number, size: number): string[] {
  const max = Math.max(8, Math.floor(width / (size * CHAR_WIDTH)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A run of title text in one colour (a legend key inside a title keeps its colour). */
export interface TextRun {
  text: string;
  fill?: string;
  weight?: string;
}

/**
 * Splits title runs into lines of at most about `width` px at `size` px, at spaces (and always at
 * a line break), keeping each word's run (colour, weight); adjacent words of one run stay one run.
 */
export function wrapRuns(runs: readonly TextRun[], width: number, size: number): TextRun[][] {
  const max = Math.max(8, Math.floor(width / (size * CHAR_WIDTH)));
  const lines: TextRun[][] = [];
  let line: TextRun[] = [];
  let length = 0;
  for (const run of runs) {
    for (const piece of run.text.split(/(\s+)/)) {
      if (piece === '') continue;
      const space = /^\s+$/.test(piece);
      if (space && length === 0) continue;
      if ((space && piece.includes('\n')) || (!space && length > 0 && length + piece.length > max)) {
        lines.push(line);
        line = [];
        length = 0;
        if (space) continue;
      }
      const text = space ? ' ' : piece;
      const last = line[line.length - 1];
      if (last && last.fill === run.fill && last.weight === run.weight) last.text += text;
      else line.push({ ...run, text });
      length += text.length;
    }
  }
  if (line.length) lines.push(line);
  // No run ends a line in a space (it would shift end-anchored layouts).
  for (const l of lines) {
    const last = l[l.length - 1];
    last.text = last.text.trimEnd();
    if (!last.text) l.pop();
  }
  return lines.filter((l) => l.length > 0);
}

/** What the band above an exported plot says, and in which colours. */
export interface TitleBandSpec {
  /** The view's title as on the page, in runs. */
  title: readonly TextRun[];
  /** The view's one-line caption (wrapped to the width). */
  caption: string;
  /** The run: its label and step. */
  run: string;
  width: number;
  ink: string;
  muted: string;
  font: string;
}

/** The title band's markup (a `<g>`) and its height in px. */
export function titleBand(spec: TitleBandSpec): { markup: string; height: number } {
  const pad = 10;
  const inner = spec.width - 2 * pad;
  const parts: string[] = [];
  let y = pad - 5;
  const tspan = (r: TextRun) => `<tspan${r.fill ? ` fill="${escapeXml(r.fill)}"` : ''}${r.weight ? ` font-weight="${escapeXml(r.weight)}"` : ''}>${escapeXml(r.text)}</tspan>`;
  for (const line of wrapRuns(spec.title, inner, 14)) {
    y += 18;
    parts.push(`<text class="export-title" x="${pad}" y="${y}" font-size="14" font-weight="600" fill="${escapeXml(spec.ink)}">${line.map(tspan).join('')}</text>`);
  }
  for (const line of wrapText(spec.caption, inner, 11)) {
    y += 15;
    parts.push(`<text class="export-caption" x="${pad}" y="${y}" font-size="11" fill="${escapeXml(spec.muted)}">${escapeXml(line)}</text>`);
  }
  for (const line of wrapText(spec.run, inner, 10)) {
    y += 14;
    parts.push(`<text class="export-run" x="${pad}" y="${y}" font-size="10" fill="${escapeXml(spec.muted)}">${escapeXml(line)}</text>`);
  }
  const height = Math.ceil(y + 8);
  return { markup: `<g class="export-title-band" font-family="${escapeXml(spec.font)}">${parts.join('')}</g>`, height };
}

/** A mark at (x, y) in one of the classes. */
export interface PointMark {
  x: number;
  y: number;
  cls: number;
}

/** Two decimals: far below a pixel, and a third of the file size of full doubles. */
const r2 = (v: number) => String(Math.round(v * 100) / 100);

/**
 * Points as SVG circles, one `<g>` per class (its colour once, not per point), in class order;
 * `stroke` draws a ring around each point (the input plane's white halo).
 */
export function pointsMarkup(
  points: readonly PointMark[],
  colour: (cls: number) => string,
  opts: { r: number; opacity: number; stroke?: string; strokeWidth?: number; className?: string },
): string {
  const byClass = new Map<number, string[]>();
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    const list = byClass.get(p.cls) ?? [];
    list.push(`<circle cx="${r2(p.x)}" cy="${r2(p.y)}" r="${opts.r}"/>`);
    byClass.set(p.cls, list);
  }
  const ring = opts.stroke ? ` stroke="${escapeXml(opts.stroke)}" stroke-width="${opts.strokeWidth ?? 1}"` : ' stroke="none"';
  const groups = [...byClass.keys()]
    .sort((a, b) => a - b)
    .map((c) => `<g data-class="${c}" fill="${escapeXml(colour(c))}" fill-opacity="${opts.opacity}"${ring}>${byClass.get(c)!.join('')}</g>`);
  return `<g class="${opts.className ?? 'points'}">${groups.join('')}</g>`;
}

/** A linear map value → pixel. */
export interface LinearMap {
  (v: number): number;
}

/**
 * The linear scale a d3 axis was drawn with, read back from its ticks (pixel position and label):
 * the two ticks farthest apart fix it. d3 writes minus as U+2212 and may group thousands with
 * commas. Null when fewer than two ticks have distinct numeric labels.
 */
export function scaleFromTicks(ticks: readonly { px: number; label: string }[]): LinearMap | null {
  const parsed = ticks
    .filter((t) => t.label.trim() !== '')
    .map((t) => ({ px: t.px, v: Number(t.label.replace(/\u2212/g, '-').replace(/,/g, '').trim()) }))
    .filter((t) => Number.isFinite(t.v) && Number.isFinite(t.px));
  if (parsed.length < 2) return null;
  parsed.sort((a, b) => a.v - b.v);
  const lo = parsed[0];
  const hi = parsed[parsed.length - 1];
  if (hi.v === lo.v) return null;
  const k = (hi.px - lo.px) / (hi.v - lo.v);
  return (v: number) => lo.px + (v - lo.v) * k;
}

/** The pixel size of a PNG of a `width` × `height` SVG at `scale` (2 = twice the view box, for sharp text). */
export function pngSize(width: number, height: number, scale = 2): { width: number; height: number } {
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Evenly spaced indices into a list of n, at most `max`, always the first and last. */
export function spreadIndices(n: number, max: number): number[] {
  if (n <= 0) return [];
  if (n <= max) return Array.from({ length: n }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < max; k++) out.add(Math.round((k * (n - 1)) / (max - 1)));
  return [...out];
}
