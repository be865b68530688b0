import { describe, expect, it } from 'vitest';
import { LESSONS, lessonRefText, readLessonRef, stepPreset } from './lessons';
import { PRESET_BY_ID } from './presets';

describe('the lessons table', () => {
  it('opens presets that exist, with two or three answers, the paper’s outcome among them', () => {
    for (const lesson of LESSONS)
      for (const step of lesson.steps) {
        const preset = PRESET_BY_ID.get(step.preset);
        expect(preset, `${lesson.id}: ${step.preset}`).toBeDefined();
        expect(step.answers.length).toBeGreaterThanOrEqual(2);
        expect(step.answers.length).toBeLessThanOrEqual(3);
        expect(step.answers.map((a) => a.outcome)).toContain(step.paper.outcome);
        // A comparison step needs a comparison (runs A and B); the gradient step, the gradient view.
        if (step.measure.kind === 'compare') expect(preset!.runs.length).toBeGreaterThan(1);
        else expect(preset!.keyViews).toContain('gradient-vs-alpha');
        // Every answer a distinct outcome: a reveal matches one answer at most.
        expect(new Set(step.answers.map((a) => a.outcome)).size).toBe(step.answers.length);
      }
  });
  it('follows each paper’s presets in the order the issue asks', () => {
    const order = Object.fromEntries(LESSONS.map((l) => [l.id, l.steps.map((s) => s.preset)]));
    expect(order.hu.slice(0, 3)).toEqual(['hu-temperature', 'hu-gradient', 'heating-up']);
    expect(order.ce).toEqual(['ce-vs-ssm', 'cenm-vs-snm']);
    expect(order.tcm).toEqual(['tcm']);
  });
  it('reads `hu/2` links and nothing else', () => {
    const ref = readLessonRef('hu/2')!;
    expect(ref.lesson.id).toBe('hu');
    expect(ref.index).toBe(1);
    expect(stepPreset(ref.step).id).toBe('hu-gradient');
    expect(lessonRefText(ref.lesson, ref.index)).toBe('hu/2');
    for (const bad of ['hu/0', 'hu/9', 'hu', 'xx/1', 'hu/1/2', 'HU/1', 'hu/01', '', 'ce/3']) expect(readLessonRef(bad), bad).toBeNull();
  });
});
