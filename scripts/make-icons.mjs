// Rasterises public/favicon.svg into the PNG icons the page and its web manifest name:
//   favicon-32.png (tab icon for browsers without SVG favicons), apple-touch-icon.png (180×180),
//   icon-192.png and icon-512.png (manifest). Run after editing the SVG: `node scripts/make-icons.mjs`.
// It renders with the system Chromium through Playwright (scripts/find-chromium.mjs), so the PNGs
// look exactly like the SVG does in a browser; the outputs are committed.
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findChromium } from './find-chromium.mjs';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

/** name, size in pixels, and whether the corners stay transparent. */
const ICONS = [
  ['favicon-32.png', 32, true],
  // iOS paints transparent pixels black and rounds the corners itself: a full, opaque square.
  ['apple-touch-icon.png', 180, false],
  ['icon-192.png', 192, true],
  ['icon-512.png', 512, true],
];

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found: set CHROMIUM_PATH (see scripts/find-chromium.mjs)');
  const svg = readFileSync(publicDir + 'favicon.svg', 'utf8');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-background-networking'] });
  try {
    for (const [name, size, transparent] of ICONS) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      // Opaque icons: the SVG's rounded corners are filled with its own white background.
      const square = transparent ? svg : svg.replace(/ rx="\d+"/, '');
      const src = 'data:image/svg+xml;base64,' + Buffer.from(square).toString('base64');
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${src}" width="${size}" height="${size}">`,
      );
      await page.locator('img').evaluate((img) => img.decode());
      const png = await page.screenshot({ omitBackground: transparent, clip: { x: 0, y: 0, width: size, height: size } });
      writeFileSync(publicDir + name, png);
      console.log(`public/${name}: ${size}×${size}, ${png.length} bytes`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
