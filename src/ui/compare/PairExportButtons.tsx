import { useState } from 'react';
import type { Controller } from '../run/controller';
import { addNotice, usePlayground, viewedSnapshot, type PlaygroundState } from '../../state/store';
import { PRESET_BY_ID, presetRunIndex } from '../../state/presets/presets';
import { runLabel, runTitle } from '../../state/run/summary';
import { classColour } from '../../charts/kit/palette';
import { saveFile } from '../exports/download';
import { svgToPng } from '../exports/plotExport';
import { pairFigureSvg, type PairFigure, type PairRunData } from '../../charts/pairFigure';
import { A_COLOUR, B_COLOUR } from '../../charts/pairChart';
import { shareUrl } from '../run/pageLink';

/** A run's data for the figure, from its state; `label` names it (without its step). */
function pairRunData(s: PlaygroundState, tag: string, label: string, colour: string, ink: string): PairRunData {
  const snap = viewedSnapshot(s);
  return {
    tag,
    label,
    step: s.step,
    colour,
    ink,
    embedding: snap
      ? { dim: snap.dim, projection: snap.projection, explained: snap.explained, points: snap.points, labels: snap.labels, weights: snap.weights, step: snap.step, classNames: snap.classNames }
      : null,
    accuracy: snap ? snap.accuracy : null,
    compactness: snap ? snap.compactness : null,
    loss: { step: s.history.step, value: s.history.loss },
    metrics: { step: s.evalSeries.step, ap: s.evalSeries.ap, opis: s.evalSeries.opis },
    pr: s.evaluation ? { recall: s.evaluation.pr.recall, precision: s.evaluation.pr.precision, ap: s.evaluation.ap, step: s.evaluation.step } : null,
  };
}

/** True when the pair has anything to draw (an embedding or a step in either run). */
const pairHasContent = (a: PlaygroundState, b: PlaygroundState): boolean => [a, b].some((s) => viewedSnapshot(s) !== null || s.history.step.length > 0);

/** A run's name in the figure: its preset run's label ("α = 4") when it is one, else its settings in a few words. */
export function runName(s: PlaygroundState, preset: PlaygroundState['preset']): string {
  const p = preset ? PRESET_BY_ID.get(preset.id) : undefined;
  const i = p ? presetRunIndex(p, s.config) : -1;
  return p && i >= 0 ? p.runs[i].label : runLabel(s.config, s.step).replace(/ · step \d+$/, '');
}

/** The comparison as one figure, from both runs' state and the page's colours (read off `host`, the comparison's section). */
export function buildPairFigure(a: Controller, b: Controller, caption: string, host: HTMLElement): PairFigure | null {
  const sa = a.store.getState();
  const sb = b.store.getState();
  if (!pairHasContent(sa, sb)) return null;
  const cs = getComputedStyle(host);
  const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
  const preset = sa.preset ? PRESET_BY_ID.get(sa.preset.id) : undefined;
  const data = [sa, sb].map((s) => s.dataset?.description ?? s.config.data);
  return pairFigureSvg({
    title: preset ? preset.title : runTitle(sa.config, sb.config).replace(/ · Metric Playground$/, ''),
    caption,
    data: data[0] === data[1] ? data[0] : `A: ${data[0]}; B: ${data[1]}`,
    link: shareUrl(a),
    runs: [
      pairRunData(sa, 'A', runName(sa, sa.preset), A_COLOUR, v('--run-a-ink', A_COLOUR)),
      pairRunData(sb, 'B', runName(sb, sa.preset), B_COLOUR, v('--run-b-ink', B_COLOUR)),
    ],
    inks: { colour: classColour, ink: cs.color, muted: v('--muted', cs.color), line: v('--line', '#d9dcdf') },
    background: v('--panel', '#ffffff'),
    font: cs.fontFamily,
  });
}

/**
 * "Save A | B" as SVG or PNG: the comparison as ONE figure (both embeddings side by side, the
 * curves overlaid), each run named with its label and step. `caption` says what B changes.
 */
export function PairExportButtons({ a, b, caption, host }: { a: Controller; b: Controller; caption: string; host: () => HTMLElement | null }) {
  const readyA = usePlayground(a.store, (s) => s.snapshot !== null || s.history.step.length > 0);
  const readyB = usePlayground(b.store, (s) => s.snapshot !== null || s.history.step.length > 0);
  const ready = readyA || readyB;
  const [busy, setBusy] = useState(false);
  const save = async (kind: 'svg' | 'png') => {
    const el = host();
    if (!el) return;
    setBusy(true);
    try {
      const figure = buildPairFigure(a, b, caption, el);
      if (!figure) throw new Error('neither run has anything drawn yet');
      const [stepA, stepB] = [a.store.getState().step, b.store.getState().step];
      const name = `metric-playground-a-vs-b-step${stepA}${stepB !== stepA ? `-${stepB}` : ''}.${kind}`;
      if (kind === 'svg') saveFile(name, figure.text, 'image/svg+xml');
      else saveFile(name, await svgToPng(figure));
    } catch (e) {
      addNotice(a.store, 'error', `Could not save A | B as ${kind.toUpperCase()}: ${e instanceof Error ? e.message : String(e)}.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="plot-export pair-export">
      {(['svg', 'png'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          data-testid={`export-pair-${kind}`}
          title={
            ready
              ? `Both runs in one figure: the embeddings side by side, the curves overlaid, each run named with its step${kind === 'png' ? ' (PNG at twice the size)' : ' (opens without this page)'}`
              : 'Nothing to save yet: train a few steps.'
          }
          disabled={!ready || busy}
          onClick={() => void save(kind)}
        >
          {kind === 'svg' ? 'Save A | B as SVG' : 'as PNG'}
        </button>
      ))}
    </span>
  );
}
