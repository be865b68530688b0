/**
 * Makes the page cross-origin isolated where its host cannot send the COOP/COEP headers (GitHub
 * Pages), so tfjs-wasm trains on its threaded build. Imported first by src/main.tsx, which starts
 * the app through {@link afterIsolation}. Where the page is not isolated, is top-level, is a secure
 * context and has service workers, this registers `isolation-sw.js` (from the app's folder) and
 * reloads once when that worker controls the page; the reload comes back through the worker, with
 * the headers. The app starts only on a load that stays, so nothing (MNIST, the training worker)
 * is fetched twice; in every other case the decision is synchronous and the app starts at once,
 * exactly as without this module. A sessionStorage flag allows one such reload per tab until a
 * load comes up isolated: it can never loop. Whatever happens, the app starts, and the status bar
 * says why (isolation.ts).
 */
import { CONTROL_TIMEOUT_MS, planIsolation, RELOAD_FLAG, WORKER_FILE, type IsolationState, type PageFacts } from './isolation';

function readFlag(): boolean | null {
  try {
    return sessionStorage.getItem(RELOAD_FLAG) !== null;
  } catch {
    return null;
  }
}

function writeFlag(on: boolean): boolean {
  try {
    if (on) sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
    else sessionStorage.removeItem(RELOAD_FLAG);
    return true;
  } catch {
    return false;
  }
}

function frameKind(): PageFacts['frame'] {
  if (window.top === window.self) return 'top';
  try {
    // Reading another origin's location throws.
    return window.top?.location.origin === location.origin ? 'same-origin' : 'cross-origin';
  } catch {
    return 'cross-origin';
  }
}

const workerUrl = () => new URL(WORKER_FILE, document.baseURI).href;
const isOurs = (w: ServiceWorker | null | undefined) => !!w && w.scriptURL === workerUrl();

function facts(): PageFacts {
  const hasServiceWorker = 'serviceWorker' in navigator && !!navigator.serviceWorker;
  return {
    crossOriginIsolated: self.crossOriginIsolated === true,
    isSecureContext: self.isSecureContext === true,
    hasServiceWorker,
    controlledByWorker: hasServiceWorker && isOurs(navigator.serviceWorker.controller),
    frame: frameKind(),
    reloadFlag: readFlag(),
  };
}

/** Resolves when our worker controls the page, or false after `ms`. */
function controlled(ms: number): Promise<boolean> {
  const sw = navigator.serviceWorker;
  if (isOurs(sw.controller)) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => finish(false), ms);
    function finish(ok: boolean) {
      clearTimeout(timer);
      sw.removeEventListener('controllerchange', check);
      done(ok);
    }
    function check() {
      if (isOurs(sw.controller)) finish(true);
    }
    sw.addEventListener('controllerchange', check);
  });
}

/**
 * Registers the worker and reloads once it controls the page. Resolves with the state to start
 * the app with, or never settles when the page is reloading (the reload replaces it).
 */
async function registerAndReload(): Promise<IsolationState> {
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await navigator.serviceWorker.register(workerUrl(), { scope: './' });
  } catch (e) {
    return { isolated: false, reason: 'register-failed', detail: e instanceof Error ? e.message : String(e) };
  }
  // Some automation (Playwright's serviceWorkers: 'block') resolves with nothing.
  if (!registration) return { isolated: false, reason: 'register-failed', detail: 'the browser refused the registration' };
  // Installed earlier but not controlling this load (a hard reload bypasses workers): a normal
  // reload goes through it. Otherwise it claims the page as soon as it is active.
  const ok = registration.active && !navigator.serviceWorker.controller ? true : await controlled(CONTROL_TIMEOUT_MS);
  if (!ok) return { isolated: false, reason: 'timeout' };
  if (!writeFlag(true)) return { isolated: false, reason: 'no-storage' };
  location.reload();
  // The reload replaces this page; should it somehow not come, start the app after all.
  return new Promise<IsolationState>((done) => setTimeout(() => done({ isolated: false, reason: 'timeout' }), CONTROL_TIMEOUT_MS));
}

const fail = (e: unknown): IsolationState => ({ isolated: false, reason: 'register-failed', detail: e instanceof Error ? e.message : String(e) });

/** The state once settled; the app's start, if it asked before that. */
let settled: IsolationState | null = null;
let waiting: (() => void) | null = null;

function settle(state: IsolationState): void {
  settled = state;
  window.playgroundIsolation = state;
  const start = waiting;
  waiting = null;
  start?.();
}

try {
  const plan = planIsolation(facts());
  if (plan.act === 'none') {
    if (plan.clearFlag) writeFlag(false);
    settle(plan.state);
  } else {
    void registerAndReload().catch(fail).then(settle);
  }
} catch (e) {
  settle(fail(e));
}

/**
 * Runs `start` (the app) now if the page stays as it is, or once registering the worker has failed
 * or timed out; never if the page reloads for isolation.
 */
export function afterIsolation(start: () => void): void {
  if (settled) start();
  else waiting = start;
}
