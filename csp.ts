/**
 * The Content-Security-Policy the built app ships (a <meta> tag, added at build time only: Vite's
 * dev server injects inline scripts). Scripts, workers and data come from the page's own origin;
 * 'wasm-unsafe-eval' lets WebAssembly compile (tfjs-wasm) without allowing eval of JavaScript.
 * Static hosts that can set headers should also send it as a header, with frame-ancestors (see
 * the README's "Deploy").
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  // d3 and React set style attributes; no external style sheets.
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');
