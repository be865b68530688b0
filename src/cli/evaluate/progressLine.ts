/**
 * `evaluate`'s progress on stderr for a long evaluation: how far it is, the time so far, and an
 * estimate of the time left (src/eval/timeLeft.ts). Nothing for a short one: the first line comes after
 * {@link QUIET_MS}. On a terminal one line is rewritten in place (at most every
 * {@link TTY_EVERY_MS}); into a file or a pipe (a log, CI) a line is written at each further tenth
 * done, or after {@link LOG_EVERY_MS} without one. The clock is given, so that a test sets it.
 */
import { duration, timeLeftMs, timeLeftWords, type ProgressOrigin } from '../../eval/timeLeft';

/** Nothing is shown for an evaluation shorter than this. */
export const QUIET_MS = 3000;
/** A terminal's line is rewritten at most this often. */
const TTY_EVERY_MS = 500;
/** Into a log: a line at least this often, whatever the share done. */
const LOG_EVERY_MS = 60_000;

/** The line for `fraction` done after `elapsed` ms, the time left at the rate since `from` (elapsed ms and share then). */
export function progressText(what: string, fraction: number, elapsed: number, from: ProgressOrigin = { at: 0, fraction: 0 }): string {
  const f = Math.min(1, Math.max(0, fraction));
  return `${what}: ${Math.floor(f * 100)}% · ${duration(elapsed)} so far · ${timeLeftWords(timeLeftMs(f, elapsed, from))}`;
}

/** A progress line: `update` with the share done (it only rises), `end` when the work ends. */
export interface ProgressLine {
  update(fraction: number): void;
  end(): void;
}

/** The progress of `what` written through `write`: rewritten in place on a terminal (`tty`), else a line per tenth. */
export function progressLine(what: string, write: (s: string) => void, o: { tty: boolean; now: () => number }): ProgressLine {
  const t0 = o.now();
  let shown = -Infinity; // when a line was last written
  let tenth = 0; // tenths done at the last logged line
  let open = false; // a terminal line waits for its end of line
  let from: ProgressOrigin | null = null;
  return {
    update(fraction) {
      const t = o.now();
      const elapsed = t - t0;
      if (from === null && fraction > 0) from = { at: elapsed, fraction };
      if (elapsed < QUIET_MS) return;
      const text = progressText(what, fraction, elapsed, from ?? undefined);
      if (o.tty) {
        if (t - shown < TTY_EVERY_MS) return;
        write(`\r${text}\u001b[K`);
        open = true;
      } else {
        const tenths = Math.floor(Math.min(1, fraction) * 10);
        if (tenths <= tenth && t - shown < LOG_EVERY_MS) return;
        tenth = Math.max(tenth, tenths);
        write(`${text}\n`);
      }
      shown = t;
    },
    end() {
      if (open) write('\n');
      open = false;
    },
  };
}
