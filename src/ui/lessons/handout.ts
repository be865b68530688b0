/**
 * "Print the lesson": a one-page handout of a lesson sequence as a standalone HTML file, with a
 * print stylesheet that fits it on one A4 page — each step's question, the class's prediction,
 * what the runs showed (the numbers of every seed) and the key figure as it ended. Built from plain
 * data (the lesson, its records), so it is unit-tested; the page saves it.
 */
import { stepPreset, type Lesson } from '../../state/presets/lessons';
import { paperLine, predictionLine, type LessonRecord } from '../../state/presets/lessonReveal';
import { escapeXml } from '../../charts/kit/svgKit';

/** What the handout needs besides the lesson: its records by step index, the page's address and the date. */
export interface HandoutInput {
  lesson: Lesson;
  /** Each step's record (undefined: the step was not opened). */
  records: readonly (LessonRecord | undefined)[];
  /** A link that opens each step (`#lesson=hu/2`), by step index. */
  links: readonly string[];
  /** When it was printed, in words. */
  date: string;
}

const esc = escapeXml;

/** A number in the handout's tables (4 significant digits, small ones in e-notation). */
const num = (v: number): string => (!Number.isFinite(v) ? '—' : v !== 0 && Math.abs(v) < 1e-3 ? v.toExponential(2) : String(Number(v.toPrecision(4))));

/** The standalone figure's markup, inlined (its XML declaration dropped). */
const inlineSvg = (svg: string): string => svg.replace(/^<\?xml[^>]*>\s*/, '');

/** One step's part of the page. */
function stepHtml(input: HandoutInput, i: number): string {
  const step = input.lesson.steps[i];
  const record = input.records[i];
  const reveal = record?.reveal ?? null;
  const answers = step.answers.map((a, k) => `<span${record?.answer === k ? ' class="picked"' : ''}>${k + 1}. ${esc(a.label)}${record?.answer === k ? ' ← predicted' : ''}</span>`).join(' · ');
  let body: string;
  if (!reveal) {
    body = `<p class="pending">${record?.answer !== undefined && record.answer !== null ? `${esc(predictionLine(step, record.answer, null))} ` : ''}Not run to its end yet.</p>`;
  } else {
    // One column per seed (or sample type), A's and B's numbers in two rows: three lines whatever the seeds.
    const { label, head, rows } = reveal.numbers;
    const cells = (pick: (r: (typeof rows)[number]) => number) => rows.map((r) => `<td>${num(pick(r))}</td>`).join('');
    body =
      `<p class="prediction">${esc(predictionLine(step, record!.answer, reveal.outcome))}</p>` +
      `<p class="reveal">${esc(reveal.text)}</p>` +
      `<p class="paper">${esc(paperLine(step, reveal.outcome))}</p>` +
      (rows.length
        ? `<table><thead><tr><th scope="col">${esc(label)}</th>${rows.map((r) => `<th scope="col">${esc(r.name)}</th>`).join('')}</tr></thead>` +
          `<tbody><tr><th scope="row">${esc(head[0])}</th>${cells((r) => r.a)}</tr><tr><th scope="row">${esc(head[1])}</th>${cells((r) => r.b)}</tr></tbody></table>`
        : '');
  }
  const figure = record?.figure ? `<div class="figure">${inlineSvg(record.figure)}</div>` : '';
  return (
    `<section class="step" data-step="${i + 1}">` +
    `<div class="text"><h2>${i + 1}. ${esc(stepPreset(step).title)}</h2>` +
    `<p class="question">${esc(step.question)}</p><p class="answers">${answers}</p>${body}` +
    `<p class="link">${esc(input.links[i] ?? '')}</p></div>${figure}</section>`
  );
}

/** The print stylesheet: one A4 page, each step a band of equal height, its figure scaled into it. */
function style(steps: number): string {
  return `
@page { size: A4 portrait; margin: 10mm; }
* { box-sizing: border-box; }
body { font: ${steps > 2 ? 7.5 : 9}pt/1.25 system-ui, sans-serif; color: #1d2327; margin: 0 auto; max-width: 190mm; }
header h1 { font-size: 14pt; margin: 0 0 1mm; }
header p { margin: 0 0 2mm; color: #555; }
.step { display: flex; gap: 4mm; height: calc((277mm - 22mm) / ${steps}); border-top: 0.3mm solid #bbb; padding-top: 1.5mm; overflow: hidden; break-inside: avoid; }
.text { flex: 1 1 55%; min-width: 0; }
.figure { flex: 0 1 45%; display: flex; align-items: flex-start; justify-content: flex-end; }
.figure svg { width: 100%; height: auto; max-height: calc((277mm - 22mm) / ${steps} - 4mm); }
h2 { font-size: 10pt; margin: 0 0 1mm; }
p { margin: 0.6mm 0; }
.question { font-weight: 600; }
.picked { font-weight: 600; }
.pending, .link { color: #666; }
.link { font-size: 6.5pt; word-break: break-all; }
table { border-collapse: collapse; font-size: 7.5pt; margin-top: 1mm; }
th, td { padding: 0 2.5mm 0 0; text-align: left; }
thead th:first-child { color: #555; font-weight: normal; }
td { font-variant-numeric: tabular-nums; }
`;
}

/** The handout as a standalone HTML document. */
export function handoutHtml(input: HandoutInput): string {
  const { lesson } = input;
  const steps = lesson.steps.map((_, i) => stepHtml(input, i)).join('\n');
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${esc(`Lesson: ${lesson.title} · Metric Playground`)}</title>` +
    `<style>${style(lesson.steps.length)}</style></head><body>` +
    `<header><h1>${esc(`Lesson: ${lesson.title}`)}</h1><p>${esc(lesson.about)} Predict, then run — Metric Playground, ${esc(input.date)}.</p></header>\n` +
    `${steps}\n</body></html>\n`
  );
}
