/**
 * A chart as a standalone SVG file, drawn outside a browser: the chart's own d3 drawing into a DOM
 * made by linkedom, wrapped in an `<svg>` with its title, a white background and the plots' styles
 * in a `<style>` (the light theme's variables and the plots' text rules, theme.ts, with
 * evaluation.css and thresholdTool.css), so the file needs nothing else. The command line's figures
 * (src/cli/evaluate/figures.ts) and the charts' snapshot tests render with it.
 */
import { parseHTML } from 'linkedom';
import evaluationCss from './evaluation.css?raw';
import thresholdCss from './thresholdTool.css?raw';
import { declarations, LIGHT, PLOT_TEXT_RULES } from './theme';
import { SVG_NS } from './svgKit';

/** A file's size and root class (the page's figure classes that its styles select on). */
export interface FileFrame {
  width: number;
  height: number;
  cls: string;
}

/** Every evaluation plot of the page is 420 × 260. */
export const PLOT_FILE: FileFrame = { width: 420, height: 260, cls: 'eval-plot' };

/** The light theme's variables and the plots' text rules, with evaluation.css and thresholdTool.css. */
export function plotStyle(): string {
  return `svg{${declarations(LIGHT)}\ncolor:var(--ink);font-family:system-ui,sans-serif;}\n${PLOT_TEXT_RULES.join('\n')}\n${evaluationCss}\n${thresholdCss}`;
}

/** The standalone file: `body` (markup inside the `<svg>`) on white, with its title and the plots' styles. */
export function standaloneSvg(title: string, body: string, f: FileFrame): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="${SVG_NS}" class="${f.cls}" viewBox="0 0 ${f.width} ${f.height}" width="${f.width}" height="${f.height}" role="img">` +
    `<title>${esc(title)}</title><style>${esc(plotStyle())}</style>` +
    `<rect width="${f.width}" height="${f.height}" fill="#ffffff"/>${body}</svg>\n`
  );
}

/**
 * Draws with `paint` into a fresh `<svg>` inside a `<figure class="plot …">` (the box the page's
 * charts write their data attributes on), over `under` (markup of what the page paints on a
 * canvas), and returns the file text.
 */
export function renderSvg(title: string, paint: (svg: SVGSVGElement, box: HTMLElement) => void, f: FileFrame = PLOT_FILE, under = ''): string {
  const { document } = parseHTML(`<!doctype html><html><body><figure class="plot ${f.cls}"></figure></body></html>`);
  const box = document.querySelector('figure') as unknown as HTMLElement;
  const svg = document.createElementNS(SVG_NS, 'svg') as unknown as SVGSVGElement;
  box.appendChild(svg);
  paint(svg, box);
  return standaloneSvg(title, under + svg.innerHTML, f);
}
