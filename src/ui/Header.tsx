import { useAppState, useController } from './context';
import { PresetMenu } from './presets/PresetMenu';
import { openGlossary } from '../state/store';
import { Tip } from './help/Tip';

/** Title, the backend in use and the WebGPU adapter, and the data-loading progress. */
export function Header() {
  const backend = useAppState((s) => s.backend);
  const progress = useAppState((s) => s.progress);
  const adapter = backend?.adapter;
  const { store } = useController();
  const adapterText = adapter
    ? `adapter: ${adapter.vendor || '?'} / ${adapter.architecture || '?'}${adapter.fallback ? ' (CPU fallback)' : ''}`
    : backend
      ? 'no WebGPU adapter'
      : '';
  return (
    <header className="header">
      <h1>Metric Playground</h1>
      <nav className="header-nav">
        <PresetMenu />
        <button type="button" data-testid="open-glossary" onClick={() => openGlossary(store, '')}>
          Glossary
        </button>
        <button type="button" data-testid="show-intro" aria-label="Show the introduction" title="What is this?" onClick={() => store.setState({ introOpen: true })}>
          ?
        </button>
      </nav>
      <div className="backend-info">
        <span className="label">backend</span>
        <span className="badge" data-testid="backend">
          {backend ? backend.active : 'starting…'}
        </span>
        {adapter?.description ? (
          <Tip tip={adapter.description}>
            <span className="adapter" data-testid="adapter">
              {adapterText}
            </span>
          </Tip>
        ) : (
          <span className="adapter" data-testid="adapter">
            {adapterText}
          </span>
        )}
        {/* Why this backend (a fallback, a software renderer): the notice fades, this stays. */}
        {backend?.note && (
          <span className="backend-note" data-testid="backend-note">
            {backend.note}
          </span>
        )}
      </div>
      {progress && (
        <div className="progress" data-testid="progress" aria-label={progress.label}>
          <span>{progress.label}</span>
          <progress max={1} value={progress.fraction} />
        </div>
      )}
    </header>
  );
}
