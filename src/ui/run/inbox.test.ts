import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeliveryClock, Inbox, INBOX_MS } from './inbox';

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
    // A report every INBOX_MS / 20 ms: 39 more reports, until just before 2 · INBOX_MS.
    const gap = INBOX_MS / 20;
    for (let i = 2; i <= 40; i++) {
      vi.advanceTimersByTime(gap);
      inbox.push(i);
    }
    // One batch went out at INBOX_MS (the reports up to then), the rest waits for 2 · INBOX_MS.
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    vi.advanceTimersByTime(gap);
    expect(got).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('200 reports in a second arrive in about 1000 / INBOX_MS batches; sparse reports each at once', () => {
    const batches = new Set(stream(200, 5)).size;
    expect(batches).toBeGreaterThanOrEqual(1000 / INBOX_MS);
    expect(batches).toBeLessThanOrEqual(1000 / INBOX_MS + 1);
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

  it('inboxes on one clock deliver in the same tick, in the order they asked, at most every INBOX_MS', () => {
    const clock = new DeliveryClock();
    const log: string[] = [];
    const ticks = new Set<number>();
    const inboxes = ['a', 'b', 'c'].map((name) => new Inbox<number>((n) => (log.push(`${name}${n}`), ticks.add(performance.now())), clock));
    inboxes[0].push(0); // after a quiet spell: at once
    expect(log).toEqual(['a0']);
    for (let i = 1; i <= 30; i++) {
      vi.advanceTimersByTime((7 * INBOX_MS) / 100);
      inboxes[i % 3].push(i);
    }
    vi.advanceTimersByTime(INBOX_MS);
    expect(log).toHaveLength(31);
    // Runs report at their own pace; the page renders their reports together: 2.1 · INBOX_MS of
    // reports in 3 ticks (0, 1, 2 · INBOX_MS) and the last one, not one tick per inbox.
    expect(ticks.size).toBeLessThanOrEqual(4);
    // Each inbox's reports stay in order.
    for (const name of ['a', 'b', 'c']) {
      const mine = log.filter((x) => x[0] === name).map((x) => Number(x.slice(1)));
      expect(mine).toEqual([...mine].sort((x, y) => x - y));
    }
  });
});

