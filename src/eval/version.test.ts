import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVALUATION_SOURCES, EVALUATION_VERSION } from './version';

/** The evaluation's sources: src/eval (with its kernels) and the own-embeddings evaluation, without tests and test kits, the reference or this version. */
function sources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return e.name === 'reference' ? [] : walk(path);
      return /\.(ts|wgsl)$/.test(e.name) && !/\.test(kit)?\.ts$/.test(e.name) && e.name !== 'version.ts' ? [path] : [];
    });
  return [...walk('src/eval'), 'src/worker/own/ownEvaluation.ts'].sort();
}

describe('EVALUATION_VERSION', () => {
  it('names the evaluation code it stands for: a change to that code raises it', () => {
    const hash = createHash('sha256');
    for (const path of sources()) hash.update(`${path}\n`).update(readFileSync(path));
    const now = hash.digest('hex').slice(0, 16);
    expect(
      now,
      `the evaluation's code changed: a report remembered from an earlier visit would be shown as if it had not. Raise EVALUATION_VERSION to ${EVALUATION_VERSION + 1} and set EVALUATION_SOURCES to '${now}' in src/eval/version.ts`,
    ).toBe(EVALUATION_SOURCES);
  });
});
