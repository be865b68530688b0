/**
 * The time left of a long evaluation, as the CLI's progress line and the page's progress bar tell
 * it: at the rate since the work was first seen moving. The share done, in the evaluation's units
 * of work, grows about evenly with time; the threads' start before it does not, and counting it
 * would tell a short run several times its length.
 */

/** Where the work was first seen moving: when (ms, on the caller's clock) and the share done then. */
export interface ProgressOrigin {
  at: number;
  fraction: number;
}

/** No estimate before this share is done, and has moved since the origin (the first moments' rate says little). */
export const ESTIMATE_FROM = 0.02;

/** Ms left at `fraction` done at time `now`, from the rate since `origin`; null while too little has moved. */
export function timeLeftMs(fraction: number, now: number, origin: ProgressOrigin): number | null {
  const f = Math.min(1, Math.max(0, fraction));
  const moved = f - origin.fraction;
  if (f < ESTIMATE_FROM || moved < ESTIMATE_FROM) return null;
  return ((now - origin.at) * (1 - f)) / moved;
}

/** The time left in words: "about 3 min 05 s left", or that it is still being estimated (`ms` null). */
export function timeLeftWords(ms: number | null): string {
  return ms === null ? 'estimating the time left' : `about ${duration(ms)} left`;
}

/** "1 h 02 min", "3 min 05 s", "42 s". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}
