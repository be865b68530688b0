/**
 * `metric-playground evaluate` as a user runs it: the real command (bin/metric-playground.mjs) on
 * small generated files, one run per accepted format, and the bad inputs (exit 2 with
 * the reason on stderr). The runs go in parallel: each spends most of its time starting up.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, describe, expect, it } from 'vitest';
import { runEvaluate } from './evaluate';
import { runCli, runMain } from '../cli.testkit';
import { writeNpy } from '../../data/embeddingFiles';
import { Rng } from '../../data/rng';

const dir = mkdtempSync(join(tmpdir(), 'mp-cli-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the command in the test folder. */
const cli = (args: string[]) => runCli(dir, args);

/** Writes `name` in the test folder and returns its path. */
function file(name: string, content: string | Uint8Array): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

// 120 items in 4 classes of 6-D points around distinct centres: clear but imperfect structure.
const N = 120, D = 6, C = 4;
const rng = new Rng(3);
const y = Array.from({ length: N }, (_, i) => i % C);
const x = Array.from({ length: N * D }, (_, k) => (Math.floor(k / D) % C === k % D ? 1 : 0) + 0.6 * rng.normal());
const rows = (sep: string) => y.map((_, i) => x.slice(i * D, (i + 1) * D).join(sep)).join('\n') + '\n';
const names = ['cat', 'dog', 'owl', 'eel'];

const tsv = file('e.tsv', rows('\t'));
const csv = file('e.csv', rows(','));
const npy4 = file('e4.npy', writeNpy(x, [N, D], '<f4'));
const npy8 = file('e8.npy', writeNpy(x, [N, D], '<f8'));
const yOne = file('y.tsv', y.map((c) => names[c]).join('\n') + '\n');
const yMeta = file('meta.tsv', 'id\tspecies\tlabel\n' + y.map((c, i) => `${i}\t${names[c]}\t${c}`).join('\n') + '\n');
const yNpy = file('y.npy', writeNpy(y, [N], '<i4'));

/** An SVG file's text and its root element. */
function svgFile(path: string) {
  const text = readFileSync(path, 'utf8');
  const { document } = parseHTML(text.replace(/^<\?xml[^>]*>/, ''));
  return { text, svg: document.querySelector('svg')! };
}

/**
 * '' when `text` is well-formed XML as far as elements go (every tag closed in order, one root, no
 * stray `<` or `&` in text), else what is wrong. linkedom's parser forgives what a viewer may not.
 */
function wellFormed(text: string): string {
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  let at = 0;
  for (const m of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const between = body.slice(at, m.index);
    if (/[<>]|&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(between)) return `stray markup before offset ${m.index}: ${between.slice(0, 40)}`;
    at = m.index! + m[0].length;
    const [, close, name, , self] = m;
    if (close) {
      if (stack.pop() !== name) return `</${name}> at ${m.index} closes nothing open`;
    } else if (!self) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
  }
  if (body.slice(at).trim() !== '') return 'text after the root';
  if (stack.length) return `unclosed <${stack.join('>, <')}>`;
  return roots === 1 ? '' : `${roots} roots`;
}

/** metrics.json of a run into `out`, checked for the keys and ranges. */
function checkReport(out: string, classes: number) {
  const m = JSON.parse(readFileSync(join(dir, out, 'metrics.json'), 'utf8'));
  for (const k of ['prAuc', 'opis', 'epsOpis', 'recall', 'mapAtR', 'rPrecision', 'nmi', 'calibrationRange', 'threshold', 'items', 'classes', 'dim', 'path']) expect(m).toHaveProperty(k);
  expect(m).toMatchObject({ recallItems: N, recallSampled: false, mapAtRItems: N, rCap: 1000, rCapped: 0, nmiRestarts: 10 });
  expect(m.mapAtR).toBeGreaterThan(0);
  expect(m.mapAtR).toBeLessThanOrEqual(m.rPrecision);
  expect(m.rPrecision).toBeLessThanOrEqual(1);
  expect(m).toMatchObject({ items: N, classes, dim: D, path: 'exact', bounds: null });
  // Exact: the ranking's tie rule is stated; TAR at SPEC's FARs (and the --far ones) with its threshold.
  expect(m.ties).toMatch(/within 2\^-40 .* one tie group \(one PR point\)/);
  for (const far of ['0.0001', '0.001', '0.01']) {
    expect(m.tarAtFar[far].tar).toBeGreaterThanOrEqual(0);
    expect(m.tarAtFar[far].tar).toBeLessThanOrEqual(1);
  }
  for (const v of [m.prAuc, m.opis, m.epsOpis, m.nmi, ...Object.values(m.recall as Record<string, number>)]) {
    expect(v).toBeGreaterThanOrEqual(0);
    expect(v).toBeLessThanOrEqual(1);
  }
  expect(Object.keys(m.recall)).toEqual(['1', '2', '4', '5', '8', '10']);
  expect(m.recall['1']).toBeGreaterThan(0.5); // the classes are separable, well above chance (0.25)
  expect(m.recall['10']).toBeGreaterThanOrEqual(m.recall['1']);
  const c = m.calibrationRange;
  expect(c.dMin).toBeGreaterThan(0);
  expect(c.dMax).toBeGreaterThan(c.dMin);
  expect(c.dMax).toBeLessThanOrEqual(2);
  return m;
}

describe('metric-playground evaluate', () => {
  it('reads every accepted format and writes metrics.json, every evaluation figure as SVG and a self-contained report', async () => {
    const [a, b, c, d] = await Promise.all([
      cli(['evaluate', '--embeddings', tsv, '--labels', yOne, '--out', 'a']),
      cli(['evaluate', '--embeddings', csv, '--labels', yMeta, '--label-column', 'species', '--out', 'b', '--far', '0.05,0.2']),
      cli(['evaluate', '--embeddings', npy4, '--labels', yNpy, '--out', 'c']),
      cli(['evaluate', '--embeddings', npy8, '--labels', yMeta, '--out', 'd']),
    ]);
    for (const r of [a, b, c, d]) expect(r.code, r.stderr).toBe(0);
    expect(a.stdout).toMatch(/PR-AUC\s+0\.\d+/);
    expect(a.stdout).toMatch(/Recall@1\s/);
    const ma = checkReport('a', C);
    expect(ma.classNames).toEqual(['cat', 'dog', 'eel', 'owl']);
    expect(ma).toMatchObject({ path: 'exact', backend: null });
    const mb = checkReport('b', C);
    expect(mb.labelColumn).toBe('species');
    expect(Object.keys(mb.threshold)).toEqual(['0.05', '0.2']);
    expect(mb.calibrationRange).toMatchObject({ farLo: 0.05, farHi: 0.2 });
    const mc = checkReport('c', C);
    const md = checkReport('d', C);
    expect(md.labelColumn).toBe('label');
    // The same items and classes in every format: the same metrics (f4 text vs f8 .npy: float32 either way).
    expect(mb.prAuc).toBeCloseTo(ma.prAuc, 6);
    expect(mc.prAuc).toBeCloseTo(ma.prAuc, 6);
    expect(md.opis).toBeCloseTo(ma.opis, 9);
    // The operating point: the global FAR reached is at least the target, per-class rates are fractions.
    const t = ma.threshold['0.1'];
    expect(t.globalFar).toBeGreaterThanOrEqual(0.1);
    expect(t.distance).toBeCloseTo(ma.calibrationRange.dMax, 9);
    for (const p of Object.values(t.perClass as Record<string, { far: number; frr: number }>)) {
      expect(p.far).toBeGreaterThanOrEqual(0);
      expect(p.frr).toBeLessThanOrEqual(1);
    }

    const figures = ['pr-curve.svg', 'utility-curves.svg', 'roc.svg', 'distance-histogram.svg', 'score-distribution.svg', 'threshold-far-0.01.svg', 'threshold-far-0.1.svg', 'embedding.svg'];
    const svgs = new Map(figures.map((f) => [f, svgFile(join(dir, 'a', f))]));
    for (const [f, { text, svg }] of svgs) {
      expect(wellFormed(text), f).toBe('');
      expect(svg.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
      expect(svg.querySelectorAll('path').length + svg.querySelectorAll('circle').length, f).toBeGreaterThanOrEqual(3); // two axes and at least one curve or mark
      expect(text).not.toContain('No evaluation yet');
    }
    expect(svgs.get('pr-curve.svg')!.text).toContain('class="pr-line"');
    // ROC / DET: the curve and TAR marked at FAR 1e-4, 1e-3, 1e-2, as metrics.json gives it.
    const roc = svgs.get('roc.svg')!.text;
    expect(roc).toMatch(/<path d="M[^"]+"[^>]*class="roc-line"|class="roc-line"[^>]* d="M/);
    expect(roc.match(/class="tar-mark"/g)?.length).toBe(3);
    // Score distributions: one vector path per query (200, or every item when fewer), under both percentile curves.
    const sd = svgs.get('score-distribution.svg')!.svg;
    expect(sd.querySelectorAll('.sd-queries path.sd-query')).toHaveLength(Math.min(200, N));
    expect(sd.querySelectorAll('path.sd-pct')).toHaveLength(2);
    // The threshold tool's chart at each --far: one dot per class, with the threshold as a note.
    for (const [f, far] of [['threshold-far-0.01.svg', '1%'], ['threshold-far-0.1.svg', '10%']]) {
      const t = svgs.get(f)!;
      expect(t.svg.querySelectorAll('g.class-dot circle'), f).toHaveLength(C);
      expect(t.svg.querySelector('title')!.textContent).toContain(`global FAR ${far}`);
      expect(t.svg.querySelector('.plot-note')!.textContent).toMatch(new RegExp(`^FAR ${far}: distance ≤ ${ma.threshold[f === 'threshold-far-0.01.svg' ? '0.01' : '0.1'].distance.toFixed(4)}`));
    }
    // The embedding: every item (N ≤ 3,000) a circle in its class's group, one legend row per class, the PCA's variance said.
    const emb = svgs.get('embedding.svg')!.svg;
    expect(emb.querySelectorAll('g.points circle')).toHaveLength(N);
    expect(emb.querySelectorAll('g.points > g')).toHaveLength(C);
    expect(emb.querySelectorAll('g.legend rect')).toHaveLength(C);
    expect(emb.querySelector('g.legend')!.textContent).toBe('catdogeelowl');
    expect(emb.querySelector('title')!.textContent).toMatch(new RegExp(`PCA of d=${D} \\(\\d+% of variance\\), all ${N} items`));
    const html = readFileSync(join(dir, 'a', 'report.html'), 'utf8');
    expect(html).not.toMatch(/https?:\/\/|<script|<link|src=/i);
    expect((html.match(/<svg/g) ?? []).length).toBe(figures.length);
    for (const { svg } of svgs.values()) expect(html).toContain(svg.querySelector('title')!.textContent!);
    expect((html.match(/<path class="sd-query"/g) ?? []).length).toBe(Math.min(200, N));
    expect((html.match(/<circle cx="[\d.]+" cy="[\d.]+" r="1.7"\/>/g) ?? []).length).toBe(N);
    // Other --far rates, other threshold charts.
    expect(existsSync(join(dir, 'b', 'threshold-far-0.05.svg')) && existsSync(join(dir, 'b', 'threshold-far-0.2.svg'))).toBe(true);
    expect(existsSync(join(dir, 'b', 'threshold-far-0.01.svg'))).toBe(false);
    expect(html).toContain('owl');
  });

  it('refuses bad arguments and files with exit 2 and the reason on stderr', async () => {
    const ragged = file('ragged.tsv', '1\t2\t3\n4\t5\n');
    const words = file('words.tsv', '1\t2\tx\n4\t5\t6\n');
    const nan = file('nan.tsv', '1\t2\n3\tNaN\n');
    const inf = file('inf.csv', '1,2\n3,inf\n');
    const empty = file('empty.tsv', '');
    const short = file('short.tsv', y.slice(0, N - 3).map((c) => names[c]).join('\n') + '\n');
    const single = file('single.tsv', y.map(() => 'same').join('\n') + '\n');
    const ints = file('ints.npy', writeNpy(y.flatMap((c) => [c, c]), [N, 2], '<i4'));
    const f4 = writeNpy(x, [N, D], '<f4');
    /** f4 with header text `from` replaced by `to` (same length), byte by byte. */
    const edited = (from: string, to: string) => {
      const b = f4.slice();
      const at = new TextDecoder('latin1').decode(b.subarray(0, 128)).indexOf(from);
      b.set(new TextEncoder().encode(to), at);
      return b;
    };
    const fortran = file('fortran.npy', edited("'fortran_order': False", "'fortran_order': True "));
    const big = file('big.npy', edited('<f4', '>f4'));
    // More rows than the page reads are read here (then refused for not matching the labels; the
    // command line's own limit, CLI_MAX_ITEMS, is tested with the parsers).
    const beyondPage = file('many.tsv', '0.5\t1\n'.repeat(100_001));
    const cases: [string[], RegExp][] = [
      [['evaluate', '--embeddings', tsv, '--labels', short], /row-count/],
      [['evaluate', '--embeddings', ragged, '--labels', yOne], /ragged/],
      [['evaluate', '--embeddings', words, '--labels', yOne], /not-a-number/],
      [['evaluate', '--embeddings', nan, '--labels', yOne], /non-finite/],
      [['evaluate', '--embeddings', inf, '--labels', yOne], /non-finite/],
      [['evaluate', '--embeddings', tsv, '--labels', single], /single-class/],
      [['evaluate', '--embeddings', beyondPage, '--labels', yOne], /has 100,001 rows but .* has \d+ labels.*\[row-count\]/],
      [['evaluate', '--embeddings', ints, '--labels', yOne], /\[dtype\]/],
      [['evaluate', '--embeddings', big, '--labels', yOne], /\[dtype\]/],
      [['evaluate', '--embeddings', fortran, '--labels', yOne], /\[order\]/],
      [['evaluate', '--embeddings', empty, '--labels', yOne], /\[empty\]/],
      [['evaluate', '--embeddings', join(dir, 'missing.npy'), '--labels', yOne], /no such file/],
      [['evaluate', '--embeddings', tsv, '--labels', yMeta, '--label-column', 'colour'], /unknown-column/],
      [['evaluate', '--embeddings', tsv, '--labels', yOne, '--far', '0.1'], /--far/],
      [['evaluate', '--embeddings', tsv, '--labels', yOne, '--eps', 'abc'], /--eps must be one number above 0 and at most 0\.5, got “abc”/],
      [['evaluate', '--embeddings', tsv, '--labels', yOne, '--eps', '0.1,0.2'], /--eps must be one number above 0 and at most 0\.5, got “0\.1,0\.2”/],
      [['evaluate', '--embeddings', tsv, '--labels', yOne, '--eps', '0'], /--eps must be one number above 0/],
      // A flag right after --eps is not its value: the value is missing, not the next word stray.
      [['evaluate', '--embeddings', tsv, '--labels', yOne, '--eps', '--far', '0.1'], /--eps needs a value/],
      [['evaluate', '--embeddings', tsv, '--labels', yOne, '--backend', 'cpu'], /--backend must be wasm or webgpu, got “cpu”/],
      [['evaluate', '--embeddings', tsv], /--labels/],
      [['evaluate', '--embeddings', tsv, '--labels', yOne, '--bogus'], /unknown option --bogus/],
      [['frobnicate'], /unknown command/],
    ];
    // In-process (the process is not what is tested here), one after the other; the first also
    // through the real command, for its exit status.
    const results = [];
    for (const [args] of cases) results.push(await runMain(dir, args));
    results.push(await cli(cases[0][0]));
    cases.push(cases[0]);
    results.forEach((r, i) => {
      expect(r.code, `${cases[i][0].join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(cases[i][1]);
      expect(r.stderr).not.toMatch(/ at .*\.ts:\d+/); // a reason, not a stack trace
    });
  });

  it('near-copies are ranked by their cosines, not merged: four rows give SPEC’s 0.75, on the screened and the float64 pass', async () => {
    // Rows 0 and 2 (class x) are 1e-8 apart in cosine, 1 (y) sits 4e-7 away from both: item 1's
    // nearest is item 2 (a miss), every other item's nearest shares its class.
    const near = file('near.tsv', '1\t0\n1\t0.0009\n1\t0.0001\n0\t1\n');
    const nearLabels = file('nearLabels.tsv', 'x\ny\nx\ny\n');
    const ctx = { stdout: () => undefined, stderr: () => undefined, wasmDir: dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm')), cwd: () => dir };
    for (const path of ['binned', 'exact']) {
      expect(await runEvaluate(['--embeddings', near, '--labels', nearLabels, '--path', path, '--out', `near-${path}`], ctx)).toBe(0);
      const m = JSON.parse(readFileSync(join(dir, `near-${path}`, 'metrics.json'), 'utf8'));
      expect([m.recall['1'], m.mapAtR, m.rPrecision, m.recallScreened], path).toEqual([0.75, 0.75, 0.75, path === 'binned']);
    }
  });

  it('8,000 items: Recall@K, MAP@R, R-precision and NMI over every item (in-process); --recall-sample N says it samples', async () => {
    // 8,000 × 16 in 40 Zipf-sized classes and 5 one-item classes, shuffled.
    const g = new Rng(19);
    const sizes = [...Array.from({ length: 40 }, (_, c) => Math.round(7995 / (c + 1) / 4.2785)), 1, 1, 1, 1, 1];
    sizes[0] += 8000 - sizes.reduce((a, b) => a + b, 0);
    const lab = g.shuffle(sizes.flatMap((n, c) => new Array<number>(n).fill(c)));
    const n = lab.length;
    const d = 16;
    const centres = sizes.map(() => Array.from({ length: d }, () => g.normal()));
    const vec = new Float64Array(n * d);
    for (let i = 0; i < n; i++) for (let t = 0; t < d; t++) vec[i * d + t] = centres[lab[i]][t] + 0.9 * g.normal();
    const big = file('big.npy', writeNpy(Array.from(vec), [n, d], '<f4'));
    const bigLabels = file('big.tsv', lab.map((c) => `c${c}`).join('\n') + '\n');
    // A clock that moves a second at each reading: the evaluation is "long", so it tells its progress.
    let clock = 0;
    const ctx = (out: string[], err = out) => ({ stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), wasmDir: dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm')), cwd: () => dir, now: () => (clock += 1000) });
    const out: string[] = [];
    const err: string[] = [];
    expect(await runEvaluate(['--embeddings', big, '--labels', bigLabels, '--out', 'big'], ctx(out, err))).toBe(0);
    // Into a log (not a terminal): a line per tenth done (and one a minute between), each with the
    // time so far and an estimate of the time left.
    const lines = err.join('').trim().split('\n').filter((l) => !l.startsWith('warning: '));
    expect(lines.length).toBeGreaterThanOrEqual(5);
    const shares = lines.map((l) => Number(/^evaluating: (\d+)% · \d.* so far · (about .* left|estimating the time left)$/.exec(l)?.[1]));
    for (let i = 1; i < shares.length; i++) expect(shares[i], lines.join('\n')).toBeGreaterThanOrEqual(shares[i - 1]);
    expect(new Set(shares).size).toBeGreaterThanOrEqual(5);
    expect(shares.at(-1)).toBeGreaterThanOrEqual(90);
    expect(lines.at(-1)).toMatch(/about \d+ s left$/);
    const m = JSON.parse(readFileSync(join(dir, 'big', 'metrics.json'), 'utf8'));
    expect(m).toMatchObject({ items: 8000, path: 'binned', backend: 'wasm', recallItems: 8000, recallSampled: false, recallScreened: true, mapAtRItems: 7995, rCap: 1000, nmiRestarts: 10 });
    expect(m.rCapped).toBe(sizes[0]); // the largest class (> 1,001 items) is judged on 1,000 neighbours
    // Binned: every bound stated, and the value inside PR-AUC's bracket; TAR rises with the FAR.
    expect(m.bounds.prAuc[0]).toBeLessThanOrEqual(m.prAuc);
    expect(m.bounds.prAuc[1]).toBeGreaterThanOrEqual(m.prAuc);
    expect(m.bounds.opis).toBeGreaterThanOrEqual(0);
    expect(m.bounds.epsOpis === null || m.bounds.epsOpis >= 0).toBe(true);
    expect(m.tarAtFar['0.0001'].tar).toBeLessThanOrEqual(m.tarAtFar['0.001'].tar);
    expect(m.tarAtFar['0.001'].tar).toBeLessThanOrEqual(m.tarAtFar['0.01'].tar);
    for (const v of [m.mapAtR, m.rPrecision, m.nmi]) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    const table = out.join('');
    expect(table).toMatch(/Recall@1 .*all 8,000 items, each vs every other/);
    expect(table).toMatch(/MAP@R\s+0\.\d+ .*capped at 1,000/);
    expect(table).toMatch(/R-precision\s+0\.\d+/);
    expect(table).toMatch(/PR-AUC .*exact value in \[/);
    expect(table).toMatch(/TAR@FAR 0\.001\s+\d/);
    expect(table).toMatch(/NMI .*10 seeded restarts.*all 8,000 items/);
    const html = readFileSync(join(dir, 'big', 'report.html'), 'utf8');
    expect(html).toContain('<th scope="row">MAP@R</th>');
    expect(html).toContain('<th scope="row">R-precision</th>');

    // Recall@1 over every item, from a brute force here (float64, the cosines as computed; the first
    // place is the lowest index within 2^-40 of the best: SPEC's tie group, unchained in random data).
    const f32 = Float32Array.from(vec);
    const unit = new Float64Array(n * d);
    for (let i = 0; i < n; i++) {
      let ss = 0;
      for (let t = 0; t < d; t++) ss += f32[i * d + t] ** 2;
      for (let t = 0; t < d; t++) unit[i * d + t] = f32[i * d + t] / Math.sqrt(ss + 1e-12);
    }
    let hits = 0;
    const cos = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let bestC = -Infinity;
      for (let j = 0; j < n; j++) {
        let c = 0;
        for (let t = 0; t < d; t++) c += unit[i * d + t] * unit[j * d + t];
        cos[j] = c;
        if (j !== i && c > bestC) bestC = c;
      }
      let best = 0;
      while (best === i || cos[best] < bestC - 2 ** -40) best++;
      if (lab[best] === lab[i]) hits++;
    }
    expect(m.recall['1']).toBeCloseTo(hits / n, 12);

    // The opt-in sample: 1,000 seeded queries, each against all 8,000 items; said in metrics.json and the table.
    const out2: string[] = [];
    expect(await runEvaluate(['--embeddings', big, '--labels', bigLabels, '--out', 'sampled', '--recall-sample', '1000'], ctx(out2))).toBe(0);
    const s2 = JSON.parse(readFileSync(join(dir, 'sampled', 'metrics.json'), 'utf8'));
    expect(s2).toMatchObject({ items: 8000, recallItems: 1000, recallSampled: true, nmi: m.nmi, prAuc: m.prAuc });
    expect(out2.join('')).toMatch(/Recall@1 .*a seeded sample of 1,000 of 8,000 items \(--recall-sample\), each vs all/);
    expect((await runMain(dir, ['evaluate', '--embeddings', big, '--labels', bigLabels, '--recall-sample', '0'])).stderr).toMatch(/--recall-sample must be a whole number/);
  });
});
