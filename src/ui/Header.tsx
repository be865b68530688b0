import { useAppState, useController } from './context';
import { ProgressBar } from './ProgressBar';
import { PresetMenu } from './presets/PresetMenu';
import { openGlossary } from '../state/store';
import { Tip } from './help/Tip';
import { setShortcutsOpen } from './shortcuts';

/** Title, the backend in use and the WebGPU adapter, and the data-loading progress. */
export function Header() {
  const backend = useAppState((s) => s.backend);
  const adapter = backend?.adapter;
  const controller = useController();
  const { store } = controller;
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
        <button type="button" data-testid="show-shortcuts" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => setShortcutsOpen(true)}>
          ⌨
        </button>
        {/* A presentation for a room: transport and large views only (the link keeps ui=lecture). */}
        <button type="button" data-testid="lecture-mode" title="Present: large plots, only play, pause, step and reset (Esc leaves)" onClick={() => controller.setUi('lecture')}>
          Lecture mode
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
      <ProgressBar />
    </header>
  );
}
