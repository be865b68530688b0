import { useAppState } from './context';

/** Title, the backend in use and the WebGPU adapter, and the data-loading progress. */
export function Header() {
  const backend = useAppState((s) => s.backend);
  const progress = useAppState((s) => s.progress);
  const adapter = backend?.adapter;
  return (
    <header className="header">
      <h1>Metric Playground</h1>
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
