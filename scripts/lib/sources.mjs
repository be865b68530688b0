// The app's TypeScript sources in Node, for the command-line tools run from a clone (bin/,
// scripts/train-node.mjs, bench/gpu.mjs): Vite's SSR module loader compiles them on the
// fly, so no build step stands between an edit and the next run. tfjs stays a plain Node package,
// reached through the app's src/ml/nodeBackend.ts (tfjs is imported only in src/ml, src/eval/kernels,
// src/worker and the bench: README "Layout"); here its wasm binaries' folder is only looked up.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts Vite's SSR loader on the repository: `load('/src/…')` imports a source; `close()` ends it. */
export async function openSources(root = ROOT) {
  const { createServer } = await import('vite');
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  return { load: (file) => server.ssrLoadModule(file), close: () => server.close() };
}

/** Where the Node scripts get tfjs and tfjs-wasm's setWasmPaths from (see {@link loadNamed}, {@link exportLines}). */
const TFJS_SEAM = '/src/ml/nodeBackend.ts';

/** Loads the named exports of `sources` ({ name: '/src/file.ts' }) plus tfjs and setWasmPaths; `close` ends Vite. */
export async function loadNamed(sources, root = ROOT) {
  const { load, close } = await openSources(root);
  const seam = await load(TFJS_SEAM);
  const mods = { tf: seam.tf, setWasmPaths: seam.setWasmPaths };
  for (const [name, file] of Object.entries(sources)) mods[name] = (await load(file))[name];
  return { ...mods, wasmDir: wasmDir(), close };
}

/** The folder of tfjs-wasm's .wasm files, wherever npm installed the package (a path lookup: no tfjs is loaded). */
export function wasmDir() {
  return dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm'));
}

/** The `export { name } from '/abs/src/file.ts'` lines of `sources` plus tfjs: an entry module for {@link bundleCjs}. */
export function exportLines(sources, root = ROOT) {
  const lines = Object.entries(sources).map(([name, file]) => `export { ${name} } from ${JSON.stringify(join(root, file))};`);
  lines.push(`export { tf, setWasmPaths } from ${JSON.stringify(join(root, TFJS_SEAM))};`);
  return lines.join('\n');
}

/**
 * Writes `outDir/fileName`: `input` (a file, or a key of `modules`: virtual modules given as source
 * text) with the app's TypeScript and every dependency but `external` in one CommonJS file, via
 * Vite's build API, and tfjs-wasm's .wasm binaries beside it — a tool that runs where there is
 * Node but no node_modules.
 */
export async function bundleCjs({ input, modules = {}, outDir, fileName, define = {}, external = [], root = ROOT }) {
  const { build } = await import('vite');
  const { copyFileSync, mkdirSync } = await import('node:fs');
  // Vite may hand a virtual id over resolved against the root.
  const virtual = (s) => Object.keys(modules).find((k) => s === k || s.endsWith(`/${k}`));
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define,
    resolve: { mainFields: ['main'] }, // the CommonJS Node builds of tfjs, as Node loads them
    ssr: { noExternal: true, external, target: 'node' },
    plugins: [{ name: 'virtual-modules', enforce: 'pre', resolveId: (s) => (virtual(s) ? `\0${virtual(s)}` : null), load: (s) => (s.startsWith('\0') && s.slice(1) in modules ? modules[s.slice(1)] : null) }],
    build: { ssr: input, outDir, emptyOutDir: false, minify: false, rolldownOptions: { external, output: { format: 'cjs', entryFileNames: fileName, codeSplitting: false } } },
  });
  mkdirSync(outDir, { recursive: true });
  for (const f of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm']) copyFileSync(join(wasmDir(), f), join(outDir, f));
}

/** The command-line tool in one CommonJS file, outDir/metric-playground.cjs, with tfjs-wasm's binaries beside it (`npm run build:cli`). */
export async function bundleCli(outDir) {
  await bundleCjs({ input: join(ROOT, 'src/cli/main.ts'), outDir, fileName: 'metric-playground.cjs', external: ['webgpu'] });
  return join(outDir, 'metric-playground.cjs');
}
