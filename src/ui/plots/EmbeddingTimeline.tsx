import { useEffect, useState } from 'react';
import { useViewSource, useViewState } from '../viewSource';
import { viewTimeline } from '../../state/store';
import { PlotFrame } from './PlotFrame';

/** Milliseconds per snapshot when replaying. */
const REPLAY_MS = 120;

/**
 * A scrubber over the embedding snapshots kept during training: drag (or use the arrow keys) to
 * see the embedding at an earlier step, or replay it. The heating-up switch is marked on the track.
 */
export function EmbeddingTimeline() {
  const { store } = useViewSource();
  const timeline = useViewState((s) => s.timeline);
  const index = useViewState((s) => s.timelineIndex);
  const heatAt = useViewState((s) => (s.config.heat !== 'off' ? s.config.heatAt : null));
  const [replaying, setReplaying] = useState(false);
  const last = timeline.length - 1;
  const shown = index ?? last;

  useEffect(() => {
    if (!replaying) return;
    const timer = setInterval(() => {
      const { timelineIndex, timeline: t } = store.getState();
      const next = (timelineIndex ?? -1) + 1;
      viewTimeline(store, next);
      if (next >= t.length - 1) setReplaying(false);
    }, REPLAY_MS);
    return () => clearInterval(timer);
  }, [replaying, store]);

  const heatIndex = heatAt === null ? -1 : timeline.findIndex((s) => s.step > heatAt);
  const step = timeline[shown]?.step;
  return (
    <PlotFrame id="embedding-timeline" title="Replay over training" as="div" className="timeline-box" testId={null}>
      <div className="timeline" data-testid="embedding-timeline" data-index={shown} data-count={timeline.length}>
        <button
          type="button"
          data-testid="timeline-replay"
          disabled={timeline.length < 2}
          onClick={() => {
            if (!replaying && index === null) viewTimeline(store, 0);
            setReplaying(!replaying);
          }}
          title="Replay the embedding over training"
        >
          {replaying ? '❚❚' : '▶'} replay
        </button>
        <span className="timeline-track">
          <input
            type="range"
            data-testid="timeline-slider"
            aria-label="Embedding at training step"
            aria-valuetext={step === undefined ? 'no snapshot yet' : `step ${step}`}
            min={0}
            max={Math.max(0, last)}
            step={1}
            value={Math.max(0, shown)}
            disabled={timeline.length < 2}
            onChange={(e) => {
              setReplaying(false);
              viewTimeline(store, Number(e.target.value));
            }}
          />
          {heatIndex > 0 && last > 0 && (
            <span className="heat-tick" data-testid="timeline-heat" style={{ left: `${(100 * heatIndex) / last}%` }} title={`heating-up starts at step ${heatAt}`} />
          )}
        </span>
        <span className="timeline-step">
          {step === undefined ? '' : index === null ? `step ${step} (live)` : `step ${step}`}
          {index !== null && (
            <button type="button" className="link" data-testid="timeline-live" onClick={() => viewTimeline(store, null)}>
              back to live
            </button>
          )}
        </span>
      </div>
    </PlotFrame>
  );
}
