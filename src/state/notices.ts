/**
 * The notice list: messages about links, fallbacks and failures. The same message again merges
 * into the one shown (with a count) instead of stacking; text is cleaned of bidi and control
 * characters (a link value could otherwise reverse the sentence it is quoted in) and capped.
 */

export interface Notice {
  id: number;
  level: 'info' | 'warn' | 'error';
  text: string;
  /** How many times this message was raised (merged into one). */
  count: number;
}

/** The part of a store the notice list needs (keeps this module free of the store's own type). */
interface NoticeStore {
  getState(): { notices: Notice[] };
  setState(partial: (s: { notices: Notice[] }) => { notices: Notice[] }): void;
}

/** Longest notice kept, in characters. */
export const MAX_NOTICE_CHARS = 400;
/** Notices shown at most (the oldest go first). */
export const MAX_NOTICES = 8;

// C0/C1 controls, the line and paragraph separators, and every bidi embedding, override, isolate and mark.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `text` with control and bidi characters shown as their code points ("\u202Eexe.txt" →
 * "U+202Eexe.txt"), uncapped; every other character (accents, CJK, emoji and their joiners) kept.
 * For text from a user's file (class labels, file names) wherever it is drawn: a label could
 * otherwise reverse what follows it ("txt.exe") or break the line. Idempotent.
 */
export function visibleText(text: string): string {
  return text.replace(UNSAFE, (ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
}

// The same characters as JSON.stringify leaves them raw (it escapes C0 itself; the newlines of its indentation must stay).
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/**
 * `JSON.stringify(value, null, indent)` with every control and bidi character inside its strings
 * written as a `\uXXXX` escape: the values parse back exactly, and the file read as text shows no
 * label reversed.
 */
export function jsonText(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `text` with control and bidi characters shown as code points (U+202E), capped to `max` characters. */
export function cleanText(text: string, max = MAX_NOTICE_CHARS): string {
  const clean = visibleText(text);
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

let nextId = 1;

/** Shows a notice (or counts one more of the same); returns its id. */
export function addNotice(store: NoticeStore, level: Notice['level'], text: string): number {
  const clean = cleanText(text);
  const same = store.getState().notices.find((n) => n.level === level && n.text === clean);
  const id = same?.id ?? nextId++;
  store.setState((s) => {
    const rest = s.notices.filter((n) => n.id !== id);
    const notice: Notice = { id, level, text: clean, count: (same?.count ?? 0) + 1 };
    return { notices: [...rest, notice].slice(-MAX_NOTICES) };
  });
  return id;
}

export function dismissNotice(store: NoticeStore, id: number): void {
  store.setState((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
}
