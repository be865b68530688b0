import { describe, expect, it } from 'vitest';
import { readShortLink } from './presetLinks';
import { PRESET_BY_ID, presetConfig, presetLink } from './presets';
import { parseHash } from '../link/urlSchema';

const hu = PRESET_BY_ID.get('hu-temperature')!;

describe('readShortLink', () => {
  it('opens the preset exactly as the menu does: its runs, its comparison, its seeds', () => {
    const short = readShortLink('#preset=hu-temperature')!;
    expect(short).not.toBeNull();
    expect(short.notices).toEqual([]);
    expect(short.paused).toBe(false);
    expect(short.hash).toBe(presetLink(hu));
    const opened = parseHash(short.hash);
    expect(opened.config).toEqual(presetConfig(hu.runs[0], 'auto'));
    expect(opened.compare).toEqual(presetConfig(hu.runs[1], 'auto'));
    expect(opened.seeds).toBe(3);
    expect(opened.view.preset).toBe('hu-temperature');
  });

  it('keeps the layout it asks for', () => {
    expect(parseHash(readShortLink('preset=tcm&ui=lecture')!.hash).view.ui).toBe('lecture');
  });

  it('is no short link with a schema version, without a preset, or with an unknown one', () => {
    expect(readShortLink(`#${presetLink(hu)}`)).toBeNull();
    expect(readShortLink('#v=1&preset=hu-temperature')).toBeNull();
    expect(readShortLink('#alpha=4')).toBeNull();
    expect(readShortLink('#preset=no-such-preset')).toBeNull();
    expect(readShortLink('')).toBeNull();
  });

  it('lets any other key override the preset, with a notice; a key both runs share changes in both', () => {
    const short = readShortLink('#preset=hu-temperature&steps=800&alpha=1')!;
    const opened = parseHash(short.hash);
    expect(opened.config.steps).toBe(800);
    expect(opened.compare!.steps).toBe(800);
    // α is where the preset's runs differ: A's is overridden, B keeps its own.
    expect(opened.config.alpha).toBe(1);
    expect(opened.compare!.alpha).toBe(4);
    expect(short.notices).toEqual([
      'steps=800 overrides the preset “Temperature on the circle (HU Fig. 3)” (its run A has 400)',
      'alpha=1 overrides the preset “Temperature on the circle (HU Fig. 3)” (its run A has 0.25)',
    ]);
  });

  it('overrides B with b.<key>, the seeds with seeds=, and stays paused with autoplay=0', () => {
    const short = readShortLink('#preset=tcm&b.alpha=8&seeds=1&autoplay=0')!;
    const opened = parseHash(short.hash);
    expect(opened.compare!.alpha).toBe(8);
    expect(opened.config.alpha).toBe(16);
    expect(opened.seeds).toBe(1);
    expect(short.paused).toBe(true);
    expect(short.notices).toEqual(['b.alpha=8 overrides the preset “Threshold-consistent margin (TCM)” (its run B has 16)']);
  });

  it('gives no notice for a key at the preset’s own value or for the backend, and passes on what the link got wrong', () => {
    expect(readShortLink('#preset=blobs&data=blobs')!.notices).toEqual([]);
    const wasm = readShortLink('#preset=tcm&backend=wasm')!;
    expect(wasm.notices).toEqual([]);
    expect(parseHash(wasm.hash).compare!.backend).toBe('wasm');
    const bad = readShortLink('#preset=blobs&lr=5')!;
    expect(bad.notices[0]).toContain('lr=5 is above the maximum');
    expect(parseHash(bad.hash).view.preset).toBe('blobs');
  });

  it('opens a lesson step’s preset paused, naming the step, so the class predicts before Play', () => {
    const short = readShortLink('#lesson=hu/2&ui=lecture')!;
    const opened = parseHash(short.hash);
    expect(opened.view).toEqual({ ui: 'lecture', autoplay: false, preset: 'hu-gradient', lesson: 'hu/2' });
    expect(short.paused).toBe(true);
    expect(short.hash).toBe(readShortLink('#preset=hu-gradient&lesson=hu/2&ui=lecture')!.hash);
    // autoplay=1 plays at once; the comparison's seeds come with the step's preset.
    expect(readShortLink('#lesson=ce/1&autoplay=1')!.paused).toBe(false);
    expect(parseHash(readShortLink('#lesson=hu/1')!.hash).seeds).toBe(3);
    // A step that does not exist is no short link (the page says so when it reads the link).
    expect(readShortLink('#lesson=hu/9')).toBeNull();
  });
});
