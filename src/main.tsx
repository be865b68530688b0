import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { Controller } from './ui/controller';
import { createPlaygroundStore, loadRecorded } from './state/store';
import { defaultConfig } from './state/params';
import { introWanted } from './ui/help/Intro';
import './ui/styles.css';

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

controller.loadHash(window.location.hash);
window.addEventListener('hashchange', () => {
  controller.loadHash(window.location.hash);
  controller.start();
});
controller.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <App controller={controller} />
    </ErrorBoundary>
  </StrictMode>,
);
