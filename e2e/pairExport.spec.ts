import { test, expect } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { download, openApp } from './helpers';
import { runLabel } from '../src/state/run/summary';
import type { Config } from '../src/state/params';

// Save the lesson: a comparison saves as ONE A | B figure — both runs side by side,
// each named with its label and step — as a standalone SVG and a 2× PNG, from one click each.


test('a comparison saves as one A | B figure (SVG and PNG) with both runs, their labels and steps', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openApp(page, '#backend=wasm&data=blobs&steps=40&b=1&b.alpha=4', 'wasm');
  await page.getByTestId('intro-close').click();
  await expect(page.getByTestId('compare')).toBeVisible();

  await page.getByTestId('play').click();
  const runs = () =>
    page.evaluate(() => {
      const c = window.playground.controller;
      return [c.store.getState(), c.compare!.store.getState()].map((s) => ({ step: s.step, running: s.running, snapshotStep: s.snapshot?.step ?? -1, points: s.snapshot?.labels.length ?? 0, config: { ...s.config } }));
    });
  // Both runs trained to their last step (40) and paused there, with the embedding of that step.
  await expect.poll(async () => (await runs()).map((r) => [r.step, r.running, r.snapshotStep]), { timeout: 150_000, intervals: [500] }).toEqual([
    [40, false, 40],
    [40, false, 40],
  ]);
  const [a, b] = await runs();
  const nameA = runLabel(a.config as Config, 40);
  const nameB = runLabel(b.config as Config, 40);
  expect(nameA).not.toBe(nameB);

  await expect(page.getByTestId('export-pair-svg')).toBeEnabled();
  const svgFile = await download(page, 'export-pair-svg');
  expect(svgFile.name).toBe('metric-playground-a-vs-b-step40.svg');
  const svg = await page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      ns: root.namespaceURI,
      width: Number(root.getAttribute('width')),
      height: Number(root.getAttribute('height')),
      styleSheets: root.querySelectorAll('style, link, foreignObject').length,
      texts: Array.from(root.getElementsByTagName('text')).map((e) => (e.textContent ?? '').trim()),
      panelLabels: Array.from(root.querySelectorAll('text.pair-run-label')).map((e) => e.textContent),
      panels: root.querySelectorAll('g.pair-panel').length,
      points: Array.from(root.querySelectorAll('g.pair-panel')).map((p) => p.querySelectorAll('g.points circle').length),
      lines: Array.from(root.querySelectorAll('path.pair-line')).map((e) => e.getAttribute('stroke')),
      desc: root.querySelector('desc')?.textContent ?? '',
    };
  }, svgFile.body.toString('utf8'));
  expect(svg.error, 'parses as XML').toBe(false);
  expect(svg.ns).toBe('http://www.w3.org/2000/svg');
  expect(svg.styleSheets, 'standalone: styles inline, no sheet').toBe(0);
  // Both runs, each with its label and its step, above its own panel (and in the title band).
  expect(svg.panels).toBe(2);
  expect(svg.panelLabels).toEqual([`A: ${nameA}`, `B: ${nameB}`]);
  expect(svg.texts).toContain(`A: ${nameA}`);
  expect(svg.texts).toContain(`B: ${nameB}`);
  expect(svg.texts.filter((t) => t.startsWith('step 40 · unit circle'))).toHaveLength(2);
  // Each panel holds its run's evaluation set as points; the curves of both runs are overlaid.
  expect(svg.points).toEqual([a.points, b.points]);
  expect(a.points).toBeGreaterThan(0);
  expect(new Set(svg.lines).size).toBe(2);
  expect(svg.lines.length).toBeGreaterThanOrEqual(6);
  expect(svg.desc).toContain('b.alpha=4');

  const png = await download(page, 'export-pair-png');
  expect(png.name).toBe('metric-playground-a-vs-b-step40.png');
  // Kept beside the test's results, to look at.
  await writeFile(testInfo.outputPath('a-vs-b.png'), png.body);
  await writeFile(testInfo.outputPath('a-vs-b.svg'), svgFile.body);
  expect(png.body.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const [w, h] = [png.body.readUInt32BE(16), png.body.readUInt32BE(20)];
  expect([w, h]).toEqual([Math.round(2 * svg.width), Math.round(2 * svg.height)]);
  expect(w).toBeGreaterThan(1000);
  expect(h).toBeGreaterThan(800);
  // Drawn, not blank: many colours (two runs' classes, both run colours) on the background.
  const colours = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < d.length; i += 4) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  }, png.body.toString('base64'));
  expect(colours).toBeGreaterThan(20);
});
