import { test, expect, type Page } from '@playwright/test';
import { openApp } from './helpers';

// The threshold tool: a person trains a toy model, picks a target FAR with the mouse and
// with the keyboard, and reads the one global threshold and what it does to each class. The numbers
// shown are checked against each other and against the pairs of the evaluated embedding, computed
// here from scratch (d = 2: the embedding view's points are the normalised embeddings themselves).
const HASH = '#backend=wasm&data=blobs&classes=4&dim=2&evalEvery=10&metricsEvery=10&steps=40';

/** A percentage cell ("1.02%", "0%", "3.4% ▲") as a fraction. */
const frac = (text: string) => Number.parseFloat(text) / 100;

/** What the tool shows, as a person reads it. */
async function readTool(page: Page) {
  const tool = page.getByTestId('threshold-tool');
  const value = (await tool.getByTestId('threshold-value').textContent()) ?? '';
  const global = (await tool.getByTestId('threshold-global').textContent()) ?? '';
  const v = /distance ≤ ([\d.]+) · cosine ≥ (-?[\d.]+)/.exec(value);
  const g = /global FAR ([\d.]+)% · TAR ([\d.]+)% · FRR ([\d.]+)%/.exec(global);
  expect(v, value).not.toBeNull();
  expect(g, global).not.toBeNull();
  const rows = await tool
    .getByTestId('threshold-table')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => (c.textContent ?? '').trim())));
  return {
    label: (await tool.getByTestId('threshold-far-label').textContent()) ?? '',
    distance: Number(v![1]),
    cosine: Number(v![2]),
    globalFar: Number(g![1]) / 100,
    tar: Number(g![2]) / 100,
    frr: Number(g![3]) / 100,
    rows: rows.map(([name, far, frr, neg, pos]) => ({ name, far: frac(far), frr: frac(frr), worst: /▲/.test(far + frr), neg: Number(neg.replace(/,/g, '')), pos: Number(pos.replace(/,/g, '')) })),
  };
}
type Shown = Awaited<ReturnType<typeof readTool>>;

/** The shown numbers agree with each other: fractions, cosine = 1 − d²/2, per-class rates averaging to the global ones. */
function expectConsistent(t: Shown, target: number) {
  const near = (a: number, b: number, what: string) => expect(Math.abs(a - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(0.006 * Math.max(a, b) + 1e-6);
  expect(t.distance).toBeGreaterThanOrEqual(0);
  expect(t.distance).toBeLessThanOrEqual(2);
  expect(Math.abs(t.cosine - (1 - t.distance ** 2 / 2))).toBeLessThan(0.003);
  for (const r of [t.globalFar, t.tar, t.frr, ...t.rows.flatMap((r) => [r.far, r.frr])]) {
    expect(r).toBeGreaterThanOrEqual(0);
    expect(r).toBeLessThanOrEqual(1);
  }
  expect(t.globalFar).toBeGreaterThanOrEqual(target * 0.995); // the first threshold where the FAR reaches the target
  expect(t.tar + t.frr).toBeCloseTo(1, 2);
  const negatives = t.rows.reduce((a, r) => a + r.neg, 0);
  const positives = t.rows.reduce((a, r) => a + r.pos, 0);
  near(t.rows.reduce((a, r) => a + r.far * r.neg, 0) / negatives, t.globalFar, 'per-class FARs weighted by their negative pairs');
  near(t.rows.reduce((a, r) => a + (1 - r.frr) * r.pos, 0) / positives, t.tar, 'per-class TARs weighted by their positive pairs');
}

/** The evaluated pairs from the embedding itself: the ⌈FAR·M⌉-th smallest negative distance and the rates it gives. */
function fromEmbedding(page: Page, far: number) {
  return page.evaluate((far) => {
    const s = window.playground.store.getState();
    const p = s.snapshot!.points;
    const y = s.snapshot!.labels;
    const n = y.length;
    const C = Math.max(...y) + 1;
    const dist: number[] = [];
    const neg: number[] = [];
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++) {
        const c = p[2 * a] * p[2 * b] + p[2 * a + 1] * p[2 * b + 1];
        const d = Math.sqrt(Math.max(0, 2 - 2 * c));
        dist.push(d);
        if (y[a] !== y[b]) neg.push(d);
      }
    neg.sort((u, v) => u - v);
    const thr = neg[Math.max(1, Math.ceil(far * neg.length)) - 1];
    const accNeg = new Array(C).fill(0), totNeg = new Array(C).fill(0), accPos = new Array(C).fill(0), totPos = new Array(C).fill(0);
    let k = 0;
    for (let a = 0; a < n; a++)
      for (let b = a + 1; b < n; b++, k++) {
        const ok = dist[k] <= thr ? 1 : 0;
        if (y[a] === y[b]) {
          totPos[y[a]]++;
          accPos[y[a]] += ok;
        } else
          for (const t of [y[a], y[b]]) {
            totNeg[t]++;
            accNeg[t] += ok;
          }
      }
    return { step: s.snapshot!.step, evalStep: s.evaluation?.step, n, thr, far: accNeg.map((v, t) => v / totNeg[t]), frr: accPos.map((v, t) => 1 - v / totPos[t]), neg: totNeg, pos: totPos };
  }, far);
}

test('the threshold tool: a FAR picked with the mouse and the keyboard gives a consistent threshold and per-class table', async ({ page }) => {
  test.setTimeout(60_000);
  await openApp(page, HASH, 'wasm');
  await page.getByTestId('intro-close').click();
  const tool = page.getByTestId('threshold-tool');
  const slider = tool.getByTestId('threshold-far');
  await expect(slider).toHaveAttribute('aria-valuetext', 'FAR 1%');

  await page.getByTestId('play').click();
  await expect(page.getByTestId('step')).toHaveText('40', { timeout: 30_000 });
  await expect(page.getByTestId('eval-scope')).toContainText('step 40', { timeout: 30_000 });
  await expect(tool.getByTestId('threshold-value')).toContainText('distance');
  await expect(tool).toHaveAttribute('data-classes', '4');

  // At the default FAR 1%: the numbers agree with each other and with the embedding's pairs.
  const at1 = await readTool(page);
  expect(at1.label).toBe('FAR 1%');
  expect(at1.rows.map((r) => r.name)).toEqual(['0', '1', '2', '3']);
  expectConsistent(at1, 0.01);
  const truth = await fromEmbedding(page, 0.01);
  expect([truth.step, truth.evalStep, truth.n]).toEqual([40, 40, 400]);
  expect(Math.abs(at1.distance - truth.thr)).toBeLessThan(0.0015);
  at1.rows.forEach((r, t) => {
    expect([r.neg, r.pos]).toEqual([truth.neg[t], truth.pos[t]]);
    expect(Math.abs(r.far - truth.far[t]), `class ${t} FAR`).toBeLessThanOrEqual(0.005 * truth.far[t] + 2 / truth.neg[t]);
    expect(Math.abs(r.frr - truth.frr[t]), `class ${t} FRR`).toBeLessThanOrEqual(0.005 * truth.frr[t] + 2 / truth.pos[t]);
  });

  // The mouse: a click near the right end of the slider picks a loose FAR.
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.97, box.y + box.height / 2);
  await expect(slider).toHaveAttribute('aria-valuetext', 'FAR 50%', { timeout: 5_000 });
  await expect(tool.getByTestId('threshold-far-label')).toHaveText('FAR 50%');
  const loose = await readTool(page);
  expectConsistent(loose, 0.5);
  expect(loose.distance).toBeGreaterThan(at1.distance);
  expect(loose.frr).toBeLessThanOrEqual(at1.frr);
  expect(loose.globalFar).toBeGreaterThan(at1.globalFar);
  loose.rows.forEach((r, t) => expect(r.frr).toBeLessThanOrEqual(at1.rows[t].frr));

  // The keyboard: Home goes to the strictest FAR on the grid, the arrows step along it.
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuetext', 'FAR 0.01%');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', 'FAR 0.05%');
  await expect(tool.getByTestId('threshold-far-label')).toHaveText('FAR 0.05%');
  const strict = await readTool(page);
  expectConsistent(strict, 0.0005);
  expect(strict.distance).toBeLessThan(at1.distance);
  expect(strict.frr).toBeGreaterThanOrEqual(at1.frr);
  expect(strict.globalFar).toBeLessThan(at1.globalFar);
  const strictTruth = await fromEmbedding(page, 0.0005);
  expect(Math.abs(strict.distance - strictTruth.thr)).toBeLessThan(0.0015);

  // The worst classes are marked where the classes differ: the largest FRR_t carries the mark.
  const worstFrr = strict.rows.reduce((a, b) => (b.frr > a.frr ? b : a));
  if (strict.rows.some((r) => r.frr < worstFrr.frr)) expect(worstFrr.worst).toBe(true);

  // The choice is a view setting: not written into the link, and kept when the run restarts.
  expect(page.url()).not.toMatch(/far/i);
  await page.getByTestId('reset').click();
  // The run had finished: Reset asks before it throws the run away.
  await page.getByTestId('reset-confirm-yes').click();
  await expect(page.getByTestId('step')).toHaveText('0');
  await expect(page.getByTestId('eval-scope')).toContainText('step 0');
  await expect(slider).toHaveAttribute('aria-valuetext', 'FAR 0.05%');
  expectConsistent(await readTool(page), 0.0005);
});
