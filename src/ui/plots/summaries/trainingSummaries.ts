/**
 * Text alternatives of the training views (loss, accuracy, embedding, its timeline, the input plane,
 * gradient against α): a sentence and a table each, read from the page's state. Pure.
 */
import { viewedSnapshot } from '../../../state/store';
import { SAMPLE_TYPES } from '../../../eval/views/gradientVsAlpha';
import { empty, evenly, lastFinite, num, pct, sentence, stepText, trend, type PlotSummary } from '../../../charts/kit/summaryKit';
import type { Summariser } from './summariser';

const NOT_TRAINED = 'Nothing yet — press Play or Step';

/** Loss and the scale α per step (history). */
export const lossSummary: Summariser = {
  key: (s) => [s.historyVersion],
  summarise: ({ history: h, diverged }) => {
    const columns = ['step', 'loss', 'scale α'];
    if (!h.step.length) return empty(`Training loss: ${NOT_TRAINED}.`, columns);
    const last = h.step.length - 1;
    const lossText = trend('Training loss', h.step, h.loss) ?? 'Training loss not a number';
    return {
      text: sentence([
        `At step ${stepText(h.step[last])}: ${lossText}`,
        Number.isFinite(h.loss[last]) ? null : diverged ? 'the run diverged (the loss is not a number)' : 'the last loss is not a number',
        `scale α ${num(h.alpha[last])}`,
      ]),
      table: { columns, rows: evenly(h.step.length).map((i) => [stepText(h.step[i]), num(h.loss[i], 4), num(h.alpha[i])]) },
    };
  },
};

/** Nearest-centroid accuracy and compactness at the steps the embedding was refreshed (history). */
export const accuracySummary: Summariser = {
  key: (s) => [s.historyVersion],
  summarise: ({ history: h }) => {
    const columns = ['step', 'accuracy', 'compactness'];
    if (!h.evalStep.length) return empty(`Accuracy and compactness: ${NOT_TRAINED}.`, columns);
    const last = h.evalStep.length - 1;
    return {
      text: sentence([
        `At step ${stepText(h.evalStep[last])}: ${trend('nearest-centroid accuracy', h.evalStep, h.accuracy, pct) ?? 'accuracy —'}`,
        trend('compactness (lower = tighter)', h.evalStep, h.compactness),
      ]),
      table: { columns, rows: evenly(h.evalStep.length).map((i) => [stepText(h.evalStep[i]), pct(h.accuracy[i]), num(h.compactness[i])]) },
    };
  },
};

/** The embedding shown (the live one, or the timeline's): per class its size, centre and spread. */
export const embeddingSummary: Summariser = {
  key: (s) => [viewedSnapshot(s)],
  summarise: (s) => {
    const snap = viewedSnapshot(s);
    const columns = ['class', 'items', 'centre x', 'centre y', 'spread (mean distance to centre)'];
    if (!snap) return empty('Embedding: no snapshot yet — it appears once the run is ready.', columns);
    const n = snap.labels.length;
    const stats = new Map<number, { n: number; x: number; y: number }>();
    for (let i = 0; i < n; i++) {
      const c = stats.get(snap.labels[i]) ?? { n: 0, x: 0, y: 0 };
      c.n++;
      c.x += snap.points[2 * i];
      c.y += snap.points[2 * i + 1];
      stats.set(snap.labels[i], c);
    }
    const spread = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const c = stats.get(snap.labels[i])!;
      const d = Math.hypot(snap.points[2 * i] - c.x / c.n, snap.points[2 * i + 1] - c.y / c.n);
      spread.set(snap.labels[i], (spread.get(snap.labels[i]) ?? 0) + d);
    }
    const classes = [...stats.keys()].sort((a, b) => a - b);
    const view = snap.projection === 'circle' ? 'on the unit circle' : `through its top two principal components (PCA of d = ${snap.dim}, ${pct(snap.explained)} of the variance)`;
    return {
      text: sentence([
        `Embedding at step ${stepText(snap.step)}${s.timelineIndex === null ? '' : ' (replayed)'}: ${n.toLocaleString('en-US')} items in ${classes.length} classes ${view}`,
        `nearest-centroid accuracy ${pct(snap.accuracy)}, compactness ${num(snap.compactness)}`,
      ]),
      table: {
        columns,
        rows: classes.map((c) => {
          const st = stats.get(c)!;
          return [String(c), String(st.n), num(st.x / st.n), num(st.y / st.n), num((spread.get(c) ?? 0) / st.n)];
        }),
      },
    };
  },
};

/** The snapshots kept for replay: their steps, accuracy and compactness. */
export const timelineSummary: Summariser = {
  key: (s) => [s.timeline.length, s.timelineIndex, s.timeline[s.timeline.length - 1]],
  summarise: ({ timeline, timelineIndex, config }) => {
    const columns = ['step', 'accuracy', 'compactness'];
    if (!timeline.length) return empty(`Embedding over training: ${NOT_TRAINED}.`, columns);
    const shown = timeline[timelineIndex ?? timeline.length - 1];
    return {
      text: sentence([
        `${timeline.length} embedding snapshots from step ${stepText(timeline[0].step)} to ${stepText(timeline[timeline.length - 1].step)}`,
        `showing step ${stepText(shown.step)}${timelineIndex === null ? ' (live)' : ''}`,
        config.heat !== 'off' && `heating-up starts at step ${stepText(config.heatAt)}`,
      ]),
      table: { columns, rows: evenly(timeline.length).map((i) => [stepText(timeline[i].step), pct(timeline[i].accuracy), num(timeline[i].compactness)]) },
    };
  },
};

/** A toy set's input plane: each class's share of the plane, and how many training points lie in their own region. */
export const inputPlaneSummary: Summariser = {
  key: (s) => [s.snapshot?.plane],
  summarise: (s) => {
    const plane = s.snapshot?.plane ?? null;
    const columns = ['class', 'share of the plane', 'training points', 'in their own region'];
    if (!plane) return empty(s.config.data === 'mnist' ? 'Only for the 2-D toy sets.' : 'Input plane: fills when the run is ready.', columns);
    const cells = new Map<number, number>();
    for (const k of plane.classes) if (k >= 0) cells.set(k, (cells.get(k) ?? 0) + 1);
    const [x0, x1, y0, y1] = plane.extent;
    const pts = new Map<number, { n: number; inside: number }>();
    for (let i = 0; i < plane.labels.length; i++) {
      const col = Math.min(plane.size - 1, Math.max(0, Math.floor(((plane.points[2 * i] - x0) / (x1 - x0)) * plane.size)));
      const row = Math.min(plane.size - 1, Math.max(0, Math.floor(((y1 - plane.points[2 * i + 1]) / (y1 - y0)) * plane.size)));
      const p = pts.get(plane.labels[i]) ?? { n: 0, inside: 0 };
      p.n++;
      if (plane.classes[row * plane.size + col] === plane.labels[i]) p.inside++;
      pts.set(plane.labels[i], p);
    }
    const classes = [...new Set([...cells.keys(), ...pts.keys()])].sort((a, b) => a - b);
    const total = plane.size * plane.size;
    const inside = [...pts.values()].reduce((a, p) => a + p.inside, 0);
    return {
      text: sentence([
        `Input plane coloured by the ${plane.rule}, ${classes.length} classes`,
        `${inside} of ${plane.labels.length} training points lie in their own class's region`,
      ]),
      table: {
        columns,
        rows: classes.map((c) => [String(c), pct((cells.get(c) ?? 0) / total), String(pts.get(c)?.n ?? 0), String(pts.get(c)?.inside ?? 0)]),
      },
    };
  },
};

/** HU Fig. 2: median gradient norm per sample type against α. */
export const gradientSummary: Summariser = {
  key: (s) => [s.snapshot],
  summarise: ({ snapshot }): PlotSummary => {
    const g = snapshot?.gradient ?? null;
    const columns = ['scale α', ...SAMPLE_TYPES.map((t) => `${t} (median)`)];
    if (!g) return empty(snapshot ? snapshot.gradientNote : 'Gradient against α: no model yet — the view fills once the run is ready.', columns);
    const present = SAMPLE_TYPES.filter((t) => g.types[t].count > 0);
    const at = (t: (typeof SAMPLE_TYPES)[number]) => {
      const m = g.types[t].median;
      const i = Number.isFinite(m[g.alphaIndex]) ? g.alphaIndex : lastFinite(m);
      return i < 0 ? '—' : num(m[i]);
    };
    const alphas = Array.from(g.alphas);
    return {
      text: sentence([
        `Gradient norm at the α in force (${num(g.alpha)}): ${present.map((t) => `${t} ${at(t)}`).join(', ') || 'no samples'}`,
        `samples: ${SAMPLE_TYPES.map((t) => `${g.types[t].count} ${t}`).join(', ')}`,
      ]),
      table: { columns, rows: evenly(alphas.length).map((i) => [num(alphas[i]), ...SAMPLE_TYPES.map((t) => (g.types[t].count > 0 ? num(g.types[t].median[i]) : '—'))]) },
    };
  },
};
