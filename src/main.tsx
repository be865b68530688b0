// First: may reload the page once to make it cross-origin isolated (wasm threads on any static host).
import { afterIsolation } from './isolation/boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/shell/ErrorBoundary';
import { Controller } from './ui/run/controller';
import { createPlaygroundStore } from './state/store';
import { loadRecorded } from './state/persistence';
import { defaultConfig } from './state/params';
import { introWanted } from './ui/help/Intro';
import './ui/styles.css';
import { loadHash } from './ui/run/pageLink';

declare global {
  interface Window {
    /** A handle for the browser console and for automation (the e2e tests read the run's history here). */
    playground: { store: ReturnType<typeof createPlaygroundStore>; controller: Controller };
  }
}

const store = createPlaygroundStore(defaultConfig());
store.setState({ introOpen: introWanted() });
loadRecorded(store);
const controller = new Controller(store, new URL('data/', document.baseURI).href);
window.playground = { store, controller };

/** Opens the run a link describes; `autoplay=1` starts training as soon as it is ready. */
function open(hash: string): void {
  const view = loadHash(controller, hash);
  // A presentation, an embedded view or a preset's link opens straight onto the plots (the intro
  // is not dismissed for good: a bare visit later still shows it).
  if (view.ui !== 'full' || store.getState().preset !== null) store.setState({ introOpen: false });
  controller.start();
  if (view.autoplay) controller.play();
}
// At once, unless the page is about to reload for cross-origin isolation (src/isolation/boot.ts).
afterIsolation(() => {
  open(window.location.hash);
  // A link opened in this tab, or Back/Forward to a preset or link opened before.
  window.addEventListener('hashchange', () => open(window.location.hash));

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ErrorBoundary>
        <App controller={controller} />
      </ErrorBoundary>
    </StrictMode>,
  );
});
