// `npm run build:cli [DIR]`: the command-line tool in one CommonJS file, DIR/metric-playground.cjs
// (default dist-cli/), with tfjs-wasm's binaries beside it — what the published package ships
// (`prepack`), so `npx metric-playground` needs neither the TypeScript sources nor Vite. From a
// clone, bin/metric-playground.mjs runs the sources directly and ignores this file.
import { join, resolve } from 'node:path';
import { bundleCli, ROOT } from './lib/sources.mjs';

const outDir = resolve(process.argv[2] ?? join(ROOT, 'dist-cli'));
console.log(`wrote ${await bundleCli(outDir)}`);
