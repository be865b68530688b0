import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Inbox, INBOX_MS } from './inbox';

describe('Inbox', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  /** A fast run: `n` reports, one every `gapMs`; returns when each was delivered (ms). */
  function stream(n: number, gapMs: number): number[] {
    const at: number[] = [];
    const inbox = new Inbox<number>(() => at.push(performance.now()));
    for (let i = 0; i < n; i++) {
      inbox.push(i);
      vi.advanceTimersByTime(gapMs);
    }
    vi.advanceTimersByTime(INBOX_MS);
    expect(at).toHaveLength(n);
    return at;
  }

  it('delivers a report after a quiet spell at once, and a stream in order, in batches at most every INBOX_MS', () => {
    const got: number[] = [];
    const inbox = new Inbox<number>((n) => got.push(n));
    inbox.push(1);
    expect(got).toEqual([1]);
    for (let i = 2; i <= 40; i++) {
      vi.advanceTimersByTime(5);
      inbox.push(i);
    }
    // 195 ms after the first delivery: one batch went out at 100 ms, the rest waits for 200 ms.
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    vi.advanceTimersByTime(5);
    expect(got).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('200 reports in a second arrive in about ten batches; sparse reports each at once', () => {
    const batches = new Set(stream(200, 5)).size;
    expect(batches).toBeGreaterThanOrEqual(10);
    expect(batches).toBeLessThanOrEqual(11);
    const sparse = stream(5, 2 * INBOX_MS);
    expect(sparse).toEqual([0, 1, 2, 3, 4].map((i) => sparse[0] + i * 2 * INBOX_MS));
  });

  it('flush delivers what is queued now, and a failing report does not drop the rest', () => {
    const got: number[] = [];
    const errors: unknown[] = [];
    const sink = (e: unknown) => void errors.push(e);
    // Where the inbox reports it: reportError in a browser, the console elsewhere.
    const report = typeof globalThis.reportError === 'function' ? vi.spyOn(globalThis, 'reportError').mockImplementation(sink) : vi.spyOn(console, 'error').mockImplementation(sink);
    const inbox = new Inbox<number>((n) => {
      if (n === 3) throw new Error('bad report');
      got.push(n);
    });
    for (const n of [1, 2, 3, 4]) inbox.push(n);
    expect(got).toEqual([1]);
    inbox.flush();
    expect(got).toEqual([1, 2, 4]);
    expect(errors).toHaveLength(1);
    report.mockRestore();
    // Nothing is delivered twice when the timer would have come due.
    vi.advanceTimersByTime(INBOX_MS);
    expect(got).toEqual([1, 2, 4]);
  });
});
