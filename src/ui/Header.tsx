import { useAppState, useController } from './context';
import { PresetMenu } from './presets/PresetMenu';
import { openGlossary } from '../state/store';

/** Title, the backend in use and the WebGPU adapter, and the data-loading progress. */
export function Header() {
  const backend = useAppState((s) => s.backend);
  const progress = useAppState((s) => s.progress);
  const adapter = backend?.adapter;
  const { store } = useController();
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
        <span className="adapter" data-testid="adapter" title={adapter?.description}>
          {adapter
            ? `adapter: ${adapter.vendor || '?'} / ${adapter.architecture || '?'}${adapter.fallback ? ' (CPU fallback)' : ''}`
            : backend
              ? 'no WebGPU adapter'
              : ''}
        </span>
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
