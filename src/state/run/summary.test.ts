import { describe, expect, it } from 'vitest';
import { defaultConfig, type Config } from '../params';
import { runTitle } from './summary';
import { PRESET_BY_ID } from '../presets/presets';

const base = defaultConfig();
const withKeys = (extra: Partial<Config>): Config => ({ ...base, ...extra }) as Config;

describe('runTitle', () => {
  it('names a preset by its title, without the figure reference, and the dataset', () => {
    const ce = PRESET_BY_ID.get('ce-vs-ssm')!;
    expect(runTitle(base, null, ce.title)).toBe('Cross-Example Softmax vs sampled softmax · MNIST · Metric Playground');
    // The dataset is not repeated when the title already says it.
    expect(runTitle(withKeys({ data: 'spirals' }), null, 'Interleaved spirals')).toBe('Interleaved spirals · Metric Playground');
  });

  it('describes a single run by its loss, scale, heating-up and TCM', () => {
    expect(runTitle(base, null)).toBe('LN softmax, α = 16 · MNIST · Metric Playground');
    expect(runTitle(withKeys({ loss: 'ces', alpha: 20, data: 'blobs' }), null)).toBe('Cross-Example Softmax, α = 20 · Blobs · Metric Playground');
    expect(runTitle(withKeys({ heat: 'step', alpha2: 4, tcm: 'on', split: 'open' }), null)).toBe('LN softmax, α = 16 → 4 + TCM · MNIST, open split · Metric Playground');
    expect(runTitle(withKeys({ loss: 'triplet' }), null)).toBe('Batch-hard triplet · MNIST · Metric Playground');
  });

  it('describes a comparison by what differs', () => {
    expect(runTitle(withKeys({ loss: 'ssm' }), withKeys({ loss: 'ces' }))).toBe('Sampled softmax, α = 16 vs Cross-Example Softmax, α = 16 · MNIST · Metric Playground');
    expect(runTitle(base, withKeys({ lr: 0.01 }))).toBe('LN softmax, α = 16: Learning rate 0.003 vs Learning rate 0.01 · MNIST · Metric Playground');
    expect(runTitle(base, { ...base })).toBe('LN softmax, α = 16, twice · MNIST · Metric Playground');
  });
});
