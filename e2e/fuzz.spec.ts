import { test, expect, type Page } from '@playwright/test';
import { fuzzLinks, PWNED, type FuzzCase } from './fuzz/linkFuzzer';
import { stepTimes } from './helpers';

// CI runs 300 hashes; `npm run fuzz` runs FUZZ_LINKS of them (e.g. 1,200) with another seed.
const COUNT = Number(process.env.FUZZ_LINKS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
/** One case in this many is opened in a fresh page load; the rest change the hash of a live page. */
const FRESH_EVERY = 15;

interface Outcome {
  alive: boolean;
  notices: string[];
  pwned: boolean;
  injected: number;
  polluted: boolean;
}

/** What the page shows after `c`: alive (the app drawn, not the boot text), its notices, and any sign a payload ran. */
async function inspect(page: Page): Promise<Outcome> {
  return page.evaluate((pwned) => {
    const root = document.getElementById('root');
    return {
      // A play button: the transport's, or in embed mode (ui=embed) the embed bar's.
      alive: Boolean(document.querySelector('[data-testid="play"], [data-testid="embed-play"]')) && !root?.querySelector('.boot'),
      notices: [...document.querySelectorAll('[data-testid="notice"]')].map((n) => n.textContent ?? ''),
      pwned: pwned in window,
      injected: document.querySelectorAll('#root img[src="x"], #root script, iframe').length,
      polluted: 'polluted' in Object.prototype || 'polluted' in {},
    };
  }, PWNED);
}

/** Two animation frames: React has rendered what the hash change caused. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

function check(c: FuzzCase, o: Outcome, errors: string[]): void {
  const what = `${c.kind}: #${c.hash.slice(0, 120)}`;
  expect(errors, what).toEqual([]);
  expect(o.alive, what).toBe(true);
  expect(o.pwned, what).toBe(false);
  expect(o.injected, what).toBe(0);
  expect(o.polluted, what).toBe(false);
  if (c.mustNotify) expect(o.notices.length, what).toBeGreaterThan(0);
  for (const text of o.notices) {
    expect(text, what).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(text.length, what).toBeLessThanOrEqual(410);
  }
}

test(`${COUNT} fuzzed links: the page comes up, bad links get a notice, nothing injected runs`, async ({ page }) => {
  test.setTimeout(Math.max(240_000, COUNT * 1_500));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const cases = fuzzLinks(COUNT, SEED);
  await page.goto('/#backend=wasm&data=blobs');
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
  const kinds = new Map<string, number>();
  for (const [i, c] of cases.entries()) {
    kinds.set(c.kind.replace(/^bad .*/, 'bad value'), (kinds.get(c.kind.replace(/^bad .*/, 'bad value')) ?? 0) + 1);
    if (i % FRESH_EVERY === 0) {
      await page.goto('about:blank');
      await page.goto('/#' + c.hash);
      await expect(page.getByTestId('play')).toBeVisible({ timeout: 60_000 });
    } else {
      await page.evaluate(() => window.playground.store.setState({ notices: [] }));
      await page.evaluate((h) => (location.hash = h), c.hash);
    }
    await settle(page);
    check(c, await inspect(page), errors);
  }
  console.log(`fuzz: ${COUNT} links (seed ${SEED}), ${Math.ceil(COUNT / FRESH_EVERY)} in fresh pages; kinds ${JSON.stringify(Object.fromEntries(kinds))}`);
  // And afterwards a plain link still trains.
  await page.evaluate(() => (location.hash = 'backend=wasm&data=blobs'));
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 60_000 });
  const run = await stepTimes(page, 2);
  expect(run.loss.every(Number.isFinite)).toBe(true);
});

// Defect 8: a right-to-left override in a link value reversed the notice around it.
test('a right-to-left override in a link value is shown as a code point, not obeyed', async ({ page }) => {
  await page.goto('/#v=1&backend=wasm&data=blobs&loss=%E2%80%AEtxt.exe');
  const notice = page.getByTestId('notice').filter({ hasText: 'loss=' });
  await expect(notice).toHaveCount(1);
  const text = (await notice.textContent()) ?? '';
  expect(text).toContain('loss=U+202Etxt.exe is not one of');
  expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  // And it is isolated: the notice's text sits in a <bdi>.
  await expect(notice.locator('bdi')).toHaveCount(1);
});
