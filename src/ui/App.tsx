import { useRef, type MouseEvent } from 'react';
import { ControllerContext } from './context';
import { ViewSourceContext } from './viewSource';
import { runViews } from './run/runViews';
import type { Controller } from './run/controller';
import { Header } from './shell/Header';
import { Notices } from './shell/Notices';
import { DataLoadFailed } from './shell/DataLoadFailed';
import { Transport } from './transport/Transport';
import { ExportPanel } from './exports/ExportPanel';
import { RunFiles } from './exports/RunFiles';
import { SettingsPanel } from './compare/SettingsPanel';
import { CompareView } from './compare/CompareView';
import { StatusBar } from './shell/StatusBar';
import { EmbeddingPlot } from './plots/EmbeddingPlot';
import { TrainingCurves } from './plots/TrainingCurves';
import { EvaluationPanel } from './plots/EvaluationPanel';
import { GradientVsAlpha } from './plots/GradientVsAlpha';
import { InputPlane } from './plots/InputPlane';
import { Intro } from './help/Intro';
import { Glossary } from './help/Glossary';
import { PresetGuide } from './presets/PresetGuide';
import { LessonPanel } from './lessons/LessonPanel';
import { usePlayground } from '../state/store';
import { LectureBar } from './lecture/LectureBar';
import { EmbedBar } from './shell/EmbedBar';
import { ShortcutsHelp } from './transport/ShortcutsHelp';
import { OwnProvider } from './ownEmbeddings/OwnProvider';
import { OwnEmbeddingsPanel } from './ownEmbeddings/OwnEmbeddingsPanel';
import { TrainingOrOwn, ViewSourceSwitch } from './ownEmbeddings/OwnViews';
import './lecture/lecture.css';
import './lecture/keyViews.css';
import { useKeyViews, useLessonFit, useShowAll } from './lecture/keyViews';

/**
 * The first Tab stop: past the header and the sidebar's ~100 controls, straight to the views. It
 * moves the focus itself (the URL hash is the run's link, so it must not follow `#views`).
 */
function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const views = document.getElementById('views');
    views?.focus({ preventScroll: true });
    views?.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href="#views" data-testid="skip-link" onClick={skip}>
      Skip to the views
    </a>
  );
}

const NO_KEYS: readonly never[] = [];

export function App({ controller }: { controller: Controller }) {
  // The layout the link asks for: everything, a lecture (transport and large views), or bare views
  // for an iframe. What a mode leaves out is not rendered (or display: none), so Tab never reaches it.
  const ui = usePlayground(controller.store, (s) => s.ui);
  const full = ui === 'full';
  // An opened preset's key views come first, whole on the first screen; in a lecture, alone until
  // "Show all views" (lecture/keyViews.ts, keyViews.css; its rules reach only the training run's views).
  const keys = useKeyViews(controller.store);
  const lesson = ui !== 'embed' && keys.length > 0;
  const [showAll, setShowAll] = useShowAll(keys);
  const viewsRef = useRef<HTMLElement>(null);
  useLessonFit(viewsRef, lesson ? keys : NO_KEYS);
  return (
    <ControllerContext.Provider value={controller}>
      <ViewSourceContext.Provider value={runViews(controller)}>
        <OwnProvider controller={controller} restore={full}>
          <div className={`app app-${ui}`} data-ui={ui}>
            {/* Lecture and embed modes have a handful of stops before the views: no need to skip. */}
            {full && <SkipLink />}
            {full && <Header />}
            {ui === 'lecture' && <LectureBar lesson={lesson} showAll={showAll} onShowAll={setShowAll} />}
            <Notices />
            <DataLoadFailed />
            <div className="layout">
              {full && (
                <aside className="sidebar">
                  <Transport />
                  <ExportPanel />
                  <RunFiles />
                  <OwnEmbeddingsPanel />
                  <SettingsPanel />
                </aside>
              )}
              <main
                className="views"
                id="views"
                tabIndex={-1}
                data-testid="views"
                ref={viewsRef}
                data-lesson={lesson ? (ui === 'lecture' && !showAll ? 'alone' : 'first') : undefined}
                data-key-views={lesson ? keys.join(' ') : undefined}
              >
                {ui === 'embed' && <EmbedBar />}
                {full && <Intro />}
                {ui !== 'embed' && <LessonPanel />}
                {ui !== 'embed' && <PresetGuide />}
                {ui !== 'embed' && <StatusBar />}
                {full && <ViewSourceSwitch />}
                <TrainingOrOwn allowOwn={full}>
                  <CompareView />
                  <div className="plots">
                    <EmbeddingPlot />
                    <TrainingCurves />
                    <InputPlane />
                    <GradientVsAlpha />
                  </div>
                  <EvaluationPanel />
                </TrainingOrOwn>
              </main>
            </div>
            {full && <Glossary />}
            <ShortcutsHelp />
          </div>
        </OwnProvider>
      </ViewSourceContext.Provider>
    </ControllerContext.Provider>
  );
}
