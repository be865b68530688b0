/** The repository's source files, for the tests that read them (tfjsSeam.test.ts, layers.test.ts). */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/** Every source file under `dir` (repository-relative, '/'-separated), node_modules and dot folders left out. */
export function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
      const p = join(abs, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile() && SOURCE.test(e.name)) out.push(relative(ROOT, p).split(sep).join('/'));
    }
  };
  walk(join(ROOT, dir));
  return out;
}
