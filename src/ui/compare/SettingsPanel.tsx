import { useState } from 'react';
import { ControllerContext, useAppState, useController } from '../context';
import { ParamPanel } from '../controls/ParamPanel';
import { MAX_SEEDS } from '../../state/link/urlSchema';
import { compareOnSeeds, compareWith } from '../run/pageLink';

/** The seeds a comparison trains on when "Compare with…" starts it: three, so one lucky seed cannot make a lesson. */
const DEFAULT_COMPARE_SEEDS = 3;

/**
 * The settings panel, with comparison: "Compare with…" starts B as a copy of A, on the seeds the
 * "Seeds" control beside it says; while comparing, tabs choose whose settings the panel edits
 * (each change restarts that run only) and "Seeds" restarts both runs on that many seeds.
 */
export function SettingsPanel() {
  const a = useController();
  useAppState((s) => s.compareVersion);
  const [side, setSide] = useState<'a' | 'b'>('a');
  const [seedsToStart, setSeedsToStart] = useState(DEFAULT_COMPARE_SEEDS);
  const b = a.compare;
  const editing = b && side === 'b' ? b : a;
  const seeds = b ? a.seeds : seedsToStart;
  return (
    <>
      <div className="edit-tabs">
        <label className="compare-seeds" title="How many seeds A and B each train on (seed s, s + 1, …): the table then shows the mean ± half-range and on how many seeds B is better">
          Seeds{' '}
          <select data-testid="compare-seeds" value={seeds} onChange={(e) => (b ? compareOnSeeds(a, Number(e.target.value)) : setSeedsToStart(Number(e.target.value)))}>
            {Array.from({ length: MAX_SEEDS }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {b ? (
          <>
            Settings of
            <button type="button" data-testid="edit-a" aria-pressed={editing === a} onClick={() => setSide('a')}>
              A
            </button>
            <button type="button" data-testid="edit-b" aria-pressed={editing === b} onClick={() => setSide('b')}>
              B
            </button>
          </>
        ) : (
          <button
            type="button"
            data-testid="compare-start"
            title="Train a second configuration B beside this one, on the same seeds and data"
            onClick={() => {
              compareWith(a, undefined, seedsToStart);
              setSide('b');
            }}
          >
            Compare with…
          </button>
        )}
      </div>
      <ControllerContext.Provider value={editing}>
        <ParamPanel key={editing === a ? 'a' : 'b'} />
      </ControllerContext.Provider>
    </>
  );
}
