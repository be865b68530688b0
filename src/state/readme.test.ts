import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PARAMS } from './params';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('starts with the two commands: start and test', () => {
    const block = readme.split('```')[1];
    expect(block).toMatch(/^sh\nnpm start\s+#/);
    expect(block).toMatch(/\nnpm test\s+#/);
  });
  it('lists every URL key with its values and default', () => {
    for (const p of PARAMS) {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${p.key}\` |`));
      expect(row, `README row for ${p.key}`).toBeDefined();
      expect(row).toContain(`\`${p.default}\``);
      if (p.kind === 'enum') for (const o of p.options) expect(row).toContain(`\`${o}\``);
      else expect(row).toContain(`${p.min} … ${p.max}`);
    }
  });
});
