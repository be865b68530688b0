import { useAppState, useController } from '../context';
import { PRESET_BY_ID } from '../../state/presets';

/**
 * The opened preset's "what to look for", beside the plots until dismissed, with a switch between
 * its runs (α = 0.25 / 16 / 64, SSM / CES, …) and what was measured for its claim.
 */
export function PresetGuide() {
  const c = useController();
  const active = useAppState((s) => s.preset);
  const preset = active ? PRESET_BY_ID.get(active.id) : undefined;
  if (!active || !preset) return null;
  return (
    <section className="preset-guide" data-testid="preset-guide" aria-label={`Preset: ${preset.title}`}>
      <header>
        <h2>{preset.title}</h2>
        <button type="button" data-testid="preset-guide-close" aria-label="Dismiss the preset's guide" onClick={() => c.store.setState({ preset: null })}>
          ×
        </button>
      </header>
      <p className="preset-reproduces">{preset.reproduces}</p>
      <p className="preset-look" data-testid="preset-look">
        <strong>Look for:</strong> {preset.lookFor}
      </p>
      {preset.runs.length > 1 && (
        <div className="preset-runs" role="group" aria-label="Runs of this preset">
          Run:
          {preset.runs.map((r, i) => (
            <button key={r.label} type="button" data-testid={`preset-run-${i}`} aria-pressed={i === active.run} onClick={() => c.openPreset(preset.id, i)}>
              {r.label}
            </button>
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
