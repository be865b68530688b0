/**
 * Cross-origin isolation on any static host: what the page decides on load (pure, unit-tested) and
 * the words the status bar says about it. `boot.ts` acts on it; `public/isolation-sw.js` is the
 * service worker that adds the COOP/COEP headers a plain host (GitHub Pages) cannot send.
 */

/** The service worker's file, next to index.html: its folder is its scope (also under a sub-path). */
export const WORKER_FILE = 'isolation-sw.js';
/** The sessionStorage key that allows one reload per tab until the page is isolated. */
export const RELOAD_FLAG = 'metric-playground:isolation-reload';
/** How long the page waits for the service worker to take control before it starts without. */
export const CONTROL_TIMEOUT_MS = 10_000;

/** Why the page is not cross-origin isolated (and will not try to be in this load). */
export type NotIsolatedReason =
  | 'cross-origin-frame'
  | 'frame'
  | 'insecure'
  | 'no-service-worker'
  | 'no-storage'
  | 'register-failed'
  | 'timeout'
  | 'gave-up';

/** How the page ended up: isolated (and by what), or not (and why). On `window.playgroundIsolation`. */
export type IsolationState =
  | { isolated: true; by: 'headers' | 'service-worker'; reloaded: boolean }
  | { isolated: false; reason: NotIsolatedReason; detail?: string };

/** What boot.ts reads from the page before deciding. */
export interface PageFacts {
  crossOriginIsolated: boolean;
  isSecureContext: boolean;
  /** `'serviceWorker' in navigator` (false in some private windows, on plain http, or blocked). */
  hasServiceWorker: boolean;
  /** Whether `navigator.serviceWorker.controller` is this site's isolation worker. */
  controlledByWorker: boolean;
  /** top-level window, a frame of the same origin, or a frame of another origin. */
  frame: 'top' | 'same-origin' | 'cross-origin';
  /** The reload flag: true if set, false if not, null if sessionStorage cannot be used. */
  reloadFlag: boolean | null;
}

/** The decision: a final state now, or register the worker and reload once when it controls. */
export type IsolationPlan = { act: 'none'; state: IsolationState; clearFlag: boolean } | { act: 'register' };

/**
 * Decides what to do on load. Never more than one reload per tab: a reload happens only when the
 * flag was absent and could be set (boot.ts sets it right before reloading), and the flag is
 * cleared only by a load that came up isolated.
 */
export function planIsolation(f: PageFacts): IsolationPlan {
  const done = (state: IsolationState, clearFlag = false): IsolationPlan => ({ act: 'none', state, clearFlag });
  if (f.crossOriginIsolated) {
    return done({ isolated: true, by: f.controlledByWorker ? 'service-worker' : 'headers', reloaded: f.reloadFlag === true }, f.reloadFlag === true);
  }
  // An embed in a blog's iframe: isolation would need the embedding page's headers too. Never try.
  if (f.frame === 'cross-origin') return done({ isolated: false, reason: 'cross-origin-frame' });
  if (f.frame === 'same-origin') return done({ isolated: false, reason: 'frame' });
  if (!f.isSecureContext) return done({ isolated: false, reason: 'insecure' });
  if (!f.hasServiceWorker) return done({ isolated: false, reason: 'no-service-worker' });
  if (f.reloadFlag === null) return done({ isolated: false, reason: 'no-storage' });
  // Already reloaded once in this tab for it and still not isolated: give up quietly.
  if (f.reloadFlag) return done({ isolated: false, reason: 'gave-up', detail: f.controlledByWorker ? 'controlled' : 'uncontrolled' });
  return { act: 'register' };
}

/** One sentence for the status bar's threads tip: isolated or not, and why. */
export function isolationSentence(s: IsolationState | undefined): string {
  if (!s) return '';
  if (s.isolated) {
    return s.by === 'headers'
      ? "The page is cross-origin isolated by its server's COOP/COEP headers."
      : "The page is cross-origin isolated by this site's service worker (isolation-sw.js), which adds the COOP/COEP headers the host does not send.";
  }
  const why: Record<NotIsolatedReason, string> = {
    'cross-origin-frame': "it is shown inside another site's frame (an embed), where isolation would need that site's headers too",
    frame: 'it is shown inside a frame of a page that is not isolated',
    insecure: 'it is not served over https (or from localhost), and browsers allow service workers only there',
    'no-service-worker': 'this browser offers no service workers here (a private window, or turned off), and the host sends no COOP/COEP headers',
    'no-storage': 'this browser blocks session storage, which the page needs to reload at most once for the service worker',
    'register-failed': `the service worker that would add the COOP/COEP headers could not be installed${s.detail ? ` (${s.detail})` : ''}`,
    timeout: 'the service worker did not take control in time; the next visit will be isolated',
    'gave-up':
      s.detail === 'uncontrolled'
        ? 'this load bypassed the service worker (a hard reload?) after the page had already reloaded once for it; a normal reload gives threads'
        : 'the page reloaded once under the service worker and still is not isolated, so it does not try again in this tab',
  };
  return `The page is not cross-origin isolated: ${why[s.reason]}.`;
}

declare global {
  interface Window {
    /** How the page's cross-origin isolation turned out (set by src/isolation/boot.ts before the app starts). */
    playgroundIsolation?: IsolationState;
  }
}

/** The page's isolation state, as boot.ts left it (undefined in a worker or before boot). */
export function pageIsolation(): IsolationState | undefined {
  return typeof window === 'undefined' ? undefined : window.playgroundIsolation;
}
