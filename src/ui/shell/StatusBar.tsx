import { useAppState, useController } from '../context';
import { useTransportState } from '../transport/useTransport';
import { changedSettings } from '../../state/run/summary';
import { Tip } from '../help/Tip';
import { isolationSentence, pageIsolation } from '../../isolation/isolation';

const fmt = (v: number | undefined, digits = 4) => (v === undefined ? '—' : Number.isFinite(v) ? v.toPrecision(digits) : String(v));

/** The run at a glance: step, last loss, α and learning rate in force, accuracy, live tensors. */
export function StatusBar() {
  const step = useAppState((s) => s.step);
  const numTensors = useAppState((s) => s.numTensors);
  const dataset = useAppState((s) => s.dataset);
  const snapshot = useAppState((s) => s.snapshot);
  const config = useAppState((s) => s.config);
  const run = useAppState((s) => s.run);
  const threads = useAppState((s) => s.backend?.threads);
  const onCpu = useAppState((s) => s.backend?.active === 'wasm' || s.backend?.active === 'cpu');
  // A comparison on CPU runs more runs than compute at once: they take turns (src/worker/cpuTurns.ts).
  const controller = useController();
  // A comparison trains while any of its runs does (as the transport says).
  const { running } = useTransportState(controller);
  const runs = controller.compare ? 2 * controller.seeds : 1;
  const turns = controller.cpuTurns();
  // The backend is said once, by the header's backend line: not again here.
  const changed = changedSettings(config).filter((c) => c.key !== 'backend');
  const last = useAppState((s) => {
    const h = s.history;
    const i = h.loss.length - 1;
    return i >= 0 ? `${h.loss[i]}|${h.alpha[i]}|${h.lr[i]}` : null;
  });
  const [loss, alpha, lr] = last ? last.split('|').map(Number) : [];
  return (
    <div className="status" data-testid="status-bar" data-run={run}>
      <Stat label="step" testId="step" value={String(step)} />
      <Stat label="loss" testId="loss" value={fmt(loss)} />
      <Stat label="α" testId="alpha-now" value={fmt(alpha, 3)} />
      <Stat label="lr" testId="lr-now" value={fmt(lr, 2)} />
      <Stat
        label="accuracy"
        testId="accuracy"
        value={snapshot && Number.isFinite(snapshot.accuracy) ? `${(snapshot.accuracy * 100).toFixed(1)}%` : '—'}
        title={`Nearest-centroid accuracy on ${dataset ? `all ${dataset.evalSize.toLocaleString('en-US')}` : 'the'} evaluation items: each item is given the class whose centre (mean direction) is nearest, its own class's centre computed without it. The same measure for every loss, so runs compare.${
          snapshot?.classifierAccuracy != null ? ` The classifier's own prediction (nearest class weight) gets ${(snapshot.classifierAccuracy * 100).toFixed(1)}%.` : ''
        }`}
      />
      <Stat
        label="compactness"
        testId="compactness"
        value={snapshot && Number.isFinite(snapshot.compactness) ? snapshot.compactness.toFixed(3) : '—'}
        title="Mean angle of items to their class centre ÷ mean angle from each class centre to the nearest other one: lower = tighter, better separated classes (HU's lesson about temperature)."
      />
      <Stat label="tensors" testId="tensors" value={String(numTensors)} />
      {threads && (
        <Stat
          label="threads"
          testId="threads"
          value={String(threads.count)}
          title={`tfjs-wasm computes with ${threads.count === 1 ? 'one thread' : `${threads.count} threads`}${threads.threaded ? ' (its threaded build)' : ''}${threads.why ? `: ${threads.why}` : ''}. ${isolationSentence(pageIsolation())}`.trim()}
        />
      )}
      {onCpu && turns && runs > turns.permits && (
        <Stat
          label="at once"
          testId="turns"
          value={`${turns.permits} of ${runs} runs`}
          title={`The ${runs} runs of this comparison take turns on the CPU, ${turns.permits} at a time (${navigator.hardwareConcurrency || 1} logical cores here), each with its metrics: together they train as fast, and the page keeps drawing smoothly.`}
        />
      )}
      <span className={`run-state ${running ? 'on' : ''}`} data-testid="run-state">
        {running ? 'training' : 'paused'}
      </span>
      {dataset && (
        <span className="dataset" data-testid="dataset">
          {dataset.description} · {dataset.encoder.toUpperCase()} encoder ·{' '}
          <span data-testid="kernels">{dataset.kernels === 'wgsl' ? 'WGSL kernels' : 'tfjs ops'}</span>
        </span>
      )}
      <Tip className="run-config" tip="Settings of this run that differ from the defaults.">
        <span data-testid="run-config">{changed.length ? changed.map((c) => `${c.label} = ${c.value}`).join(' · ') : 'default settings'}</span>
      </Tip>
    </div>
  );
}

/** One figure of the bar; an explanation (`title`) becomes a keyboard-reachable tip. */
function Stat({ label, value, testId, title }: { label: string; value: string; testId: string; title?: string }) {
  const body = (
    <>
      <span className={label.length === 1 ? 'label symbol' : 'label'}>{label}</span>
      <span className="value" data-testid={testId}>
        {value}
      </span>
    </>
  );
  return title ? (
    <Tip className="stat" tip={title}>
      {body}
    </Tip>
  ) : (
    <span className="stat">{body}</span>
  );
}
