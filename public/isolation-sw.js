// Metric Playground's isolation service worker (registered by src/isolation/boot.ts).
//
// tfjs-wasm's threaded build needs SharedArrayBuffer, which a browser gives only to a page that is
// cross-origin isolated: served with `Cross-Origin-Opener-Policy: same-origin` and
// `Cross-Origin-Embedder-Policy: require-corp`. GitHub Pages and other plain static hosts cannot
// send those headers, so this worker, installed in the app's own folder (its scope, also under a
// sub-path), re-serves the app's same-origin responses with them added (and with
// `Cross-Origin-Resource-Policy: same-origin`). It caches nothing: every request still goes to the
// network, bodies stream through untouched, failures stay failures. Other origins' requests are
// left to the browser (the app's Content-Security-Policy allows none anyway).
//
// Plain JavaScript, shipped as is from public/: a service worker's script must keep a fixed URL.
'use strict';

/** The headers added to every same-origin response. */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * `response` with the isolation headers added; unchanged where a response cannot be re-made:
 * opaque ones, redirects a navigation must follow itself (status 0), and the like.
 */
function withIsolation(response) {
  if (!response || response.status === 0 || response.type === 'opaque' || response.type === 'opaqueredirect') return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Whether this worker re-serves `request`: same-origin GETs and HEADs, not cache-only probes. */
function handles(request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // A devtools quirk: an only-if-cached request outside same-origin mode throws when fetched.
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return false;
  return new URL(request.url).origin === self.location.origin;
}

self.addEventListener('install', () => {
  // Take over at once (no old version's pages to wait for: this worker keeps no state).
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Control the page that registered it, so that its one reload comes through here.
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  if (!handles(event.request)) return;
  event.respondWith(fetch(event.request).then(withIsolation));
});

// For the unit test (src/isolation/isolation.test.ts), which runs this file in a sandbox.
self.__isolationWorker = { withIsolation, handles, ISOLATION_HEADERS };
