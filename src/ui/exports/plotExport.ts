/**
 * Saves a view as a standalone SVG or a PNG: the view's SVG cloned with every element's computed
 * look written inline (CSS classes and variables resolved, so the file opens anywhere without the
 * page's style sheet), canvas layers redrawn as vector points from the same data, under a band with
 * the view's title (legend keys in their colours), its caption and the run. Exports use the colour
 * scheme in force (dark stays dark), on the view's own panel colour. The PNG is that SVG drawn at
 * twice its size.
 */
import { viewedSnapshot, type PlaygroundState } from '../../state/store';
import { drawWaiting } from '../useFrameRedraw';
import type { ViewSource } from '../viewSource';
import { classColour } from '../../charts/kit/palette';
import { runFileName, saveFile } from './download';
import { plotHasContent } from './exportable';
import { isCompareChart, type FigureId } from '../plots/plotIds';
import { INHERITED_PROPS, OWN_PROPS, SVG_NS, escapeXml, pngSize, scaleFromTicks, styleDeclarations, titleBand, type LinearMap, type TextRun } from '../../charts/kit/svgKit';
import { embeddingPointsMarkup, inputPlaneMarkup, timelineMarkup, type Inks } from '../../charts/viewMarkup';
import { queryLinesMarkup } from '../../charts/scoreLines';

/** A standalone SVG file: its text and its size in px. */
export interface ExportedSvg {
  text: string;
  width: number;
  height: number;
}

/** The body of an export: an `<svg>` element placed at (0, y), of this size. */
interface Body {
  width: number;
  height: number;
  render: (y: number) => string;
}

const PROPS = [...INHERITED_PROPS, ...Object.keys(OWN_PROPS)];

function computed(el: Element): Record<string, string> {
  const cs = getComputedStyle(el);
  const out: Record<string, string> = {};
  for (const p of PROPS) out[p] = cs.getPropertyValue(p);
  return out;
}

/**
 * A copy of `live` whose every element carries its computed look in `style`; what is not shown
 * (display: none, such as hover readouts and tooltips' titles) and HTML islands (foreignObject) are left out.
 */
function styledClone(live: SVGSVGElement): SVGSVGElement {
  const clone = live.cloneNode(true) as SVGSVGElement;
  const walk = (src: Element, dst: Element, parent: Record<string, string> | null) => {
    const own = computed(src);
    dst.setAttribute('style', styleDeclarations(own, parent));
    const from = Array.from(src.children);
    const to = Array.from(dst.children);
    from.forEach((child, i) => {
      if (child.localName === 'foreignObject' || getComputedStyle(child).display === 'none') to[i].remove();
      else walk(child, to[i], own);
    });
  };
  walk(live, clone, null);
  return clone;
}

/** Inserts SVG markup as the first children of `el` (under everything already drawn). */
function prepend(el: SVGSVGElement, markup: string): void {
  const doc = new DOMParser().parseFromString(`<svg xmlns="${SVG_NS}">${markup}</svg>`, 'image/svg+xml');
  const nodes = Array.from(doc.documentElement.childNodes).map((n) => document.importNode(n, true));
  el.prepend(...nodes);
}

/** The size a live SVG draws in (its view box). */
function viewSize(svg: SVGSVGElement): { width: number; height: number } {
  const vb = svg.viewBox.baseVal;
  return vb && vb.width > 0 ? { width: vb.width, height: vb.height } : { width: svg.width.baseVal.value, height: svg.height.baseVal.value };
}

/** A cloned live SVG as the body. */
function cloneBody(live: SVGSVGElement, under = ''): Body {
  const { width, height } = viewSize(live);
  const clone = styledClone(live);
  if (under) prepend(clone, under);
  return {
    width,
    height,
    render: (y) => {
      for (const [k, v] of Object.entries({ x: 0, y, width, height, viewBox: `0 0 ${width} ${height}` })) clone.setAttribute(k, String(v));
      return new XMLSerializer().serializeToString(clone);
    },
  };
}

/** Markup inside an `<svg>` of the given size, as the body. */
const markupBody = (m: { markup: string; width: number; height: number }): Body => ({
  width: m.width,
  height: m.height,
  render: (y) => `<svg x="0" y="${y}" width="${m.width}" height="${m.height}" viewBox="0 0 ${m.width} ${m.height}">${m.markup}</svg>`,
});

/** The x and y scales the embedding plot's axes were drawn with (read from their ticks). */
function axesScales(svg: SVGSVGElement): { x: LinearMap; y: LinearMap } | null {
  const horizontal: { px: number; label: string }[] = [];
  const vertical: { px: number; label: string }[] = [];
  for (const tick of Array.from(svg.querySelectorAll('g.tick'))) {
    const m = /translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)/.exec(tick.getAttribute('transform') ?? '');
    if (!m) continue;
    const label = tick.querySelector('text')?.textContent ?? '';
    if (Number(m[2]) === 0) horizontal.push({ px: Number(m[1]), label });
    else vertical.push({ px: Number(m[2]), label });
  }
  const x = scaleFromTicks(horizontal);
  const y = scaleFromTicks(vertical);
  return x && y ? { x, y } : null;
}

/** The embedding: the overlay SVG, with the canvas's points under it as circles. */
function embeddingBody(host: HTMLElement, s: PlaygroundState, inks: Inks): Body | null {
  const live = host.querySelector<SVGSVGElement>('.stack > svg');
  const snap = viewedSnapshot(s);
  if (!live || !snap) return null;
  const ghost = host.dataset.ghost && s.ghost && String(s.ghost.step) === host.dataset.ghost ? s.ghost : null;
  const scales = axesScales(live);
  if (scales) return cloneBody(live, embeddingPointsMarkup(snap, ghost, scales.x, scales.y, inks));
  // The axes could not be read back: the canvas itself, as an image under the overlay.
  const canvas = host.querySelector('canvas');
  const { width, height } = viewSize(live);
  return cloneBody(live, canvas ? `<image href="${canvas.toDataURL('image/png')}" width="${width}" height="${height}"/>` : '');
}

/**
 * The input plane's class map as a PNG data URL, in opaque colours (the file draws it at the page's
 * 35 %: one opacity for the whole image, so cells that touch do not darken where they overlap).
 */
function classMap(plane: NonNullable<NonNullable<PlaygroundState['snapshot']>['plane']>, size: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d')!;
  const cell = size / plane.size;
  for (let r = 0; r < plane.size; r++)
    for (let c = 0; c < plane.size; c++) {
      const k = plane.classes[r * plane.size + c];
      if (k < 0) continue;
      ctx.fillStyle = classColour(k);
      ctx.fillRect(c * cell, r * cell, Math.ceil(cell), Math.ceil(cell));
    }
  return canvas.toDataURL('image/png');
}

/** What goes under the title band, per view. */
function bodyOf(id: FigureId, host: HTMLElement, s: PlaygroundState, inks: Inks): Body | null {
  if (id === 'embedding-plot') return embeddingBody(host, s, inks);
  if (id === 'embedding-timeline') return markupBody(timelineMarkup(s.timeline, s.config.heat !== 'off' ? s.config.heatAt : null, inks));
  if (id === 'input-plane') {
    const plane = s.snapshot?.plane;
    const size = host.querySelector('canvas')?.width ?? 300;
    return plane ? markupBody(inputPlaneMarkup(plane, classMap(plane, size), size, inks)) : null;
  }
  const live = host.querySelector<SVGSVGElement>(':scope > svg');
  // The score distribution paints its query lines on a canvas (left out of the clone): as paths here.
  const sd = id === 'score-distribution' ? s.evaluation?.scoreDistribution : null;
  if (live && sd) return cloneBody(live, queryLinesMarkup(sd));
  return live ? cloneBody(live) : null;
}

/** A colour that is painted (the first non-transparent background from `el` up; white if none). */
function backgroundOf(el: Element | null): string {
  for (let e = el; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return '#ffffff';
}

/** The title as on the page, in runs: legend keys (spans) keep their colour; buttons are left out. */
function titleRuns(caption: HTMLElement): TextRun[] {
  const runs: TextRun[] = [];
  for (const node of Array.from(caption.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) runs.push({ text: node.textContent ?? '' });
    else if (node instanceof HTMLElement && !node.matches('button, .plot-export')) {
      const cs = getComputedStyle(node);
      runs.push({ text: node.textContent ?? '', fill: cs.color, weight: cs.fontWeight });
    }
  }
  return runs;
}

/**
 * An overlay's title names what was compared: a line "A: <run>" and a line "B: <run>", A and B in
 * the colours of their lines (read from the legend's swatches, as drawn).
 */
function compareRuns(host: HTMLElement, a: ViewSource, b: ViewSource): TextRun[] {
  const ink = (run: 'a' | 'b') => {
    const swatch = host.querySelector(`.legend .run-${run}`);
    return swatch ? getComputedStyle(swatch).fill : undefined;
  };
  const line = (run: 'a' | 'b', v: ViewSource): TextRun[] => [
    { text: '\n' },
    { text: run.toUpperCase(), fill: ink(run), weight: '700' },
    { text: `: ${v.name(v.store.getState().step)}`, weight: '400' },
  ];
  return [...line('a', a), ...line('b', b)];
}

/** The line under a saved figure's caption: what it shows, by its source's name at `step` and detail. */
function runLine(a: ViewSource, step: number): string {
  const detail = a.detail();
  return `Metric Playground · ${a.name(step)}${detail ? ` · ${detail}` : ''}`;
}

/**
 * The figure `id` whose `<figcaption>` is `caption`, as a standalone SVG of what `a` shows; null
 * when it has nothing drawn. `a`'s link goes into the file's description; `b` is run or set B,
 * which the comparison's overlays draw with A.
 */
export function buildPlotSvg(id: FigureId, caption: HTMLElement, a: ViewSource, b?: ViewSource | null): ExportedSvg | null {
  const s = a.store.getState();
  const pair = isCompareChart(id) && b ? b : null;
  if (!plotHasContent(id, s, pair?.store.getState())) return null;
  const host = caption.closest('figure') ?? caption.parentElement;
  if (!host) return null;
  // A view off screen may hold a redraw back until it is seen: the file shows the state now.
  drawWaiting(host);
  const hostStyle = getComputedStyle(host);
  const note = caption.nextElementSibling?.matches('.plot-caption') ? caption.nextElementSibling : null;
  const inks: Inks = { colour: classColour, ink: hostStyle.color, muted: note ? getComputedStyle(note).color : hostStyle.color, line: hostStyle.borderTopColor };
  const body = bodyOf(id, host, s, inks);
  if (!body) return null;
  const step = id === 'embedding-plot' ? (viewedSnapshot(s)?.step ?? s.step) : s.step;
  const band = titleBand({
    title: pair ? [...titleRuns(caption), ...compareRuns(host, a, pair)] : titleRuns(caption),
    caption: note?.textContent ?? '',
    // A pair's data sets may differ (each is named in the title), so no one description here.
    run: pair ? 'Metric Playground · runs A and B compared' : runLine(a, step),
    width: body.width,
    ink: inks.ink,
    muted: inks.muted,
    font: hostStyle.fontFamily,
  });
  const width = body.width;
  const height = band.height + body.height;
  const text =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(hostStyle.fontFamily)}">` +
    `<desc>${escapeXml(`Saved from Metric Playground; the run: ${a.link()}`)}</desc>` +
    `<rect class="export-background" width="${width}" height="${height}" fill="${escapeXml(backgroundOf(host))}"/>` +
    band.markup +
    body.render(band.height) +
    `</svg>\n`;
  return { text, width, height };
}

/** Draws a standalone SVG on a canvas at `scale` × its size and encodes it as PNG. */
export async function svgToPng(svg: ExportedSvg, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const size = pngSize(svg.width, svg.height, scale);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')!.drawImage(img, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser could not encode the PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves figure `id` (its figcaption `caption`) of what `a` shows as `kind`; throws when it has nothing drawn. `b`: as for buildPlotSvg. */
export async function savePlot(kind: 'svg' | 'png', id: FigureId, caption: HTMLElement, a: ViewSource, b?: ViewSource | null): Promise<void> {
  const svg = buildPlotSvg(id, caption, a, b);
  if (!svg) throw new Error('the view has nothing drawn yet');
  const s = a.store.getState();
  const step = id === 'embedding-plot' ? (viewedSnapshot(s)?.step ?? s.step) : s.step;
  if (kind === 'svg') saveFile(runFileName(id, step, 'svg'), svg.text, 'image/svg+xml');
  else saveFile(runFileName(id, step, 'png'), await svgToPng(svg));
}
