// The published package's command line: `npm run build:cli` bundles src/cli into one file, and
// bin/metric-playground.mjs, laid out as the package ships it (bin/ and dist-cli/, no sources, no
// node_modules), evaluates and trains with it — with the same metrics as the sources give.
import { describe, it, expect } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/data/rng';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function node(args: string[], cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, out: `${stdout}\n${stderr}` });
    });
  });
}

/** metrics.json without what names the run (file paths, wall time). */
function metrics(dir: string): Record<string, unknown> {
  const m = JSON.parse(readFileSync(join(dir, 'metrics.json'), 'utf8'));
  for (const k of ['files', 'seconds', 'secondsByPart', 'embeddings', 'labels']) delete m[k];
  return m;
}

describe('npm run build:cli', () => {
  it('bundles the CLI into one file that runs from the package layout, with the sources\' results', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-bundle-'));
    try {
      const pkg = join(dir, 'pkg');
      const made = await node(['scripts/build-cli.mjs', join(pkg, 'dist-cli')], root);
      expect(made.code, made.out).toBe(0);
      mkdirSync(join(pkg, 'bin'));
      copyFileSync(join(root, 'bin/metric-playground.mjs'), join(pkg, 'bin/metric-playground.mjs'));
      writeFileSync(join(pkg, 'package.json'), '{"type": "module"}\n');
      // 240 items in 6 noisy classes, d = 5.
      const rng = new Rng(5);
      const rows: string[] = [];
      const labels: string[] = [];
      for (let i = 0; i < 240; i++) {
        rows.push(Array.from({ length: 5 }, (_, j) => ((i % 6) % 5 === j ? 1 : 0) + 0.6 * rng.normal()).join('\t'));
        labels.push(`class ${i % 6}`);
      }
      writeFileSync(join(dir, 'vectors.tsv'), rows.join('\n') + '\n');
      writeFileSync(join(dir, 'labels.tsv'), labels.join('\n') + '\n');
      const args = (out: string) => ['evaluate', '--embeddings', join(dir, 'vectors.tsv'), '--labels', join(dir, 'labels.tsv'), '--far', '0.05,0.2', '--out', join(dir, out)];
      const bundled = await node([join(pkg, 'bin/metric-playground.mjs'), ...args('bundled')], dir);
      expect(bundled.code, bundled.out).toBe(0);
      const sources = await node([join(root, 'bin/metric-playground.mjs'), ...args('sources')], dir);
      expect(sources.code, sources.out).toBe(0);
      expect(metrics(join(dir, 'bundled'))).toEqual(metrics(join(dir, 'sources')));
      expect(readFileSync(join(dir, 'bundled/report.html'), 'utf8')).toContain('<svg');
      // From 10,000 items the retrieval pass is shared between worker threads, which start the
      // bundled command too: the same numbers as the sources on one thread.
      const big = Array.from({ length: 10_000 }, (_, i) => Array.from({ length: 4 }, (_, j) => ((i % 8) % 4 === j ? 1 : 0) + 0.9 * rng.normal()).join('\t'));
      writeFileSync(join(dir, 'big.tsv'), big.join('\n') + '\n');
      writeFileSync(join(dir, 'big-labels.tsv'), big.map((_, i) => `c${i % 8}`).join('\n') + '\n');
      const bigArgs = (out: string, threads: string) => ['evaluate', '--embeddings', join(dir, 'big.tsv'), '--labels', join(dir, 'big-labels.tsv'), '--threads', threads, '--out', join(dir, out)];
      const [shared, single] = await Promise.all([node([join(pkg, 'bin/metric-playground.mjs'), ...bigArgs('big-bundled', '2')], dir), node([join(root, 'bin/metric-playground.mjs'), ...bigArgs('big-sources', '1')], dir)]);
      expect(shared.code, shared.out).toBe(0);
      expect(single.code, single.out).toBe(0);
      // Its threads screen with float32 products on the bundle's own tfjs-wasm binaries.
      expect(shared.out).toContain('(the retrieval pass on 2 threads, screened by float32 products)');
      expect(metrics(join(dir, 'big-bundled'))).toEqual(metrics(join(dir, 'big-sources')));
      // Training a toy link needs no data files either.
      const trained = await node([join(pkg, 'bin/metric-playground.mjs'), 'train', '#data=blobs&steps=5', '--out', join(dir, 'run')], dir);
      expect(trained.code, trained.out).toBe(0);
      expect(readFileSync(join(dir, 'run/loss.csv'), 'utf8').trim().split('\n')).toHaveLength(6);
      // Without the build, the launcher says what to run.
      rmSync(join(pkg, 'dist-cli'), { recursive: true });
      const missing = await node([join(pkg, 'bin/metric-playground.mjs'), 'evaluate'], dir);
      expect(missing.code).toBe(1);
      expect(missing.out).toContain('npm run build:cli');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
