import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY } from './csp.ts';
import { wasmThreads } from './vite-plugins/wasmThreads.ts';
import { themeCss } from './src/charts/kit/theme.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// Cross-origin isolation lets tfjs-wasm use SharedArrayBuffer threads.
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/** Adds the CSP meta tag to the built pages (not in dev, where Vite injects inline scripts). */
const contentSecurityPolicy = (): Plugin => ({
  name: 'content-security-policy',
  apply: 'build',
  // Right after the charset (which must come first), before any script.
  transformIndexHtml: (html) =>
    html.replace(/<meta charset="UTF-8" \/>/, `$&\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />`),
});

/**
 * Writes the page's theme (src/charts/kit/theme.ts: the colour variables, light and dark, and the plots'
 * text rules) into the app's head, after the charset and viewport and ahead of every style sheet.
 */
const theme = (): Plugin => ({
  name: 'theme',
  transformIndexHtml: (html, ctx) =>
    ctx.path.endsWith('/index.html') ? html.replace(/<meta name="viewport"[^>]*>/, (m) => `${m}\n    <style>\n${themeCss()}\n    </style>`) : html,
});

/**
 * With SITE_URL set at build (`SITE_URL=https://you.github.io/playground/ npm run build`), makes the
 * link-preview image URLs absolute and adds og:url: crawlers do not resolve relative ones.
 */
const siteUrl = (url = process.env.SITE_URL): Plugin => ({
  name: 'site-url',
  apply: 'build',
  transformIndexHtml: (html) => {
    if (!url) return html;
    const base = new URL(url.endsWith('/') ? url : `${url}/`);
    if (!/^https?:$/.test(base.protocol)) throw new Error(`SITE_URL must be an http(s) URL, not ${url}`);
    return html
      .replace(/(<meta (?:property="og:image"|name="twitter:image") content=")\.\/([^"]+)"/g, (_, head: string, path: string) => `${head}${new URL(path, base).href}"`)
      .replace(/<meta property="og:type"[^>]*>/, (m) => `${m}\n    <meta property="og:url" content="${base.href}" />`);
  },
});

export default defineConfig({
  plugins: [react(), theme(), contentSecurityPolicy(), siteUrl(), wasmThreads()],
  // The trainer worker bundles tfjs-wasm too.
  worker: { format: 'es', plugins: () => [wasmThreads()] },
  base: './',
  server: { headers: isolation },
  preview: { headers: isolation },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    // The app, plus two pages for automation: WGSL kernel self-tests and the benchmark.
    rolldownOptions: {
      input: {
        main: resolve(root, 'index.html'),
        kernels: resolve(root, 'kernel-tests.html'),
        bench: resolve(root, 'bench.html'),
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
