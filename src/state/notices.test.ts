import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { addNotice, cleanText, dismissNotice, MAX_NOTICES, visibleText, type Notice } from './notices';
import { parseHash } from './link/urlSchema';

const store = () => createStore<{ notices: Notice[] }>(() => ({ notices: [] }));

describe('notices', () => {
  it('the same message again merges into one with a count', () => {
    const s = store();
    const a = addNotice(s, 'warn', 'loss=x is not one of …');
    addNotice(s, 'info', 'other');
    const b = addNotice(s, 'warn', 'loss=x is not one of …');
    expect(b).toBe(a);
    expect(s.getState().notices.map((n) => [n.text, n.count])).toEqual([
      ['other', 1],
      ['loss=x is not one of …', 2],
    ]);
    // Same text at another level is another notice.
    addNotice(s, 'error', 'other');
    expect(s.getState().notices).toHaveLength(3);
    dismissNotice(s, a);
    expect(s.getState().notices).toHaveLength(2);
  });

  it('keeps at most MAX_NOTICES, the newest', () => {
    const s = store();
    for (let i = 0; i < MAX_NOTICES + 5; i++) addNotice(s, 'info', `n${i}`);
    expect(s.getState().notices.map((n) => n.text)).toEqual(Array.from({ length: MAX_NOTICES }, (_, i) => `n${i + 5}`));
  });

  it('bidi overrides, isolates and controls are shown as code points, and text is capped', () => {
    expect(cleanText('a\u202etxt.exe')).toBe('aU+202Etxt.exe');
    expect(cleanText('\u2066x\u2069\u200f\u0000\n')).toBe('U+2066xU+2069U+200FU+0000U+000A');
    expect(cleanText('x'.repeat(1000))).toHaveLength(400);
    const s = store();
    addNotice(s, 'warn', `v=\u202e${'y'.repeat(5000)}`);
    const text = s.getState().notices[0].text;
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(text.length).toBeLessThanOrEqual(400);
  });

  it('a link value with a right-to-left override cannot reverse the notice (defect 8)', () => {
    const { notices } = parseHash('#v=1&backend=wasm&data=blobs&loss=%E2%80%AEtxt.exe');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('loss=U+202Etxt.exe is not one of');
    expect(notices[0]).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('visibleText (labels and file names from files): every control and bidi character as its code point, nothing else touched, uncapped', () => {
    const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
    const unsafe = [
      ...Array.from({ length: 0x20 }, (_, i) => i), // C0 controls, tab and newlines included
      ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i), // DEL and the C1 controls
      0x061c, // Arabic letter mark
      0x200e, 0x200f, // LRM, RLM
      0x2028, 0x2029, // line and paragraph separators
      0x202a, 0x202b, 0x202c, 0x202d, 0x202e, // embeddings, pop, overrides
      0x2066, 0x2067, 0x2068, 0x2069, // isolates
    ];
    for (const c of unsafe) expect(visibleText(`a${String.fromCodePoint(c)}b`), hex(c)).toBe(`a${hex(c)}b`);
    expect(visibleText('\u202Eexe.txt')).toBe('U+202Eexe.txt');
    // Ordinary text untouched: accents, CJK, right-to-left letters, emoji with joiners and selectors, spaces.
    for (const t of ['é', 'cafe\u0301', '数字', 'עברית', 'العربية', '😀', '👩\u200d💻', '❤\ufe0f', 'a b\u00a0c', 'U+202E', '']) expect(visibleText(t)).toBe(t);
    // Idempotent, and uncapped (a label keeps its length to be told apart).
    const once = visibleText('\u2066x\u2069\u0000');
    expect(visibleText(once)).toBe(once);
    expect(visibleText('x'.repeat(1000))).toHaveLength(1000);
  });
});
