import { ControllerContext } from './context';
import type { Controller } from './controller';
import { Header } from './Header';
import { Notices } from './Notices';
import { DataLoadFailed } from './DataLoadFailed';
import { Transport } from './Transport';
import { SettingsPanel } from './compare/CompareControls';
import { CompareView } from './compare/CompareView';
import { StatusBar } from './StatusBar';
import { EmbeddingPlot } from './plots/EmbeddingPlot';
import { TrainingCurves } from './plots/TrainingCurves';
import { EvaluationPanel } from './plots/EvaluationPanel';
import { GradientVsAlpha } from './plots/GradientVsAlpha';
import { InputPlane } from './plots/InputPlane';
import { Intro } from './help/Intro';
import { Glossary } from './help/Glossary';
import { PresetGuide } from './presets/PresetGuide';

export function App({ controller }: { controller: Controller }) {
  return (
    <ControllerContext.Provider value={controller}>
      <div className="app">
        <Header />
        <Notices />
        <DataLoadFailed />
        <div className="layout">
          <aside className="sidebar">
            <Transport />
            <SettingsPanel />
          </aside>
          <main className="views">
            <Intro />
            <PresetGuide />
            <StatusBar />
            <CompareView />
            <div className="plots">
              <EmbeddingPlot />
              <TrainingCurves />
              <InputPlane />
              <GradientVsAlpha />
            </div>
            <EvaluationPanel />
          </main>
        </div>
        <Glossary />
      </div>
    </ControllerContext.Provider>
  );
}
