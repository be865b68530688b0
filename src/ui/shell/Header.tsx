import { useController } from '../context';
import { BackendLine } from './BackendLine';
import { ProgressBar } from './ProgressBar';
import { PresetMenu } from '../presets/PresetMenu';
import { openGlossary } from '../../state/store';
import { setShortcutsOpen } from '../transport/shortcuts';
import { setUi } from '../run/pageLink';

/** Title, the backend in use in words (its details behind a disclosure), and the data-loading progress. */
export function Header() {
  const controller = useController();
  const { store } = controller;
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
        <button type="button" data-testid="lecture-mode" title="Present: large plots, only play, pause, step and reset (Esc leaves)" onClick={() => setUi(controller, 'lecture')}>
          Lecture mode
        </button>
      </nav>
      <BackendLine />
      <ProgressBar />
    </header>
  );
}
