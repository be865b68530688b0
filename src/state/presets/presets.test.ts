import { describe, expect, it } from 'vitest';
import { PRESETS, presetConfig, presetLink, presetRunIndex } from './presets';
import { parseHash } from '../link/urlSchema';

describe('presets', () => {
  it('have unique ids, every text, and links that parse cleanly', () => {
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    for (const p of PRESETS) {
      for (const text of [p.title, p.reproduces, p.lookFor]) expect(text.trim(), p.id).not.toBe('');
      for (const r of p.runs) {
        expect(parseHash(`#${r.link}`).notices, `${p.id} ${r.label}`).toEqual([]);
        expect(r.link.length, `${p.id} ${r.label}: a short link`).toBeLessThan(150);
      }
      if (p.claim) {
        // A claim compares runs A and B (or checks one run) where their links stop them.
        expect(p.claim.compare !== undefined ? p.runs.length >= 2 : p.claim.atLeast !== undefined, p.id).toBe(true);
        for (const r of p.runs.slice(0, 2)) expect(parseHash(`#${r.link}`).config.steps, `${p.id} ${r.label}`).toBe(p.claim.steps);
        // It must hold from `from` on: a step the run reaches, and one it evaluates at or before its last.
        const from = p.claim.from ?? p.claim.steps;
        expect(from > 0 && from <= p.claim.steps, `${p.id}: from ${from}`).toBe(true);
        expect(p.claim.measured.trim(), p.id).not.toBe('');
      } else if (p.runs.length > 1) {
        // A comparison that claims nothing says what was measured, and why it claims nothing.
        expect(p.measured?.trim(), p.id).toBeTruthy();
      }
    }
  });
  it('include the presets the issue names', () => {
    const ids = PRESETS.map((p) => p.id);
    for (const id of ['hu-temperature', 'heating-up', 'hu-gradient', 'ce-vs-ssm', 'cenm-vs-snm', 'tcm', 'blobs', 'rings', 'spirals']) expect(ids).toContain(id);
  });
  it('keep the backend a person chose', () => {
    expect(presetConfig(PRESETS[0].runs[0], 'wasm').backend).toBe('wasm');
  });
});

describe('preset links', () => {
  it('are short (the hash under 150 characters) and open the same runs', () => {
    for (const p of PRESETS) {
      const a = presetConfig(p.runs[0], 'auto');
      const b = p.runs[1] ? presetConfig(p.runs[1], 'auto') : null;
      const hash = presetLink(p);
      expect(hash.length, `${p.id}: ${hash}`).toBeLessThan(150);
      const back = parseHash(hash);
      expect(back.config).toEqual(a);
      expect(back.compare).toEqual(b);
      expect(back.view.preset).toBe(p.id);
      expect(presetRunIndex(p, back.config)).toBe(0);
      if (b) expect(presetRunIndex(p, b)).toBe(1);
    }
  });
});
