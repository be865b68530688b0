/**
 * The floors of src/ (README "Layout"): data → ml → eval → state → worker → ui and cli, with charts
 * under both ui and cli. This test reads every source (tests included) and fails on an import that
 * runs back up: the command line importing the page's code, the charts importing the page, its store,
 * the worker or React, the training code importing the evaluation, and the page's help and exports
 * importing its views (the views' frame puts the three together; only the views' names lie below).
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sources } from './sources.testkit';

/** Module specifiers after `from`, `import`, `import(`, `require(` or `vi.mock(`. */
const SPECIFIER = /(?:\bfrom|\bimport|\brequire\s*\(|\bvi\.mock\s*\()\s*\(?\s*['"]([^'"]+)['"]/g;

/**
 * A folder that must not import others: its files, the folders (or packages) they may not reach,
 * and the modules inside those that they may (an extension-less path).
 */
interface Rule {
  from: string;
  banned: readonly string[];
  except?: readonly string[];
}

const RULES: readonly Rule[] = [
  { from: 'src/cli/', banned: ['src/ui/'] },
  { from: 'src/charts/', banned: ['src/ui/', 'src/state/', 'src/worker/', 'react', 'react-dom', 'zustand'] },
  { from: 'src/ml/', banned: ['src/eval/'] },
  { from: 'src/ui/help/', banned: ['src/ui/plots/', 'src/ui/exports/'], except: ['src/ui/plots/plotIds'] },
  { from: 'src/ui/exports/', banned: ['src/ui/plots/', 'src/ui/help/'], except: ['src/ui/plots/plotIds'] },
];

/** What `file` imports: relative specifiers resolved to repository paths, packages by their name. */
function importsOf(file: string, text: string): string[] {
  return Array.from(text.matchAll(SPECIFIER), (m) => {
    const spec = m[1].split('?')[0];
    if (!spec.startsWith('.')) return spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
    return posix.normalize(posix.join(posix.dirname(file), spec));
  });
}

/** Whether `target` (an import of `importsOf`) lies in `banned` (a folder ending in '/', or a package). */
const hits = (target: string, banned: string) => (banned.endsWith('/') ? `${target}/`.startsWith(banned) : target === banned);

describe('layers', () => {
  it('resolves relative imports and names packages', () => {
    const text = [
      "import { drawPr } from '../../charts/prChart';",
      "import type { PlaygroundState } from '../../../state/store';",
      "import css from './evaluation.css?raw';",
      "import { useRef } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "const m = await import('../../ui/plots/palette');",
    ].join('\n');
    expect(importsOf('src/cli/evaluate/figures.ts', text)).toEqual(['src/charts/prChart', 'state/store', 'src/cli/evaluate/evaluation.css', 'react', 'react-dom', 'src/ui/plots/palette']);
    expect(hits('src/ui/plots/palette', 'src/ui/')).toBe(true);
    expect(hits('src/uix/a', 'src/ui/')).toBe(false);
    expect(hits('react-dom', 'react')).toBe(false);
  });

  for (const rule of RULES) {
    it(`${rule.from} imports none of ${rule.banned.join(', ')}`, () => {
      const files = sources(rule.from);
      expect(files.length, rule.from).toBeGreaterThan(0);
      const offenders = files.flatMap((f) =>
        importsOf(f, readFileSync(join(ROOT, f), 'utf8'))
          .filter((t) => rule.banned.some((b) => hits(t, b)) && !rule.except?.includes(t))
          .map((t) => `${f} → ${t}`),
      );
      expect(offenders, `${rule.from} sits below ${rule.banned.join(', ')}: move what it needs down, or pass it in as plain data`).toEqual([]);
    });
  }
});
