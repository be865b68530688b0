import { describe, expect, it } from 'vitest';
import { PARAMS, PARAM_BY_KEY, optionLabel, type EnumParamSpec } from '../../state/params';
import { GLOSSARY, GLOSSARY_BY_ID, glossaryEntry, isGlossaryId } from './glossary';
import {
  GRADIENT_NEEDS_CLASS_WEIGHTS,
  GRADIENT_NEEDS_SCALE,
  INPUT_PLANE_NEEDS_TOY,
  PLOT_HELP,
  hasClassWeights,
  plotContext,
  plotHelp,
  type PlotContext,
} from './plotHelp';
import { PLOT_IDS, isPlotId } from '../plots/plotIds';
import { INTRO, ONE_ACCURACY, START_PRESETS, countWords, introBodyWords } from './intro';

/** Every run-dependent combination the help must be true for. */
const CONTEXTS: PlotContext[] = [];
for (const w of [true, false]) for (const dim of [2, 3, 16, 128]) for (const toy of [true, false]) for (const plainSoftmax of w ? [false, true, undefined] : [false]) CONTEXTS.push({ hasClassWeights: w, dim, toy, plainSoftmax });

const nonEmpty = (s: unknown, what: string) => {
  expect(typeof s, what).toBe('string');
  expect((s as string).trim().length, what).toBeGreaterThan(0);
};

/** Counts sentences: ends of . ? ! followed by a space or the end (not inside "e.g." or "Fig. 3"). */
const sentences = (s: string) => s.split(/(?<![A-Z][a-z]{0,2}\.|e\.g\.|i\.e\.|Sec|Fig|Eq|App|vs)(?<=[.?!])\s+(?=[A-Z(])/).length;

describe('glossary', () => {
  it('has the terms the views and the brief need', () => {
    for (const id of [
      'metric-learning', 'embedding', 'cosine-similarity', 'temperature', 'heating-up', 'normalised-softmax', 'sampled-softmax',
      'cross-example-softmax', 'negative-mining', 'tcm', 'pr-curve', 'calibration', 'calibration-range', 'utility', 'opis',
      'eps-opis', 'recall-at-k', 'nmi', 'centroid-accuracy', 'compactness',
    ]) {
      expect(isGlossaryId(id), id).toBe(true);
    }
  });

  it('has unique ids and no empty text', () => {
    expect(new Set(GLOSSARY.map((e) => e.id)).size).toBe(GLOSSARY.length);
    for (const e of GLOSSARY) {
      expect(e.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      nonEmpty(e.term, `${e.id}.term`);
      nonEmpty(e.short, `${e.id}.short`);
      nonEmpty(e.body, `${e.id}.body`);
      if (e.source !== undefined) nonEmpty(e.source, `${e.id}.source`);
      expect(e.short, `${e.id}.short is one line`).not.toMatch(/\n/);
      expect(e.body, `${e.id}.body has no doubled spaces`).not.toMatch(/ {2}|\s$/);
    }
  });

  it('keeps bodies to 2–4 sentences and says which direction is better where there is one', () => {
    for (const e of GLOSSARY) {
      const n = sentences(e.body);
      expect(n, `${e.id}: ${n} sentences`).toBeGreaterThanOrEqual(2);
      expect(n, `${e.id}: ${n} sentences`).toBeLessThanOrEqual(4);
      if ('better' in e && e.better) expect(e.body, e.id).toMatch(new RegExp(`${e.better === 'higher' ? 'Higher' : 'Lower'}|${e.better} is better`, 'i'));
    }
  });

  it('says where each metric comes from', () => {
    for (const e of GLOSSARY) if ('better' in e && e.better) nonEmpty(e.source, `${e.id}.source`);
  });

  it('looks entries up by id, own keys only', () => {
    expect(GLOSSARY_BY_ID.opis.term).toBe('OPIS');
    expect(glossaryEntry('opis')?.id).toBe('opis');
    expect(glossaryEntry('toString')).toBeUndefined();
    expect(glossaryEntry('__proto__')).toBeUndefined();
  });
});

describe('plot help', () => {
  it('covers every view, keyed by its data-testid', () => {
    expect(Object.keys(PLOT_HELP).sort()).toEqual([...PLOT_IDS].sort());
    for (const id of PLOT_IDS) expect(PLOT_HELP[id].id).toBe(id);
    for (const id of ['embedding-plot', 'loss-plot', 'accuracy-plot', 'pr-curve', 'score-distribution', 'utility-curves', 'distance-histogram', 'metrics-over-steps', 'opis-scatter', 'gradient-vs-alpha', 'embedding-timeline', 'input-plane']) {
      expect(isPlotId(id), id).toBe(true);
    }
    expect(isPlotId('toString')).toBe(false);
  });

  it('has every field, non-empty, for every run', () => {
    for (const id of PLOT_IDS) {
      nonEmpty(PLOT_HELP[id].title, `${id}.title`);
      nonEmpty(PLOT_HELP[id].source, `${id}.source`);
      expect(PLOT_HELP[id].terms.length, `${id}.terms`).toBeGreaterThan(0);
      for (const ctx of CONTEXTS) {
        const h = plotHelp(id, ctx);
        const at = `${id} ${JSON.stringify(ctx)}`;
        nonEmpty(h.caption, `${at} caption`);
        nonEmpty(h.lookFor, `${at} lookFor`);
        expect(h.caption, `${at} caption is one line`).not.toMatch(/\n/);
        expect(h.caption, `${at} caption is one sentence`).not.toMatch(/[.?!]\s+[A-Z]/);
        expect(h.lookFor, at).not.toMatch(/\bundefined\b|\[object|\$\{/);
        const n = sentences(h.lookFor);
        expect(n, `${at} lookFor: ${n} sentences`).toBeGreaterThanOrEqual(1);
        expect(n, `${at} lookFor: ${n} sentences`).toBeLessThanOrEqual(4);
      }
    }
  });

  it('uses only glossary terms', () => {
    for (const id of PLOT_IDS) for (const t of PLOT_HELP[id].terms) expect(isGlossaryId(t), `${id} → ${t}`).toBe(true);
  });

  it('fits its captions to the run', () => {
    const base: PlotContext = { hasClassWeights: true, dim: 2, toy: false };
    expect(plotHelp('embedding-plot', base).caption).toMatch(/unit circle.*diamond/);
    expect(plotHelp('embedding-plot', { ...base, hasClassWeights: false }).caption).not.toMatch(/diamond|weight/);
    expect(plotHelp('embedding-plot', { ...base, dim: 64 }).caption).toMatch(/principal components/);
    expect(plotHelp('embedding-plot', { ...base, dim: 64 }).caption).not.toMatch(/circle/);
    expect(plotHelp('gradient-vs-alpha', base).caption).toMatch(/hard.*boundary.*centroid/);
    expect(plotHelp('gradient-vs-alpha', { ...base, hasClassWeights: false }).caption).toBe(GRADIENT_NEEDS_CLASS_WEIGHTS);
    expect(plotHelp('gradient-vs-alpha', { ...base, plainSoftmax: true }).caption).toBe(GRADIENT_NEEDS_SCALE);
    expect(plotHelp('input-plane', { ...base, toy: true }).caption).toMatch(/input plane/);
    expect(plotHelp('input-plane', base).caption).toBe(INPUT_PLANE_NEEDS_TOY);
  });

  it('derives the context from a configuration', () => {
    expect(plotContext({ loss: 'softmax', head: 'ln', dim: 2, data: 'mnist' })).toEqual({ hasClassWeights: true, dim: 2, toy: false, plainSoftmax: false });
    expect(plotContext({ loss: 'softmax', head: 'sm', dim: 2, data: 'mnist' }).plainSoftmax).toBe(true);
    expect(plotContext({ loss: 'arcface', head: 'sm', dim: 2, data: 'mnist' }).plainSoftmax).toBe(false);
    expect(plotContext({ loss: 'ces', head: 'ln', dim: 64, data: 'spirals' })).toEqual({ hasClassWeights: false, dim: 64, toy: true, plainSoftmax: false });
    const withWeights = PARAM_BY_KEY.loss.options.filter(hasClassWeights);
    expect(withWeights).toEqual(['softmax', 'arcface', 'cosface']);
  });
});

describe('option labels', () => {
  const enums = PARAMS.filter((p): p is EnumParamSpec => p.kind === 'enum');

  it('label every option of every enum parameter', () => {
    expect(enums.length).toBeGreaterThan(0);
    for (const p of enums) {
      expect(p.optionLabels, p.key).toBeDefined();
      for (const o of p.options) nonEmpty(p.optionLabels?.[o], `${p.key}=${o}`);
      // No label for an option that does not exist.
      expect(Object.keys(p.optionLabels ?? {}).sort(), p.key).toEqual([...p.options].sort());
      const labels = p.options.map((o) => optionLabel(p, o));
      expect(new Set(labels).size, `${p.key}: labels are distinct`).toBe(labels.length);
    }
  });

  it('reads as words and falls back to the key', () => {
    expect(optionLabel(PARAM_BY_KEY.loss, 'ces')).toBe('Cross-Example Softmax (CES)');
    expect(optionLabel(PARAM_BY_KEY.head, 'ln')).toBe('LN — normalised features and weights');
    expect(optionLabel(PARAM_BY_KEY.loss, 'nope')).toBe('nope');
    expect(optionLabel(PARAM_BY_KEY.loss, 'toString')).toBe('toString');
  });
});

describe('introduction', () => {
  it('is short and names the three starting presets', () => {
    expect(introBodyWords()).toBeLessThanOrEqual(120);
    for (const t of INTRO.body) nonEmpty(t, 'intro paragraph');
    expect(START_PRESETS.map((p) => p.id)).toEqual(['hu-temperature', 'ce-vs-ssm', 'tcm']);
    expect(START_PRESETS.map((p) => p.title)).toEqual([
      'Temperature on the circle (HU Fig. 3)',
      'Cross-Example Softmax vs sampled softmax (CE Fig. 4)',
      'Threshold-consistent margin (TCM)',
    ]);
    for (const p of [...INTRO.presets, ...INTRO.more]) nonEmpty('blurb' in p ? p.blurb : p.hint, p.id);
  });

  it('explains the one accuracy in one paragraph', () => {
    nonEmpty(ONE_ACCURACY.title, 'title');
    expect(ONE_ACCURACY.body).not.toMatch(/\n/);
    expect(ONE_ACCURACY.body).toMatch(/centroid/);
    expect(ONE_ACCURACY.body).toMatch(/leave-one-out/);
    expect(ONE_ACCURACY.body).toMatch(/compactness/);
    expect(countWords(ONE_ACCURACY.body)).toBeLessThan(140);
  });
});
