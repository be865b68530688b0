import { test, expect, type Locator, type Page } from '@playwright/test';
import { PARAMS, isApplicable, optionLabel, type ParamSpec } from '../src/state/params';
import { parseHash } from '../src/state/link/urlSchema';
import { sliderScale, type SliderScale } from '../src/ui/controls/sliderScale';
import { expectLink } from './helpers';

// Every control of the parameter table, driven as a person does: sliders dragged with the mouse and
// moved with the keys, number boxes typed into, selects picked. Each change must reach the
// configuration, the link, the status bar and the run.

const BASE = '#backend=wasm&data=blobs&steps=0&evalEvery=1000&metricsEvery=0';
/** Configurations under which each parameter has an effect (and so a visible control). */
const CONTEXTS = ['heat=linear&tcm=on', 'loss=snm', 'loss=arcface', 'loss=cosface', 'loss=contrastive', 'loss=triplet', 'data=mnist'];

function contextFor(p: ParamSpec): string {
  const ctx = ['', ...CONTEXTS].find((c) => isApplicable(p.key, parseHash(`${BASE}&${c}`).config));
  if (ctx === undefined) throw new Error(`no context shows ${p.key}`);
  return `${BASE}&${ctx}`;
}

async function open(page: Page, hash: string): Promise<void> {
  await page.goto('/' + hash);
  await expect(page.getByTestId('play')).toBeEnabled({ timeout: 120_000 });
}

const configValue = (page: Page, key: string) =>
  page.evaluate((k) => (window.playground.store.getState().config as Record<string, string | number>)[k], key);
const runNumber = async (page: Page) => Number(await page.getByTestId('status-bar').getAttribute('data-run'));

/** Waits until `key` differs from `before`, then checks link, status bar and that a new run started. */
async function expectApplied(page: Page, p: ParamSpec, before: string | number, runBefore: number): Promise<string | number> {
  await expect.poll(() => configValue(page, p.key), { message: `${p.key} changed` }).not.toBe(before);
  const now = await configValue(page, p.key);
  await expectLink(page, { [p.key]: now });
  const shown = p.kind === 'enum' ? optionLabel(p, String(now)) : now;
  // The backend is not repeated in the status bar: the header's line says it (checked by the caller).
  if (now !== p.default && p.key !== 'backend') await expect(page.getByTestId('run-config')).toContainText(`${p.label} = ${shown}`);
  expect(await runNumber(page)).toBeGreaterThan(runBefore);
  return now;
}

async function drag(page: Page, slider: Locator, fraction: number): Promise<void> {
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  const [position, min, max] = await Promise.all([slider.inputValue(), slider.getAttribute('min'), slider.getAttribute('max')].map(async (v) => Number(await v)));
  const from = (position - min) / (max - min);
  const at = (f: number) => box.x + 8 + (box.width - 16) * f;
  // Press on the thumb, move through the middle, release at the target.
  await page.mouse.move(at(from), y);
  await page.mouse.down();
  await page.mouse.move(at((fraction + from) / 2), y, { steps: 4 });
  await page.mouse.move(at(fraction), y, { steps: 4 });
  await page.mouse.up();
}

/** A range input snaps its position to its step grid: the thumb is within half a step of the value. */
async function expectThumbAt(slider: Locator, scale: SliderScale, value: number): Promise<void> {
  const position = Number(await slider.inputValue());
  expect(Math.abs(position - scale.toPosition(value))).toBeLessThanOrEqual(scale.step / 2 + 1e-9);
}

const sliders = PARAMS.filter((p) => p.kind !== 'enum' && sliderScale(p) !== null);
const boxesOnly = PARAMS.filter((p) => p.kind !== 'enum' && sliderScale(p) === null);
const selects = PARAMS.filter((p) => p.kind === 'enum');

test('every slider works by drag and by keyboard, and follows the value', async ({ page }) => {
  test.setTimeout(600_000);
  for (const p of sliders) {
    if (p.kind === 'enum') continue;
    const scale = sliderScale(p)!;
    await open(page, contextFor(p));
    const slider = page.getByTestId(`param-${p.key}-slider`);
    const box = page.getByTestId(`param-${p.key}`);

    // Drag to three quarters of the track: applied on release.
    let before = await configValue(page, p.key);
    let run = await runNumber(page);
    const fraction = (scale.toPosition(Number(before)) - scale.min) / (scale.max - scale.min);
    await drag(page, slider, fraction > 0.5 ? 0.2 : 0.8);
    let now = await expectApplied(page, p, before, run);
    await expect(slider).toHaveAttribute('aria-valuetext', `${p.label} = ${now}`);
    await expect(box).toHaveValue(String(now));
    await expectThumbAt(slider, scale, Number(now));

    // Keys: each press is applied. Home/End reach the ends; arrows and PageUp/PageDown step.
    await slider.focus();
    for (const [key, direction] of [['Home', -1], ['ArrowRight', 1], ['PageUp', 1], ['ArrowLeft', -1], ['End', 1], ['PageDown', -1]] as const) {
      before = await configValue(page, p.key);
      run = await runNumber(page);
      await page.keyboard.press(key);
      now = await expectApplied(page, p, before, run);
      expect(Math.sign(Number(now) - Number(before)), `${p.key} ${key}: ${before} → ${now}`).toBe(direction);
      if (key === 'Home') expect(now).toBe(p.min);
      if (key === 'End') expect(now).toBe(p.max);
      await expect(slider).toHaveAttribute('aria-valuetext', `${p.label} = ${now}`);
    }

    // Typing moves the thumb.
    const typed = p.kind === 'int' ? Math.round((p.min + p.max) / 2) : Number(((p.min + p.max) / 2).toPrecision(3));
    run = await runNumber(page);
    before = await configValue(page, p.key);
    await box.fill(String(typed));
    await box.press('Enter');
    if (typed !== before) await expectApplied(page, p, before, run);
    await expectThumbAt(slider, scale, typed);
  }
});

test('the run uses what a slider sets: α and the learning rate reach the status bar after a step', async ({ page }) => {
  await open(page, `${BASE}&heat=off`);
  for (const [key, shown] of [['alpha', 'alpha-now'], ['lr', 'lr-now']] as const) {
    await page.getByTestId(`param-${key}-slider`).focus();
    await page.keyboard.press('PageUp');
    await expect.poll(() => configValue(page, key)).not.toBe(PARAMS.find((p) => p.key === key)!.default);
    const value = Number(await configValue(page, key));
    await expect(page.getByTestId('play')).toBeEnabled();
    await page.getByTestId('step-once').click();
    await expect(page.getByTestId('step')).toHaveText('1');
    expect(Number(await page.getByTestId(shown).textContent())).toBeCloseTo(value, 2);
  }
  await expect(page.getByTestId('param-alpha-slider')).toHaveAttribute('aria-valuetext', /^Scale α = \d/);
});

test('every number box takes a typed value and refuses a typo in place', async ({ page }) => {
  test.setTimeout(300_000);
  for (const p of boxesOnly) {
    if (p.kind === 'enum') continue;
    await open(page, contextFor(p));
    const box = page.getByTestId(`param-${p.key}`);
    const before = await configValue(page, p.key);
    const run = await runNumber(page);
    const target = before === p.max ? p.min : Math.min(p.max, Number(before) + 7);
    await box.fill(String(target));
    await box.press('Enter');
    expect(await expectApplied(page, p, before, run)).toBe(target);

    // A typo: refused where it was typed, the configuration and the run untouched.
    const runAfter = await runNumber(page);
    await box.fill('6x4');
    await box.press('Enter');
    await expect(page.getByTestId(`param-${p.key}-error`)).toContainText('not a number');
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await box.fill(String(p.max + 1));
    await box.press('Enter');
    await expect(page.getByTestId(`param-${p.key}-error`)).toContainText(`between ${p.min} and ${p.max}`);
    expect(await configValue(page, p.key)).toBe(target);
    expect(await runNumber(page)).toBe(runAfter);
    // Escape takes the typo back.
    await box.press('Escape');
    await expect(box).toHaveValue(String(target));
    await expect(page.getByTestId(`param-${p.key}-error`)).toHaveCount(0);
  }
});

test('every select changes the link, the status bar and the run', async ({ page }) => {
  test.setTimeout(300_000);
  for (const p of selects) {
    if (p.kind !== 'enum') continue;
    await open(page, contextFor(p));
    const select = page.getByTestId(`param-${p.key}`);
    const before = await configValue(page, p.key);
    const run = await runNumber(page);
    // Another option than the current one (wasm → cpu keeps the test off the slow GPU emulation).
    const other = p.key === 'backend' ? 'cpu' : p.options.find((o) => o !== before && o !== p.default) ?? p.options.find((o) => o !== before)!;
    await select.focus();
    await select.selectOption(other);
    expect(await expectApplied(page, p, before, run)).toBe(other);
    if (p.key === 'backend') await expect(page.getByTestId('backend')).toHaveText('cpu', { timeout: 60_000 });
    // By keyboard too: the arrow keys move to a neighbouring option.
    if (p.options.length > 1) {
      const run2 = await runNumber(page);
      await select.focus();
      await page.keyboard.press(p.options.indexOf(other as never) > 0 ? 'ArrowUp' : 'ArrowDown');
      await expectApplied(page, p, other, run2);
    }
  }
});
