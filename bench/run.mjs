// `npm run bench`: runs the benchmark page (bench.html) of the built app in headless Chromium with
// WebGPU, prints medians and ratios, and writes them to BENCHMARKS.md with the date and machine.
// BENCH_SIZES / BENCH_EVAL_SIZES (comma-separated) shorten a run while developing; BENCH_PARTS
// (comma-separated: kernels, training, longtasks, own, lesson, isolation, frames, cli; default all; BENCH_PRESETS=id,id
// limits the lesson part; BENCH_LESSON_BASE=<another checkout, built> adds its times beside) runs
// only some parts; BENCH_DIST names the built site's folder (default
// dist, e.g. a `vite build --outDir` of your own). A shortened
// or partial run prints its tables and leaves BENCHMARKS.md alone, but for the lesson, frames,
// isolation and cli parts run alone (without BENCH_PRESETS): they rewrite their own sections.
// BENCH_CLI_SIZES (comma-separated, default 20000) sizes the cli part (`evaluate` at scale),
// BENCH_CLI_BASE=<git rev> adds that commit's code beside, BENCH_CLI_BACKENDS=wasm,webgpu adds
// `--backend webgpu` rows (a machine with a GPU and the `webgpu` package); the clilarge part (not
// in a default run: hours on two cores) is one run of BENCH_CLI_LARGE items (default 1,000,000) with
// BENCH_CLI_LARGE_CLASSES Zipf classes (default 1,000) and its progress lines, stopped after BENCH_CLI_STOP_AFTER seconds when given;
// BENCH_OWN_SIZES (default 10000,50000,100000) the own part (your own embeddings in the page).
import { chromium } from '@playwright/test';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { tables } from './parts/tables.mjs';
import { BEGIN, END } from './gpu/markdown.mjs';
import { measureTraining, trainingTables } from './parts/training.mjs';
import { measureLongTasks } from './parts/longTasks.mjs';
import { measureOwnEmbeddings, ownEmbeddingsTable } from './parts/ownEmbeddings.mjs';
import { LESSON_BEGIN, LESSON_END, lessonSection, measureTimeToLesson, withSection } from './parts/timeToLesson.mjs';
import { measureIsolation, isolationSection } from './parts/isolation.mjs';
import { measureCliEvaluate, cliEvaluateSection } from './parts/cliEvaluate.mjs';
import { measureCliLarge, cliLargeSection } from './parts/cliLarge.mjs';
import { measureFrames, framesSection } from './parts/frames.mjs';
import { measurePeer, peerPython, peerSection } from './parts/peer.mjs';

/** The marked sections of BENCHMARKS.md that a run of their part alone rewrites (full runs carry them over). */
const FRAMES_BEGIN = '<!-- bench:frames -->';
const FRAMES_END = '<!-- /bench:frames -->';
/** The machine, for a section of its own: CPU, cores, memory, and the load average now (at the end of the part). */
const machineLine = () =>
  `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average ${os.loadavg()[0].toFixed(1)} at the end`;
const CLI_BEGIN = '<!-- bench:cli -->';
const CLI_END = '<!-- /bench:cli -->';
const PEER_BEGIN = '<!-- bench:peer -->';
const PEER_END = '<!-- /bench:peer -->';
const CLI_LARGE_BEGIN = '<!-- bench:clilarge -->';
const CLI_LARGE_END = '<!-- /bench:clilarge -->';
const ISOLATION_BEGIN = '<!-- bench:isolation -->';
const ISOLATION_END = '<!-- /bench:isolation -->';

const PORT = Number(process.env.BENCH_PORT ?? 4191);
const DIST = process.env.BENCH_DIST ?? 'dist';
const executablePath = execFileSync('node', ['scripts/find-chromium.mjs'], { encoding: 'utf8' }).trim().split('\n').pop();
const ARGS = ['--enable-unsafe-webgpu', '--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function waitForServer(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`preview server did not start at ${url}`);
}

/** The long-task figure (e2e/longtasks.spec.ts asserts a bound on the same measurement). */
function longTaskSection(r) {
  return [
    '### Main-thread long tasks',
    '',
    `The default run (MNIST, defaults, evaluations on, backend ${r.backend}) trained for ${r.seconds.toFixed(0)} s after Play (${r.steps} steps, ${r.evaluations} evaluations drawn): **${r.count}** main-thread tasks over 50 ms, the worst ${r.worstMs.toFixed(0)} ms, ${r.totalMs.toFixed(0)} ms in all.`,
  ].join('\n');
}

const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort', '--outDir', DIST], { stdio: 'ignore', detached: true });
let browser;
try {
  await waitForServer(`http://127.0.0.1:${PORT}/bench.html`);
  browser = await chromium.launch({ executablePath, args: ARGS });
  const page = await browser.newPage();
  page.on('console', (m) => console.log('  ' + m.text()));
  await page.goto(`http://127.0.0.1:${PORT}/bench.html`);
  await page.waitForFunction(() => typeof window.runBenchmarks === 'function');
  const list = (v) => (v ? v.split(',').map(Number) : undefined);
  const report = (process.env.BENCH_PARTS ?? 'kernels').includes('kernels')
    ? await page.evaluate((o) => window.runBenchmarks(o), { sizes: list(process.env.BENCH_SIZES), evalSizes: list(process.env.BENCH_EVAL_SIZES) })
    : { adapter: null };
  const parts = (process.env.BENCH_PARTS ?? 'kernels,training,longtasks,own,lesson,isolation,frames,cli,peer').split(',');
  const base = `http://127.0.0.1:${PORT}`;
  const sections = [];
  if (parts.includes('kernels')) sections.push(tables(report));
  if (parts.includes('training')) sections.push(trainingTables(await measureTraining(browser, base, os.cpus().length, (s) => console.log(s))));
  if (parts.includes('longtasks')) sections.push(longTaskSection(await measureLongTasks(browser, base, { seconds: 60 })));
  if (parts.includes('own')) {
    const rows = await measureOwnEmbeddings(browser, `${base}/`, { sizes: list(process.env.BENCH_OWN_SIZES), log: (r) => console.log(JSON.stringify(r)) });
    sections.push(['### Your own embeddings in the page', '', "Projector-style `vectors.tsv` + `metadata.tsv` of seeded blobs (d = 64, 10 classes) picked in the panel; from the second file picked to every view filled (the worker's reading, parsing and evaluating in its own clock). Above 2,000 items the binned all-pairs path (4,096 cosine bins, tfjs-wasm, one thread); from 10,000 items the retrieval pass on every core (nested workers, the page being isolated).", '', ownEmbeddingsTable(rows)].join('\n'));
  }
  // Time to lesson: its own marked section of BENCHMARKS.md. BENCH_LESSON_BASE = another checkout's
  // folder, built (its dist/), measured on a second preview server for the "before" columns.
  let lesson = null;
  if (parts.includes('lesson')) {
    const ids = process.env.BENCH_PRESETS?.split(',') ?? null;
    const quiet = await measureTimeToLesson(browser, base, { ids, log: (r) => console.log(r) });
    const busy = await measureTimeToLesson(browser, base, { ids, busy: true, log: (r) => console.log('busy', r) });
    const rows = [...quiet, ...busy];
    const other = process.env.BENCH_LESSON_BASE;
    let before = null;
    if (other) {
      const srv = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT + 1), '--strictPort', '--outDir', `${other}/dist`], { stdio: 'ignore', detached: true });
      try {
        await waitForServer(`http://127.0.0.1:${PORT + 1}/`);
        before = await measureTimeToLesson(browser, `http://127.0.0.1:${PORT + 1}`, { ids, root: other, log: (r) => console.log('before', r) });
      } finally {
        // The server may have gone already (its group with it): nothing to end then.
        try {
          process.kill(-srv.pid);
        } catch {}
      }
    }
    lesson = lessonSection(rows, before, process.env.BENCH_LESSON_BASE_NAME ?? other, machineLine());
  }
  // wasm threads with and without isolation: its own marked section (a run of this part alone rewrites it).
  const isolation = parts.includes('isolation')
    ? [
        ISOLATION_BEGIN,
        `## wasm threads on a plain static host, run of ${new Date().toISOString().slice(0, 10)}`,
        '',
        `- Machine: ${machineLine()}`,
        '',
        isolationSection(await measureIsolation(browser, { dist: DIST, log: (r) => console.log(r) }), os.cpus().length).replace(/^### .*\n\n/, ''),
        ISOLATION_END,
      ].join('\n')
    : null;
  // The command line's evaluate at scale, one thread beside every core: its own marked section.
  const cli = parts.includes('cli')
    ? [CLI_BEGIN, cliEvaluateSection(
          await measureCliEvaluate({
            sizes: list(process.env.BENCH_CLI_SIZES),
            base: process.env.BENCH_CLI_BASE ?? null,
            backends: process.env.BENCH_CLI_BACKENDS ? process.env.BENCH_CLI_BACKENDS.split(',') : undefined,
            log: (r) => console.log(r),
          }),
          machineLine(),
        ), CLI_END].join('\n')
    : null;
  // The command against faiss and scikit-learn on the same files: its own marked section, skipped (with why) without them.
  const { python, missing } = parts.includes('peer') ? peerPython() : { python: null, missing: null };
  if (missing) console.log(`peer: skipped — ${missing}`);
  const peer = python
    ? [PEER_BEGIN, peerSection(await measurePeer({ python, sizes: list(process.env.BENCH_PEER_SIZES), classes: list(process.env.BENCH_PEER_CLASSES), log: (r) => console.log(r) }), machineLine()), PEER_END].join('\n')
    : null;
  // A million items (BENCH_CLI_LARGE), with its progress lines: only when asked for (it takes hours on two cores).
  const cliLarge = parts.includes('clilarge')
    ? [
        CLI_LARGE_BEGIN,
        cliLargeSection(
          await measureCliLarge({
            n: Number(process.env.BENCH_CLI_LARGE ?? 1_000_000),
            classes: Number(process.env.BENCH_CLI_LARGE_CLASSES ?? 1000),
            stopAfter: process.env.BENCH_CLI_STOP_AFTER ? Number(process.env.BENCH_CLI_STOP_AFTER) : null,
            log: (r) => console.log(r),
            echo: (text) => process.stderr.write(text),
          }),
          machineLine(),
        ),
        CLI_LARGE_END,
      ].join('\n')
    : null;
  // Frames while training: its own marked section too (a run of this part alone rewrites it).
  let frames = null;
  if (parts.includes('frames')) {
    // The preset as it opens (on its seeds: six runs at once), and the same comparison on one seed.
    const r = await measureFrames(browser, base, { log: (x) => console.log(x) });
    const one = /&seeds=\d+/.test(r.hash) ? await measureFrames(browser, base, { hash: r.hash.replace(/&seeds=\d+/, ''), log: (x) => console.log('one seed', x) }) : null;
    frames = [
      FRAMES_BEGIN,
      `## Frames while training, run of ${new Date().toISOString().slice(0, 10)} (${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores)`,
      '',
      framesSection(r).replace(/^### .*\n\n/, ''),
      ...(one ? ['', 'The same comparison on one seed (two runs):', '', framesSection(one).replace(/^### .*\n\n.*\n\n/, '')] : []),
      FRAMES_END,
    ].join('\n');
  }
  const chromiumVersion = browser.version();
  const body = sections.join('\n\n');
  console.log('\n' + body);
  const a = report.adapter;
  const doc = `# Benchmarks

Written by \`npm run bench\` (bench/run.mjs): the kernels' compared paths run in one page
(bench.html), on the same adapter, in one run, medians over several runs after a warm-up; training
throughput is the built app itself training each link, beside the bare trainer and the roofline
measured in bench.html in the same run. Re-run it after changing a kernel or the training loop and
commit the result. \`npm run bench:gpu\` adds its own section (Node + Dawn, for a real GPU).

## Run of ${new Date().toISOString().slice(0, 10)}

- Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}; load average ${os.loadavg()[0].toFixed(1)} at the end of the run
- Browser: Chromium ${chromiumVersion} headless (${ARGS.join(' ')})
- WebGPU adapter: ${a ? `${a.vendor} / ${a.architecture}${a.description ? ` (${a.description})` : ''}${a.fallback ? ', a CPU fallback adapter' : ''}` : 'none'}

${body}
`;
  const old = existsSync('BENCHMARKS.md') ? readFileSync('BENCHMARKS.md', 'utf8') : '';
  const kept = (begin, end) => {
    const at = old.indexOf(begin);
    return at >= 0 && old.indexOf(end, at) > at ? old.slice(at, old.indexOf(end, at) + end.length) : null;
  };
  for (const own of [lesson, frames, isolation, cli, cliLarge, peer]) if (own) console.log('\n' + own);
  const alone = (process.env.BENCH_PARTS ?? '').split(',').filter(Boolean);
  if (alone.length && alone.every((p) => ['lesson', 'frames', 'isolation', 'cli', 'clilarge', 'peer'].includes(p)) && !process.env.BENCH_PRESETS) {
    // The lesson, frames, isolation, cli and clilarge parts alone rewrite their own sections; the rest stays as it was.
    let out = old;
    if (lesson) out = withSection(out, LESSON_BEGIN, LESSON_END, lesson);
    if (frames) out = withSection(out, FRAMES_BEGIN, FRAMES_END, frames);
    if (isolation) out = withSection(out, ISOLATION_BEGIN, ISOLATION_END, isolation);
    if (cli) out = withSection(out, CLI_BEGIN, CLI_END, cli);
    if (cliLarge) out = withSection(out, CLI_LARGE_BEGIN, CLI_LARGE_END, cliLarge);
    if (peer) out = withSection(out, PEER_BEGIN, PEER_END, peer);
    writeFileSync('BENCHMARKS.md', out);
    console.log(`\nwrote the ${alone.join(' and ')} section of BENCHMARKS.md`);
  } else if (process.env.BENCH_PARTS || process.env.BENCH_SIZES || process.env.BENCH_EVAL_SIZES) {
    console.log('\na partial run: BENCHMARKS.md left as it was');
  } else {
    // Keep the sections `npm run bench:gpu -- --write` (a GPU machine's run) and a lesson run put there.
    let out = doc;
    const sections = [
      [LESSON_BEGIN, LESSON_END, lesson ?? kept(LESSON_BEGIN, LESSON_END)],
      [FRAMES_BEGIN, FRAMES_END, frames ?? kept(FRAMES_BEGIN, FRAMES_END)],
      [ISOLATION_BEGIN, ISOLATION_END, isolation ?? kept(ISOLATION_BEGIN, ISOLATION_END)],
      [CLI_BEGIN, CLI_END, cli ?? kept(CLI_BEGIN, CLI_END)],
      [CLI_LARGE_BEGIN, CLI_LARGE_END, cliLarge ?? kept(CLI_LARGE_BEGIN, CLI_LARGE_END)],
      [PEER_BEGIN, PEER_END, peer ?? kept(PEER_BEGIN, PEER_END)],
      [BEGIN, END, kept(BEGIN, END)],
    ];
    for (const [begin, end, section] of sections) {
      if (section) out = withSection(out, begin, end, section);
    }
    writeFileSync('BENCHMARKS.md', out);
    console.log('\nwrote BENCHMARKS.md');
  }
} finally {
  await browser?.close();
  // npx starts vite as a child: end the whole group, or the preview server outlives the run (unless
  // it has ended already: stopped from outside during a long part).
  try {
    process.kill(-server.pid);
  } catch (e) {
    if (e.code !== 'ESRCH') throw e;
  }
}
