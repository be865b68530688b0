/**
 * `metric-playground evaluate --threads N` as a user runs it (the real command): from 10,000 items
 * the retrieval pass is shared between N worker threads, says so, and writes the metrics one
 * thread writes; a thread count out of range is refused.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { writeNpy } from '../../data/embeddingFiles';
import { Rng } from '../../data/rng';
import { runCli, runMain } from '../cli.testkit';

const dir = mkdtempSync(join(tmpdir(), 'mp-cli-threads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('evaluate --threads 2 on 10,000 items shares the retrieval pass and writes what one thread writes', async () => {
  const n = 10_000, d = 8, classes = 10;
  const rng = new Rng(4);
  const y = Array.from({ length: n }, () => rng.int(classes));
  const x = Array.from({ length: n * d }, (_, k) => (y[Math.floor(k / d)] % d === k % d ? 1 : 0) + 0.8 * rng.normal());
  writeFileSync(join(dir, 'e.npy'), writeNpy(x, [n, d], '<f4'));
  writeFileSync(join(dir, 'y.npy'), writeNpy(y, [n], '<i4'));
  const args = (threads: string, out: string) => ['evaluate', '--embeddings', 'e.npy', '--labels', 'y.npy', '--threads', threads, '--out', out];
  const [one, two] = await Promise.all([runCli(dir, args('1', 'one')), runCli(dir, args('2', 'two'))]);
  expect(one.code, one.stderr).toBe(0);
  expect(two.code, two.stderr).toBe(0);
  // Each thread screens with float32 products on its own tfjs-wasm, as one thread does: the same numbers.
  expect(two.stdout).toContain('(the retrieval pass on 2 threads, screened by float32 products)');
  expect(one.stdout).toContain('(the retrieval pass screened by float32 products)');
  const metrics = (out: string) => {
    const { seconds: _, secondsByPart: __, ...m } = JSON.parse(readFileSync(join(dir, out, 'metrics.json'), 'utf8'));
    return m;
  };
  const [a, b] = [metrics('one'), metrics('two')];
  expect(b.recallItems).toBe(n);
  expect(b).toEqual(a);
  // Out of range: refused before any work.
  const zero = await runMain(dir, args('0', 'zero'));
  expect(zero.code).toBe(2);
  expect(zero.stderr).toMatch(/--threads/);
}, 180_000);
