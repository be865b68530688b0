/**
 * The tfjs seam (README "Layout"): TensorFlow.js has stopped releasing, so it is pinned and
 * imported by name only in src/ml, src/eval/kernels, src/worker, the kernel self-tests
 * (src/selftest) and the bench (bench/), their tests included. Everything else
 * reaches tfjs through functions of those folders (src/ml/nodeBackend.ts for the command line and
 * the Node scripts), so replacing it later is one known seam. This test reads the sources and fails on any other file
 * that imports, re-exports or requires a `@tensorflow/tfjs*` package. Looking a package's folder up
 * (`require.resolve`, as scripts/lib/sources.mjs does for the wasm binaries) loads no tfjs and is
 * not an import.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sources } from './sources.testkit';

/** The folders whose sources are checked. */
const SCANNED = ['src', 'scripts', 'bench', 'bin', 'e2e', 'vite-plugins'];
/** The folders where tfjs may be imported. */
const ALLOWED = ['src/ml/', 'src/eval/kernels/', 'src/worker/', 'src/selftest/', 'bench/'];

/** A module specifier naming a tfjs package, after `from`, `import`, `import(` or `require(`. */
const TFJS_IMPORT = /(?:\bfrom|\bimport|\brequire\s*\()\s*\(?\s*['"]@tensorflow\/tfjs(?:-[\w-]+)?(?:\/[^'"]*)?['"]/;

/** The 1-based numbers of the lines of `text` that import tfjs. */
function tfjsImportLines(text: string): number[] {
  return text.split('\n').flatMap((line, i) => (TFJS_IMPORT.test(line) ? [i + 1] : []));
}

describe('tfjs seam', () => {
  it('recognises every form of import and nothing else', () => {
    const T = '@tensorflow/tfjs'; // interpolated below, so that this file's own text imports nothing
    const hits = [
      `import * as tf from '${T}';`,
      `import type { Tensor } from "${T}";`,
      `import '${T}-backend-wasm';`,
      `import wasm from '${T}-backend-wasm/dist/tfjs-backend-wasm.wasm?url';`,
      `  await import('${T}-backend-webgpu');`,
      `const tf = require('${T}');`,
      `export { setWasmPaths } from '${T}-backend-wasm';`,
      `lines.push("export * as tf from '${T}';");`,
    ];
    for (const line of hits) expect(tfjsImportLines(line), line).toEqual([1]);
    const misses = [
      `return dirname(createRequire(import.meta.url).resolve('${T}-backend-wasm'));`,
      ` * tfjs-wasm: \`${T}-backend-wasm\` is pinned in package.json.`,
      "import { activeBackend } from '../ml/nodeBackend';",
      "import * as coco from '@tensorflow-models/coco-ssd';",
    ];
    for (const line of misses) expect(tfjsImportLines(line), line).toEqual([]);
  });

  it('no file outside src/ml, src/eval/kernels, src/worker, src/selftest and the bench imports tfjs', () => {
    const files = SCANNED.flatMap(sources);
    expect(files).toContain('src/ml/nodeBackend.ts'); // the walk sees the tree
    const offenders = files
      .filter((f) => !ALLOWED.some((a) => f.startsWith(a)))
      .flatMap((f) => tfjsImportLines(readFileSync(join(ROOT, f), 'utf8')).map((n) => `${f}:${n}`));
    expect(offenders, 'import tfjs only in src/ml, src/eval/kernels, src/worker, src/selftest or the bench; elsewhere call a function of those folders').toEqual([]);
  });

  it('the allowed folders do use tfjs (the seam is where the README says)', () => {
    const users = ['src/ml/nodeBackend.ts', 'src/eval/kernels/cosineBlocks.ts', 'src/worker/wasmSetup.ts'];
    for (const f of users) expect(tfjsImportLines(readFileSync(join(ROOT, f), 'utf8')).length, f).toBeGreaterThan(0);
  });
});
