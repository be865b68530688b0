import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { download, openApp } from './helpers';
import { LESSON_BY_ID } from '../src/state/presets/lessons';

// "Predict, then run": a lesson steps through a paper's presets; before Play the class
// answers a question (buttons or keys 1–3), after the runs the answer is revealed from their numbers,
// and "Print the lesson" saves a one-page handout. Driven as a lecturer does, with the keyboard, on
// wasm; no assertion depends on time (the runs are waited for, however long they take).

const RUNS_END = 420_000;

/** The lesson step on screen and whether any run trains, from the page's store. */
const lessonState = (page: Page) =>
  page.evaluate(() => {
    const p = window.playground;
    return { lesson: p.store.getState().lesson, running: p.controller.runStates().some((s) => s.running), runs: p.controller.runStates().length };
  });

/** The claim row's verdict in the A | B table: what the reveal must agree with. */
const OUTCOME_OF_VERDICT: Record<string, string> = { better: 'b', worse: 'a', noise: 'noise' };

/** Answers with key `key`, waits for the reveal, and checks it against the table's verdict on the same metric. */
async function answerAndReveal(page: Page, key: '1' | '2' | '3', row: string) {
  await page.keyboard.press(key);
  await expect(page.getByTestId(`lesson-answer-${key}`)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await lessonState(page)).running, { timeout: 60_000 }).toBe(true);
  const reveal = page.getByTestId('lesson-reveal');
  await expect(reveal).toBeVisible({ timeout: RUNS_END });
  const outcome = await reveal.getAttribute('data-outcome');
  // Every run has ended: the table compares them at their last step, and its verdict is the reveal's.
  const delta = page.getByTestId(`compare-${row}-delta`);
  const step = await page.evaluate(() => window.playground.store.getState().config.steps);
  await expect(page.getByTestId(`compare-${row}-a`)).toHaveAttribute('data-step', String(step));
  expect(OUTCOME_OF_VERDICT[(await delta.getAttribute('data-verdict'))!], 'the reveal agrees with the table').toBe(outcome);
  await expect(page.getByTestId('lesson-answer')).toContainText(`at step ${step}`);
  // The answers are locked once revealed.
  await expect(page.getByTestId(`lesson-answer-${key}`)).toBeDisabled();
  return outcome;
}

test('the CE lesson end to end with the keyboard: predict, run, reveal from the numbers, next, print', async ({ page }) => {
  test.setTimeout(2 * RUNS_END + 120_000);
  await openApp(page, '#backend=wasm', 'wasm');
  // From the introduction's lesson link, then into lecture mode, all by keyboard.
  await page.getByTestId('intro-lesson-ce').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lesson-where')).toHaveText('Lesson: Cross-example losses (CE) · step 1 of 2');
  await page.getByTestId('lecture-mode').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('lecture-bar')).toBeVisible();
  await expect(page.getByTestId('lesson-question')).toHaveText(LESSON_BY_ID.get('ce')!.steps[0].question);
  expect(await page.evaluate(() => window.playground.store.getState().backend?.active)).toBe('wasm');
  // Paused for the prediction: nothing trains, and the guide (which would give the answer) waits.
  await expect(page.getByTestId('lesson-status')).toContainText('Pick an answer (keys 1–3)');
  expect(await lessonState(page)).toMatchObject({ lesson: 'ce/1', running: false, runs: 4 });
  await expect(page.getByTestId('preset-guide')).toHaveCount(0);
  expect(page.url()).toContain('lesson=ce/1');

  const first = await answerAndReveal(page, '2', 'compactness');
  const agree = await page.getByTestId('lesson-reveal').getAttribute('data-agree');
  expect(agree).toBe(String(first === 'b'));
  await expect(page.getByTestId('lesson-prediction')).toContainText(`The class predicted “B: Cross-Example Softmax”: ${first === 'b' ? 'the runs agree' : 'not what the runs showed'}`);
  await expect(page.getByTestId('lesson-paper')).toContainText('CE Fig. 4');
  await expect(page.getByTestId('preset-guide')).toBeVisible();

  // → to the next step: its preset opens paused with its own question.
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('lesson-where')).toHaveText('Lesson: Cross-example losses (CE) · step 2 of 2');
  await expect(page.getByTestId('lesson-question')).toHaveText(LESSON_BY_ID.get('ce')!.steps[1].question);
  await expect.poll(async () => (await lessonState(page)).lesson).toBe('ce/2');
  expect(page.url()).toContain('lesson=ce/2');
  await expect(page.getByTestId('lesson-next')).toBeDisabled();
  const second = await answerAndReveal(page, '3', 'ap');
  // Where the seeds disagree, the reveal says so; where they agree, it names the side.
  await expect(page.getByTestId('lesson-answer')).toContainText(second === 'noise' ? 'The seeds disagree' : `on 2 of 2 seeds`);

  // ← back: the first step keeps its prediction and reveal.
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('lesson-where')).toContainText('step 1 of 2');
  await expect(page.getByTestId('lesson-reveal')).toHaveAttribute('data-outcome', first!);

  // Print the lesson: a handout with both questions, predictions, reveals, numbers of every seed and figures.
  const file = await download(page, 'lesson-print');
  expect(file.name).toBe('metric-playground-lesson-ce.html');
  const html = file.body.toString('utf8');
  for (const step of LESSON_BY_ID.get('ce')!.steps) expect(html).toContain(step.question.replace(/&/g, '&amp;'));
  expect(html.match(/← predicted/g)).toHaveLength(2);
  expect(html.match(/<div class="figure"><svg/g)).toHaveLength(2);
  expect(html.match(/<th scope="col">seed \d+<\/th>/g)).toHaveLength(4);
  expect(html).not.toContain('Not run to its end yet');
  // It prints on one page.
  const print = await page.context().newPage();
  await print.setContent(html);
  await print.emulateMedia({ media: 'print' });
  const pdf = (await print.pdf({ format: 'A4' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g), 'one A4 page').toHaveLength(1);
  await print.close();
});

test('a lesson link opens its step paused; Back and Next move through the steps; a bad step says so', async ({ page }) => {
  test.setTimeout(RUNS_END);
  await openApp(page, '#lesson=hu/2&backend=wasm', 'wasm');
  await expect(page.getByTestId('lesson-where')).toHaveText('Lesson: Temperature and heating-up (HU) · step 2 of 4');
  expect(await lessonState(page)).toMatchObject({ lesson: 'hu/2', running: false, runs: 1 });
  // The gradient step: one run; its reveal is read off the gradient-against-α curves.
  await page.getByTestId('lesson-answer-2').click();
  await expect(page.getByTestId('lesson-reveal')).toBeVisible({ timeout: RUNS_END });
  const g = await page.evaluate(() => {
    const r = window.playground.store.getState().snapshot!.gradient!;
    return { from: r.types.centroid.median[r.alphaIndex], to: r.types.centroid.median[r.alphas.length - 1] };
  });
  const expected = g.to / g.from < 0.5 ? 'vanishes' : g.to / g.from > 2 ? 'grows' : 'same';
  await expect(page.getByTestId('lesson-reveal')).toHaveAttribute('data-outcome', expected);
  await expect(page.getByTestId('lesson-answer')).toContainText('centroid samples’ median gradient');
  // Ask again: the prediction is forgotten and the run starts over, paused.
  await page.getByTestId('lesson-again').click();
  await expect(page.getByTestId('lesson-reveal')).toHaveCount(0);
  await expect(page.getByTestId('lesson-answer-1')).toHaveAttribute('aria-pressed', 'false');

  // Back: step 1, its comparison on three seeds, paused; Next twice: step 3.
  await page.getByTestId('lesson-back').click();
  await expect(page.getByTestId('lesson-where')).toContainText('step 1 of 4');
  await expect.poll(async () => (await lessonState(page)).runs).toBe(6);
  expect(await lessonState(page)).toMatchObject({ lesson: 'hu/1', running: false });
  await expect(page.getByTestId('lesson-back')).toBeDisabled();
  await page.getByTestId('lesson-next').click();
  await page.getByTestId('lesson-next').click();
  await expect(page.getByTestId('lesson-where')).toContainText('step 3 of 4');
  expect(page.url()).toContain('preset=heating-up');
  // Leaving the lesson: the question goes, the keys 1–3 mean nothing again, and the guide stays.
  await page.getByTestId('lesson-close').click();
  await expect(page.getByTestId('lesson-panel')).toHaveCount(0);
  await page.keyboard.press('1');
  await expect(page.getByTestId('play')).toBeEnabled();
  expect(await lessonState(page)).toMatchObject({ lesson: null, running: false });
  expect(await page.evaluate(() => Object.keys(window.playground.store.getState().lessonLog))).toEqual([]);

  // A step that does not exist: a notice, no question, a working page.
  await page.goto('about:blank');
  await openApp(page, '#v=1&lesson=hu/9&backend=wasm', 'wasm');
  await expect(page.getByTestId('notice').filter({ hasText: 'lesson=hu/9 is not a step of a lesson' })).toHaveCount(1);
  await expect(page.getByTestId('lesson-panel')).toHaveCount(0);
});

test('the Presets menu lists the lessons; picking one opens its first step', async ({ page }) => {
  await openApp(page, '#backend=wasm', 'wasm');
  await page.getByTestId('intro-close').click();
  await page.getByTestId('presets').click();
  await expect(page.getByTestId('lesson-hu')).toContainText('Lesson: Temperature and heating-up (HU) · 4 steps');
  await expect(page.getByTestId('lesson-link-tcm')).toHaveAttribute('href', '#lesson=tcm/1');
  await page.getByTestId('lesson-tcm').click();
  await expect(page.getByTestId('lesson-where')).toHaveText('Lesson: Threshold-consistent margin (TCM) · step 1 of 1');
  await expect(page.getByTestId('lesson-answer-3')).toBeVisible();
  expect(await lessonState(page)).toMatchObject({ lesson: 'tcm/1', running: false, runs: 6 });
  // Readable by everyone, in both colour schemes: axe finds nothing serious in the question.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const { violations } = await new AxeBuilder({ page }).include("[data-testid='lesson-panel']").analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`), scheme).toEqual([]);
  }
});
