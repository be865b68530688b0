import { describe, expect, it } from 'vitest';
import { plotHasContent } from './exportable';
import { PLOT_IDS } from '../plots/plotIds';
import { createPlaygroundStore } from '../../state/store';
import { defaultConfig } from '../../state/params';

describe('which views have something to save', () => {
  it('has nothing at the start and a loss curve after the first steps', () => {
    const store = createPlaygroundStore({ ...defaultConfig(), data: 'blobs' });
    for (const id of PLOT_IDS) expect(plotHasContent(id, store.getState()), id).toBe(false);
    store.getState().history.step.push(1);
    expect(plotHasContent('loss-plot', store.getState())).toBe(true);
    expect(plotHasContent('pr-curve', store.getState())).toBe(false);
  });
});
