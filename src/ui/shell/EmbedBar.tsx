import { useAppState, useController } from '../context';
import { serializeConfig } from '../../state/link/urlSchema';

/**
 * Embed mode's only chrome, for a view in a blog's iframe: one play/pause button, the step, and a
 * link that opens the same run on the full page in a new tab.
 */
export function EmbedBar() {
  const c = useController();
  const running = useAppState((s) => s.running);
  const halted = useAppState((s) => s.finished || s.diverged);
  const ready = useAppState((s) => s.dataset !== null && s.progress === null);
  const step = useAppState((s) => s.step);
  const progress = useAppState((s) => s.progress);
  // The link changes only with the run (embed mode has no controls); the comparison counts too.
  const config = useAppState((s) => s.config);
  const autoplay = useAppState((s) => s.autoplay);
  const preset = useAppState((s) => s.preset?.id ?? null);
  useAppState((s) => s.compareVersion);
  const full = new URL(window.location.href);
  full.hash = serializeConfig(config, c.compare?.store.getState().config ?? null, { ui: 'full', autoplay, preset, lesson: null });
  return (
    <div className="embed-bar" data-testid="embed-bar">
      <button
        type="button"
        data-testid="embed-play"
        aria-label={running ? 'Pause training' : 'Play: train the model'}
        title={running ? 'Pause (Space)' : 'Train (Space)'}
        disabled={!running && (!ready || halted)}
        onClick={() => (running ? c.pause() : c.play())}
      >
        {running ? '❚❚ Pause' : '▶ Play'}
      </button>
      <span className="embed-step">
        step <span data-testid="step">{step}</span>
      </span>
      {progress && (
        <span className="embed-progress" data-testid="progress">
          {progress.label} <progress max={1} value={progress.fraction} aria-label={progress.label} />
        </span>
      )}
      <a className="embed-open" data-testid="embed-open" href={full.href} target="_blank" rel="noopener">
        Open in Metric Playground ↗
      </a>
    </div>
  );
}
