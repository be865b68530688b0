/**
 * The self-contained `report.html` of `metric-playground evaluate`: the metrics table, the
 * per-class operating points with the threshold tool's charts, and the other figures inline (no
 * script, no external URL), so it opens anywhere and can be mailed as one file.
 */
import type { Figure } from './figures';
import { fmt, metricRows, type MetricsDoc } from './metricsDoc';
import { visibleText } from '../../state/notices';

/**
 * Text as HTML: escaped, and its control and bidi characters shown as code points (U+202E), as the
 * page's notices show them — a class name or file name from the user's files cannot reverse what
 * it is drawn in ("\u202Eexe.txt" reads "U+202Eexe.txt", never "txt.exe").
 */
const esc = (s: string): string => visibleText(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A file's name without its folders (the report may be mailed: no local paths in it). */
export const baseName = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1) || path;

/** An SVG file's text as inline markup: no XML declaration, no namespace URL (HTML gives it). */
function inlineSvg(svg: string): string {
  return svg.replace(/^<\?xml[^>]*>\s*/, '').replace(/ xmlns="[^"]*"/, '');
}

/** report.html for `m` and its figures. */
export function reportHtml(m: MetricsDoc, figures: Figure[]): string {
  const rows = metricRows(m)
    .map(([a, b, c]) => `<tr><th scope="row">${esc(a)}</th><td>${esc(b)}</td><td>${esc(c)}</td></tr>`)
    .join('\n');
  const fars = Object.keys(m.threshold);
  const perClass = m.classNames
    .map((name) => {
      const cells = fars.map((f) => {
        const p = m.threshold[f].perClass[name];
        return `<td>${esc(fmt(p.far))}</td><td>${esc(fmt(p.frr))}</td>`;
      });
      return `<tr><th scope="row">${esc(name)}</th>${cells.join('')}</tr>`;
    })
    .join('\n');
  const head = fars.map((f) => `<th colspan="2">at global FAR ${esc(f)} (d ≤ ${esc(fmt(m.threshold[f].distance))})</th>`).join('');
  const sub = fars.map(() => '<th>FAR</th><th>FRR</th>').join('');
  const inline = (fs: Figure[]) => fs.map((f) => `<figure><figcaption>${esc(f.title)}</figcaption>${inlineSvg(f.svg)}</figure>`).join('\n');
  // The threshold tool's charts go with the per-class table they draw; the rest under "Figures".
  const figs = inline(figures.filter((f) => f.section === undefined));
  const thresholdFigs = figures.filter((f) => f.section === 'threshold');
  const embeddings = baseName(m.embeddings);
  const warn = m.warnings.length ? `<ul class="warn">${m.warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Metric Playground report · ${esc(embeddings)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#1f2328;padding:0 1rem}
table{border-collapse:collapse;margin:0.5rem 0 1.5rem}th,td{padding:0.2rem 0.6rem;text-align:left;border-bottom:1px solid #d9dcdf}
td{font-family:ui-monospace,monospace}.figs{display:flex;flex-wrap:wrap;gap:1rem}figure{margin:0;width:min-content}figcaption{font-weight:600}
.warn{color:#8a5a00}
</style></head>
<body>
<h1>Evaluation of ${esc(embeddings)}</h1>
<p>Labels: ${esc(baseName(m.labels))}${m.labelColumn ? ` (column “${esc(m.labelColumn)}”)` : ''}. Computed by <code>metric-playground evaluate</code> in ${esc(fmt(m.seconds))} s, as the Metric Playground's evaluation view computes it.</p>
${warn}
<h2>Metrics</h2>
<table>${rows}</table>
<h2>One threshold for every class</h2>
<p>The distance threshold at which the global false-accept rate reaches each target, and the false-accept and false-reject rates it gives each class.</p>
<table><tr><th rowspan="2">class</th>${head}</tr><tr>${sub}</tr>
${perClass}</table>
${thresholdFigs.length ? `<p>Each class at (its FAR, its FRR) at that threshold; dashed: the global rates.</p>\n<div class="figs">${inline(thresholdFigs)}</div>` : ''}
<h2>Figures</h2>
<div class="figs">${figs}</div>
</body></html>
`;
}
