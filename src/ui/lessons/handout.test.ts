import { describe, expect, it } from 'vitest';
import { LESSON_BY_ID } from '../../state/presets/lessons';
import type { LessonRecord } from '../../state/presets/lessonReveal';
import { handoutHtml } from './handout';

const ce = LESSON_BY_ID.get('ce')!;
const revealed: LessonRecord = {
  answer: 1,
  reveal: {
    outcome: 'b',
    text: 'B (CES) had the lower compactness on 3 of 3 seeds at step 350: compactness 0.24 (A) against 0.22 (B), means over the seeds.',
    step: 350,
    numbers: { label: 'compactness', head: ['A: SSM', 'B: CES'], rows: [{ name: 'seed 1', a: 0.2412, b: 0.2203 }] },
  },
  figure: '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
};

describe('handoutHtml', () => {
  const html = handoutHtml({ lesson: ce, records: [revealed, undefined], links: ['http://x/#lesson=ce/1', 'http://x/#lesson=ce/2'], date: '27 November 2026' });
  it('has every step’s question and answers, the prediction, the reveal, the paper and the numbers of each seed', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<h1>Lesson: Cross-example losses (CE)</h1>');
    for (const step of ce.steps) expect(html).toContain(step.question.replace(/’/g, '’'));
    expect(html).toContain('<span class="picked">2. B: Cross-Example Softmax ← predicted</span>');
    expect(html).toContain('The class predicted “B: Cross-Example Softmax”: the runs agree.');
    expect(html).toContain('had the lower compactness on 3 of 3 seeds at step 350');
    expect(html).toContain('CE Fig. 4');
    // One column per seed; A's numbers in one row, B's in the next.
    expect(html).toContain('<thead><tr><th scope="col">compactness</th><th scope="col">seed 1</th></tr></thead>');
    expect(html).toContain('<tr><th scope="row">A: SSM</th><td>0.2412</td></tr><tr><th scope="row">B: CES</th><td>0.2203</td></tr>');
    expect(html).toContain('http://x/#lesson=ce/2');
  });
  it('inlines the figure without its XML declaration, and says which steps have not run', () => {
    expect(html).toContain('<div class="figure"><svg xmlns="http://www.w3.org/2000/svg"');
    expect(html).not.toContain('<?xml');
    expect(html.match(/Not run to its end yet\./g)).toHaveLength(1);
  });
  it('fits one A4 page: each of the n steps a band of 1/n of the page', () => {
    expect(html).toContain('@page { size: A4 portrait');
    expect(html).toContain('height: calc((277mm - 22mm) / 2)');
    expect(handoutHtml({ lesson: LESSON_BY_ID.get('hu')!, records: [], links: [], date: '' })).toContain('height: calc((277mm - 22mm) / 4)');
  });
  it('escapes what it writes', () => {
    const odd = handoutHtml({ lesson: ce, records: [], links: ['http://x/#a=<b>&c="d"'], date: '<now>' });
    expect(odd).toContain('http://x/#a=&lt;b&gt;&amp;c=&quot;d&quot;');
    expect(odd).toContain('&lt;now&gt;');
  });
});
