import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyPress } from './shortcuts';

const press = (key: string, more: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrl: false,
  alt: false,
  meta: false,
  repeat: false,
  typing: false,
  clicksOnSpace: false,
  ...more,
});

describe('keyboard shortcuts', () => {
  it('maps Space, s, r, ? and Escape on the page', () => {
    expect(shortcutFor(press(' '))).toBe('toggle');
    expect(shortcutFor(press('s'))).toBe('step');
    expect(shortcutFor(press('S'))).toBe('step');
    expect(shortcutFor(press('r'))).toBe('reset');
    expect(shortcutFor(press('?'))).toBe('help');
    expect(shortcutFor(press('Escape'))).toBe('escape');
    expect(shortcutFor(press('x'))).toBeNull();
    expect(shortcutFor(press('Enter'))).toBeNull();
  });

  it('maps 1–3 to a lesson’s answers and the arrows (and a presenter’s pages) to its steps, never on a held key', () => {
    expect(['1', '2', '3', '4'].map((k) => shortcutFor(press(k)))).toEqual(['answer1', 'answer2', 'answer3', null]);
    expect(['ArrowRight', 'PageDown', 'ArrowLeft', 'PageUp'].map((k) => shortcutFor(press(k)))).toEqual(['next', 'next', 'back', 'back']);
    for (const key of ['1', 'ArrowRight']) expect(shortcutFor(press(key, { repeat: true })), key).toBeNull();
  });

  it('stays out of typing: nothing but Escape fires in a field', () => {
    for (const key of [' ', 's', 'r', '?', '1', 'ArrowLeft']) expect(shortcutFor(press(key, { typing: true })), key).toBeNull();
    expect(shortcutFor(press('Escape', { typing: true }))).toBe('escape');
  });

  it('leaves browser and system shortcuts alone (Ctrl, Alt, Meta)', () => {
    for (const mod of ['ctrl', 'alt', 'meta'] as const)
      for (const key of [' ', 's', 'r', '?', 'Escape']) expect(shortcutFor(press(key, { [mod]: true })), `${mod}+${key}`).toBeNull();
  });

  it('leaves Space to a focused button (it clicks it), but letters still work there', () => {
    expect(shortcutFor(press(' ', { clicksOnSpace: true }))).toBeNull();
    expect(shortcutFor(press('s', { clicksOnSpace: true }))).toBe('step');
    expect(shortcutFor(press('r', { clicksOnSpace: true }))).toBe('reset');
  });

  it('does not flicker on a held key: Space, ? and r act once; s keeps stepping', () => {
    expect(shortcutFor(press(' ', { repeat: true }))).toBeNull();
    expect(shortcutFor(press('?', { repeat: true }))).toBeNull();
    expect(shortcutFor(press('r', { repeat: true }))).toBeNull();
    expect(shortcutFor(press('s', { repeat: true }))).toBe('step');
  });
});
