import { useState } from 'react';
import { useAppState, useController } from '../context';
import { PRESET_BY_ID, type Preset } from '../../state/presets/presets';
import type { PlaygroundState } from '../../state/store';
import type { Controller } from '../run/controller';
import { closePreset, openPreset } from '../run/pageLink';

/** The opened preset and the runs it compares as A and B (B null for a preset of one run). */
type OpenedPreset = NonNullable<PlaygroundState['preset']>;

/** In a lecture, the runs compared named in words (no controls on screen). */
function PresetRunsInWords({ preset, active }: { preset: Preset; active: OpenedPreset }) {
  return (
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
  );
}

/** The choice of which of the preset's runs are compared as A and B: one button per run on each side. */
function PresetRunPicker({ c, preset, active }: { c: Controller; preset: Preset; active: OpenedPreset }) {
  return (
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
                if (side === 'a') openPreset(c, preset.id, i, active.b === i ? active.a : (active.b ?? 1));
                else openPreset(c, preset.id, active.a === i ? (active.b ?? 0) : active.a, i);
              }}
            >
              {r.label}
            </button>
          ))}
        </span>
      ))}
    </div>
  );
}

/** On the full page: the toggle for the whole "look for", and what the preset reproduces and what was measured, one click away. */
function PresetMore({ preset, measured, more, setMore }: { preset: Preset; measured: string | undefined; more: boolean; setMore: (more: boolean) => void }) {
  return (
    <div className="preset-more">
      <button type="button" className="link" data-testid="preset-look-more" aria-expanded={more} aria-controls="preset-look" onClick={() => setMore(!more)}>
        {more ? 'Less' : 'More: the whole “look for”'}
      </button>
      <details className="preset-about" data-testid="preset-about">
        <summary>What it reproduces{measured ? ', what was measured' : ''}</summary>
        <p className="preset-reproduces">{preset.reproduces}</p>
        {measured && (
          <p className="preset-measured" data-testid="preset-measured">
            Measured: {measured}
          </p>
        )}
      </details>
    </div>
  );
}

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
  // Compact on the full page, so the key views fit under it: "look for" in two lines until "more",
  // what it reproduces and what was measured one click away.
  const [more, setMore] = useState(false);
  // A lesson step's question comes before its guide, whose "look for" would give the answer away.
  const asking = useAppState((s) => s.lesson !== null && !s.lessonLog[s.lesson]?.reveal);
  if (!active || !preset || asking) return null;
  const measured = preset.claim?.measured ?? preset.measured;
  const held = preset.claim ? `The claim holds on ${preset.claim.heldOn} (checked by training).` : preset.runs.length > 1 ? 'No claim: no direction held on every seed checked.' : null;
  return (
    <section className="preset-guide" data-testid="preset-guide" aria-label={`Preset: ${preset.title}`}>
      <header>
        <h2>{preset.title}</h2>
        {!lecture && (
          <button type="button" data-testid="preset-guide-close" aria-label="Dismiss the preset's guide" onClick={() => closePreset(c)}>
            ×
          </button>
        )}
      </header>
      {lecture && <p className="preset-reproduces">{preset.reproduces}</p>}
      <p className={lecture || more ? 'preset-look' : 'preset-look clamped'} data-testid="preset-look" id="preset-look">
        <strong>Look for:</strong> {preset.lookFor}
      </p>
      {lecture && preset.runs.length > 1 && <PresetRunsInWords preset={preset} active={active} />}
      {!lecture && preset.runs.length > 1 && <PresetRunPicker c={c} preset={preset} active={active} />}
      {/* How far the lesson can be trusted: the seeds `presets check` found it on, or why it claims nothing. */}
      {held && (
        <p className="preset-held" data-testid="preset-held">
          {held}
        </p>
      )}
      {lecture && measured && (
        <p className="preset-measured" data-testid="preset-measured">
          Measured: {measured}
        </p>
      )}
      {!lecture && <PresetMore preset={preset} measured={measured} more={more} setMore={setMore} />}
    </section>
  );
}
