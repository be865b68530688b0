// A plain static file server for the built site, as GitHub Pages and other simple hosts serve it:
// files under a sub-path with their content type and length, and no other headers (no COOP/COEP,
// no CSP). Used by the isolation test (e2e/isolation.spec.ts) and the bench's isolation part
// (bench/parts/isolation.mjs). `replace` answers some files with other content (a test's
// stand-in service worker); `served` lists every request answered.
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import { extname, resolve, sep } from 'node:path';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.u8': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves `dist` at http://127.0.0.1:<free port><prefix>. Resolves with the site's URL (ending in
 * the prefix), the log of requests and `close()`.
 */
export async function servePlain(dist, { prefix = '/playground/', replace = {} } = {}) {
  const root = resolve(dist);
  const served = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const reply = (status, headers = {}, file, body) => {
      served.push({ path, status, serviceWorker: req.headers['service-worker'] === 'script' });
      res.writeHead(status, headers);
      if (req.method === 'HEAD') res.end();
      else if (file) createReadStream(file).pipe(res);
      else res.end(body ?? (status === 404 ? 'not found' : undefined));
    };
    if (path === prefix.slice(0, -1)) return reply(301, { Location: prefix }); // as GitHub Pages does
    if (!path.startsWith(prefix)) return reply(404);
    let rel;
    try {
      rel = decodeURIComponent(path.slice(prefix.length));
    } catch {
      return reply(404);
    }
    if (rel === '' || rel.endsWith('/')) rel += 'index.html';
    if (Object.hasOwn(replace, rel)) {
      const body = Buffer.from(replace[rel]);
      return reply(200, { 'Content-Type': MIME[extname(rel)] ?? 'application/octet-stream', 'Content-Length': body.length }, undefined, body);
    }
    const file = resolve(root, rel);
    const stat = file.startsWith(root + sep) ? statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!stat?.isFile()) return reply(404);
    reply(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream', 'Content-Length': stat.size }, file);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${server.address().port}${prefix}`;
  return { url, served, close: () => new Promise((done) => server.close(done)) };
}
