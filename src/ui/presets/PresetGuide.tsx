import { useAppState, useController } from '../context';
import { PRESET_BY_ID } from '../../state/presets';

/**
 * The opened preset's "what to look for", beside the plots until dismissed, with the choice of which
 * of its runs are compared as A and B (α = 0.25 / 16 / 64, SSM / CES, …) and what was measured.
 */
export function PresetGuide() {
  const c = useController();
  const active = useAppState((s) => s.preset);
  const preset = active ? PRESET_BY_ID.get(active.id) : undefined;
  // In a lecture the guide stays on screen, without controls: the runs compared are named in words.
  const lecture = useAppState((s) => s.ui === 'lecture');
  if (!active || !preset) return null;
  return (
    <section className="preset-guide" data-testid="preset-guide" aria-label={`Preset: ${preset.title}`}>
      <header>
        <h2>{preset.title}</h2>
        {!lecture && (
          <button type="button" data-testid="preset-guide-close" aria-label="Dismiss the preset's guide" onClick={() => c.closePreset()}>
            ×
          </button>
        )}
      </header>
      <p className="preset-reproduces">{preset.reproduces}</p>
      <p className="preset-look" data-testid="preset-look">
        <strong>Look for:</strong> {preset.lookFor}
      </p>
      {lecture && preset.runs.length > 1 && (
        <p className="preset-runs" data-testid="preset-runs-text">
          {(['a', 'b'] as const).map((side) => {
            const i = active[side];
            return i === null || !preset.runs[i] ? null : (
              <span key={side} className="preset-side">
                <span className={`tag ${side}`}>{side.toUpperCase()}</span> {preset.runs[i].label}
              </span>
            );
          })}
        </p>
      )}
      {!lecture && preset.runs.length > 1 && (
        <div className="preset-runs" role="group" aria-label="Runs compared">
          {(['a', 'b'] as const).map((side) => (
            <span key={side} className="preset-side">
              {side.toUpperCase()}:
              {preset.runs.map((r, i) => (
                <button
                  key={r.label}
                  type="button"
                  data-testid={`preset-run-${side}-${i}`}
                  aria-pressed={active[side] === i}
                  onClick={() => {
                    // Picking for one side the run the other side shows swaps them.
                    if (side === 'a') c.openPreset(preset.id, i, active.b === i ? active.a : (active.b ?? 1));
                    else c.openPreset(preset.id, active.a === i ? (active.b ?? 0) : active.a, i);
                  }}
                >
                  {r.label}
                </button>
              ))}
            </span>
          ))}
        </div>
      )}
      {preset.claim && (
        <p className="preset-measured" data-testid="preset-measured">
          Measured: {preset.claim.measured}
        </p>
      )}
    </section>
  );
}
