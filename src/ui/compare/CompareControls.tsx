import { useState } from 'react';
import { ControllerContext, useAppState, useController } from '../context';
import { ParamPanel } from '../controls/ParamPanel';

/**
 * The settings panel, with comparison: "Compare with…" starts B as a copy of A; while comparing,
 * tabs choose whose settings the panel edits (each change restarts that run only).
 */
export function SettingsPanel() {
  const a = useController();
  useAppState((s) => s.compareVersion);
  const [side, setSide] = useState<'a' | 'b'>('a');
  const b = a.compare;
  const editing = b && side === 'b' ? b : a;
  return (
    <>
      <div className="edit-tabs">
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
              a.setCompare();
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
