/**
 * Labels are text everywhere: `metric-playground evaluate` on a file whose labels
 * carry bidi and control characters draws them as code points (U+202E), as the page's notices do,
 * in report.html, in every SVG figure, in the warnings on stderr — while metrics.json keeps them
 * exact (as \u escapes) and the metrics are computed on the labels as read. report.html names the
 * files by their base names, never by a local path. In-process (`main`), exact path:
 * no timing is asserted.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../main';
import { Rng } from '../../data/rng';

const dir = mkdtempSync(join(tmpdir(), 'mp-cli-labels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Any control or bidi character that must never reach a drawn text raw (tab and newline aside: markup's own whitespace). */
const RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), wasmDir: '', cwd: () => dir });
  return { code, stdout, stderr };
}

// Four classes of 15 items in 4-D around distinct centres, and one item alone in a fifth class (a warning names it).
const NAMES = ['\u202Eexe.txt', 'é', '数字', '🐱'];
const SOLO = '\u2067solo\u0007';
const D = 4;
const rng = new Rng(5);
const y = Array.from({ length: 60 }, (_, i) => i % NAMES.length);
const rows = [...y, 0].map((c) => Array.from({ length: D }, (_, k) => ((k === c ? 1 : 0) + 0.5 * rng.normal()).toFixed(5)).join('\t'));

describe('labels from files are drawn as code points', { timeout: 0 }, () => {
  it('report.html, every SVG and stderr show U+202E, never the character; metrics.json keeps the labels exact; no local path in the report', async () => {
    const folder = join(dir, 'private', 'home');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'vectors.tsv'), rows.join('\n') + '\n');
    // Labels with a header (the Projector's metadata.tsv), the column name from the file too.
    writeFileSync(join(folder, 'meta.tsv'), 'id\tkind\u202E\n' + [...y.map((c) => NAMES[c]), SOLO].map((l, i) => `${i}\t${l}`).join('\n') + '\n');
    const r = await cli(['evaluate', '--embeddings', join(folder, 'vectors.tsv'), '--labels', join(folder, 'meta.tsv'), '--label-column', 'kind\u202E', '--out', 'out']);
    expect(r.code, r.stderr).toBe(0);
    // The singleton class is named in a warning: as code points on stderr.
    expect(r.stderr).toContain('U+2067soloU+0007');
    expect(r.stderr).not.toMatch(RAW);

    const out = join(dir, 'out');
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(RAW);
    expect(html).toContain('U+202Eexe.txt');
    expect(html).toContain('U+2067soloU+0007');
    expect(html).toContain('kindU+202E');
    // Ordinary text is untouched.
    for (const t of ['é', '数字', '🐱']) expect(html).toContain(t);
    // The files by name: no folder of this machine in the title, the heading or anywhere else.
    expect(html).toContain('<title>Metric Playground report · vectors.tsv</title>');
    expect(html).toContain('<h1>Evaluation of vectors.tsv</h1>');
    expect(html).toContain('Labels: meta.tsv');
    expect(html).not.toContain(folder);

    const svgs = readdirSync(out).filter((f) => f.endsWith('.svg'));
    expect(svgs).toEqual(expect.arrayContaining(['embedding.svg', 'utility-curves.svg', 'threshold-far-0.01.svg', 'threshold-far-0.1.svg']));
    for (const f of svgs) {
      const text = readFileSync(join(out, f), 'utf8');
      expect(text, f).not.toMatch(RAW);
      // Every figure that names the classes names them as code points (the embedding's legend cuts them at 12 characters).
      if (/utility|threshold/.test(f)) expect(text, f).toContain('U+202Eexe.txt');
    }
    const legend = readFileSync(join(out, 'embedding.svg'), 'utf8').match(/<g class="legend".*?<\/g><\/g>/)?.[0] ?? '';
    for (const t of ['>U+202Eexe.t…<', '>U+2067soloU…<', '>é<', '>数字<', '>🐱<']) expect(legend).toContain(t);

    // metrics.json: the labels exact once parsed, yet no raw character in the file's text.
    const text = readFileSync(join(out, 'metrics.json'), 'utf8');
    expect(text).not.toMatch(RAW);
    expect(text).toContain('\\u202e');
    const m = JSON.parse(text);
    expect([...m.classNames].sort()).toEqual([...NAMES, SOLO].sort());
    expect(Object.keys(m.threshold['0.1'].perClass)).toContain('\u202Eexe.txt');
    expect(m.labelColumn).toBe('kind\u202E');
    expect(m.warnings.join(' ')).toContain(SOLO);
  });

  it('a refused file quoting a label says so in code points', async () => {
    const v = join(dir, 'bad.tsv');
    writeFileSync(v, '1\t2\n3\t\u202Ex\n');
    const r = await cli(['evaluate', '--embeddings', v, '--labels', v, '--out', 'bad']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('U+202Ex');
    expect(r.stderr).not.toMatch(RAW);
  });
});
