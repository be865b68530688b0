import { describe, expect, it } from 'vitest';
import { progressLine, progressText, QUIET_MS } from './progressLine';

/** A progress line on a clock the test moves; what it wrote. */
function line(tty: boolean) {
  let t = 0;
  const out: string[] = [];
  const p = progressLine('evaluating', (s) => void out.push(s), { tty, now: () => t });
  return { p, out, at: (ms: number) => (t = ms) };
}

describe('the progress line of a long evaluation', () => {
  it('says the share done, the time so far and the time left at the rate so far', () => {
    expect(progressText('evaluating', 0.25, 60_000)).toBe('evaluating: 25% · 1 min 00 s so far · about 3 min 00 s left');
    expect(progressText('evaluating', 0.01, 10_000)).toBe('evaluating: 1% · 10 s so far · estimating the time left');
    expect(progressText('evaluating', 1, 5_000)).toBe('evaluating: 100% · 5 s so far · about 0 s left');
    // At the rate since the work began to move: 30 % in the 30 s after a 30 s start leaves 70 s.
    expect(progressText('evaluating', 0.3, 60_000, { at: 30_000, fraction: 0 })).toBe('evaluating: 30% · 1 min 00 s so far · about 1 min 10 s left');
  });

  it('into a log: nothing for a short evaluation, then a line at each further tenth, or each minute', () => {
    const { p, out, at } = line(false);
    at(QUIET_MS - 1);
    p.update(0.5);
    expect(out).toEqual([]); // a short evaluation says nothing
    at(QUIET_MS);
    p.update(0.05);
    at(QUIET_MS + 100);
    p.update(0.07); // same tenth: nothing new
    at(QUIET_MS + 200);
    p.update(0.12);
    at(QUIET_MS + 200 + 60_000);
    p.update(0.13); // a minute without a new tenth: a line anyway
    p.end();
    expect(out.map((s) => s.slice(0, 15))).toEqual(['evaluating: 5% ', 'evaluating: 12%', 'evaluating: 13%']);
    expect(out.every((s) => s.endsWith('\n'))).toBe(true);
  });

  it('times the rate from when the work begins to move, not from the start (threads loading)', () => {
    const { p, out, at } = line(false);
    at(1000);
    p.update(0); // still starting
    // From 2 s on, a tenth a second: done at 12 s.
    for (let ms = 2000; ms <= 12_000; ms += 250) {
      at(ms);
      p.update(Math.max(0.001, (ms - 2000) / 10_000));
    }
    const at50 = out.find((s) => s.startsWith('evaluating: 50%'));
    expect(at50).toBe('evaluating: 50% · 7 s so far · about 5 s left\n');
  });

  it('on a terminal: one line rewritten in place, at most twice a second, ended once', () => {
    const { p, out, at } = line(true);
    at(0);
    p.update(0.001);
    at(QUIET_MS);
    p.update(0.1);
    at(QUIET_MS + 100);
    p.update(0.2); // too soon
    at(QUIET_MS + 600);
    p.update(0.3);
    p.end();
    p.end();
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/^\revaluating: 10% · 3 s so far · about 27 s left\u001b\[K$/);
    expect(out[1]).toMatch(/^\revaluating: 30% /);
    expect(out[2]).toBe('\n');
  });
});
