import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { visibleText } from '../../state/notices';
import { retrievalPassWords } from '../../eval/retrieval/retrievalSplit';
import { timeLeftMs, timeLeftWords, type ProgressOrigin } from '../../eval/timeLeft';
import { useOwnSession, useOwnState } from './ownContext';
import { describeSet, type LoadedSet, type Slot } from './session';
import './own.css';

/** File kinds the inputs offer (the parsers also read other names by their content). */
const ACCEPT = '.tsv,.csv,.txt,.npy';

const STAGE_WORDS = { reading: 'reading the files', parsing: 'parsing', evaluating: 'evaluating every pair' } as const;

/** Seconds, to a precision that reads well from 0.05 s to minutes. */
const secs = (s: number) => `${s < 10 ? s.toFixed(2) : s.toFixed(1)} s`;

/** One chooser for a role: a button-like label around a visually hidden file input. */
function FileChooser({ role, label }: { role: 'vectors' | 'labels'; label: string }) {
  const own = useOwnSession();
  const chosen = useOwnState((s) => s.pending[role]?.name ?? null);
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) loads it again.
    e.target.value = '';
    if (file) own.pick(role, file);
  };
  return (
    <label className="file-button">
      {label}
      {chosen && <span className="chosen"> ✓ {visibleText(chosen)}</span>}
      <input type="file" data-testid={`own-embeddings-${role}`} accept={ACCEPT} onChange={pick} />
    </label>
  );
}

/**
 * The time left of an evaluation in progress, in words, at the rate since it was first seen moving
 * (as the CLI's progress line tells it); null at other stages.
 */
function useTimeLeft(busy: { stage: keyof typeof STAGE_WORDS; fraction: number } | null): string | null {
  const origin = useRef<ProgressOrigin | null>(null);
  if (!busy || busy.stage !== 'evaluating') {
    origin.current = null;
    return null;
  }
  const now = performance.now();
  if (origin.current === null && busy.fraction > 0) origin.current = { at: now, fraction: busy.fraction };
  return timeLeftWords(origin.current ? timeLeftMs(busy.fraction, now, origin.current) : null);
}

/** The reading / parsing / evaluating progress of the job in progress. */
function Progress() {
  const busy = useOwnState((s) => s.busy);
  const left = useTimeLeft(busy);
  return (
    <div className="own-progress" data-testid="own-embeddings-progress" data-state={busy ? 'running' : 'idle'} data-stage={busy?.stage ?? ''}>
      {busy && (
        <>
          <span>
            Set {busy.slot}: {STAGE_WORDS[busy.stage]}… {Math.round(busy.fraction * 100)}%
            {left && <span data-testid="own-embeddings-left"> · {left}</span>}
          </span>
          <progress max={1} value={busy.fraction} aria-label={`Your embeddings: ${STAGE_WORDS[busy.stage]}`} />
        </>
      )}
    </div>
  );
}

/** How the retrieval pass and k-means ran, when on threads or screened by float32 products (the same numbers either way). */
function retrievalHow(info: LoadedSet['info']): string {
  const words = [retrievalPassWords(info.retrievalThreads ?? 1, info.retrievalScreened === true), (info.kmeansThreads ?? 1) > 1 ? `k-means's restarts on ${info.kmeansThreads} threads` : null].filter(Boolean);
  return words.length ? `; ${words.join('; ')}` : '';
}

/** The evaluation's path, in words. */
const pathWords = (info: LoadedSet['info']) =>
  (info.path === 'exact' ? 'exact: every pair sorted' : 'binned: 4,096 cosine bins') + retrievalHow(info);

/** What slot `slot` holds: its files, size, path, time, whether it is remembered, and its labels column. */
function SetSummary({ slot, set }: { slot: Slot; set: LoadedSet }) {
  const own = useOwnSession();
  const { info } = set;
  const id = slot === 'A' ? '' : '-b';
  const columns = info.columns.length > 1 ? info.columns : [];
  const canPick = own.hasFiles(slot);
  return (
    <div className="own-set" data-testid={`own-embeddings-set${id}`} data-items={info.n} data-dim={info.d}>
      <p>
        <span className={`tag ${slot.toLowerCase()}`}>{slot}</span> {describeSet(info)}
      </p>
      <p className="hint" data-testid={`own-embeddings-time${id}`} data-seconds={set.seconds.toFixed(3)} data-reused={set.reused}>
        {set.reused ? (
          <>
            Restored from your last visit as evaluated then ({pathWords(info)}, {secs(info.ms.evaluate / 1000)}); not evaluated again, since the evaluation
            has not changed.
          </>
        ) : (
          <>
            {set.restored ? 'Restored and evaluated again (the evaluation has changed since your last visit)' : 'Evaluated'} ({pathWords(info)}) in {secs(set.seconds)}
            {set.restored ? '' : ` — reading ${secs(info.ms.read / 1000)}, parsing ${secs(info.ms.parse / 1000)}, evaluating ${secs(info.ms.evaluate / 1000)}`}.
          </>
        )}
      </p>
      <p className="hint" data-testid={`own-embeddings-remembered${id}`}>
        {set.remembered === 'remembered' ? 'Remembered in this browser until you clear it.' : set.remembered.charAt(0).toUpperCase() + set.remembered.slice(1) + '.'}
      </p>
      {columns.length > 0 && (
        <label className="own-column">
          Labels from column{' '}
          <select
            data-testid={`own-embeddings-column${id}`}
            value={info.column ?? columns[0]}
            disabled={!canPick}
            title={canPick ? 'Read the labels from another column of the labels file' : 'Choose the files again to read another column'}
            onChange={(e) => own.setColumn(slot, e.target.value)}
          >
            {columns.map((c) => (
              <option key={c} value={c}>
                {visibleText(c)}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

/**
 * "Evaluate your own embeddings", in the sidebar: two file inputs and a drop zone for
 * a model's embeddings and labels, read and evaluated in a worker of this page (nothing is sent
 * anywhere), set B to compare with A, and Clear. Collapsed until opened, or until sets come back from the last visit.
 */
export function OwnEmbeddingsPanel() {
  const own = useOwnSession();
  const slot = useOwnState((s) => s.slot);
  const sets = useOwnState((s) => s.sets);
  const error = useOwnState((s) => s.error);
  const anything = useOwnState((s) => s.sets.A !== null || s.sets.B !== null || s.busy !== null);
  const open = useOwnState((s) => s.panelOpen);
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    own.drop(Array.from(e.dataTransfer.files));
  };
  return (
    <details className="export-panel own-embeddings" data-testid="own-embeddings" open={open} onToggle={(e) => own.setPanelOpen(e.currentTarget.open)}>
      <summary data-testid="own-embeddings-open">
        <h2>Evaluate your own embeddings</h2>
      </summary>
      <p className="hint">
        Embeddings as <code>.npy</code> (float32/float64, N × d) or TSV/CSV (the Embedding Projector’s <code>vectors.tsv</code>), labels one per line or
        the Projector’s <code>metadata.tsv</code>. Read and evaluated in this browser: nothing is uploaded.
      </p>
      <label className="own-slot">
        Load as{' '}
        <select data-testid="own-embeddings-slot" value={slot} onChange={(e) => own.setSlot(e.target.value as Slot)}>
          <option value="A">set A</option>
          <option value="B" disabled={!sets.A}>
            set B, to compare with A
          </option>
        </select>
      </label>
      <div className="buttons">
        <FileChooser role="vectors" label="Embeddings…" />
        <FileChooser role="labels" label="Labels…" />
      </div>
      <div
        className={`drop-zone${over ? ' over' : ''}`}
        data-testid="own-embeddings-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        …or drop both files here
      </div>
      <Progress />
      {error && (
        <p className="own-error" role="alert" data-testid="own-embeddings-error" data-code={error.code}>
          {error.message}
        </p>
      )}
      {sets.A && <SetSummary slot="A" set={sets.A} />}
      {sets.B && <SetSummary slot="B" set={sets.B} />}
      <div className="buttons">
        {sets.A && (
          <button type="button" data-testid="own-embeddings-show" onClick={() => own.setSource('own')} title="Show the evaluation of your embeddings in the main views">
            Show
          </button>
        )}
        {sets.B && (
          <button type="button" data-testid="own-embeddings-remove-b" onClick={() => own.removeB()} title="Stop comparing: forget set B">
            Remove B
          </button>
        )}
        <button type="button" data-testid="own-embeddings-clear" disabled={!anything} onClick={() => own.clear()} title="Forget both sets, here and in this browser's storage">
          Clear
        </button>
      </div>
    </details>
  );
}
