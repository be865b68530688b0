import type { ChangeEvent } from 'react';
import { useStore } from 'zustand';
import { useAppState, useController } from '../context';
import { pendingFile, savePendingFile } from './runFileIo';

/** Where a person opens the embedding files (Load → vectors.tsv, then metadata.tsv). */
const PROJECTOR_URL = 'https://projector.tensorflow.org/';

/**
 * "Model & embeddings": the evaluation set's embeddings as the Embedding Projector's two TSVs, the
 * trained model as a tfjs artifact (model.json + .weights.bin), and opening such a model again to
 * continue or evaluate it. Each export is two files: the first saves on the click, the second (same
 * step) on a second click, since a browser downloads one file per click. Off until a run is ready.
 */
export function RunFiles() {
  const c = useController();
  const ready = useAppState((s) => s.dataset !== null && s.progress === null);
  const second = useStore(pendingFile, (s) => s.file);
  const why = 'Available once the run is ready.';
  const open = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // Cleared so that choosing the same files again opens them again.
    e.target.value = '';
    if (files.length > 0) void c.loadModel(files);
  };
  return (
    <section className="export-panel run-files" aria-labelledby="run-files-title">
      <h2 id="run-files-title">Model &amp; embeddings</h2>
      <div className="buttons">
        <button
          type="button"
          data-testid="export-embeddings-tsv"
          disabled={!ready}
          onClick={() => c.exportEmbeddings()}
          title={ready ? 'The evaluation set’s embeddings (vectors.tsv) and labels (metadata.tsv) at this step, for the Embedding Projector' : why}
        >
          Embeddings (TSV)
        </button>
        <button
          type="button"
          data-testid="export-model"
          disabled={!ready}
          onClick={() => c.exportModel()}
          title={ready ? 'The trained encoder, class weights and optimizer state as a TensorFlow.js model: model.json and its .weights.bin' : why}
        >
          Download model
        </button>
        <label className={`file-button${ready ? '' : ' disabled'}`} title={ready ? 'Choose a saved model.json and its .weights.bin together' : why}>
          Open model…
          <input type="file" data-testid="load-model" multiple accept=".json,.bin,application/json" disabled={!ready} onChange={open} />
        </label>
      </div>
      {second && (
        <p className="second-file" role="status">
          Saved {second.saved}. Now its {second.kind === 'model' ? 'weights' : 'labels'}:{' '}
          <button type="button" data-testid={second.kind === 'model' ? 'export-model-weights' : 'export-embeddings-metadata'} onClick={savePendingFile} title={`Saves ${second.name}, from the same step`}>
            {second.kind === 'model' ? 'Weights (.bin)' : 'Labels (metadata.tsv)'}
          </button>
        </p>
      )}
      <p className="hint">
        Embeddings: load both files in the{' '}
        <a href={PROJECTOR_URL} target="_blank" rel="noopener noreferrer">
          Embedding Projector
        </a>
        . An opened model takes its own settings and link, paused at its step: Play continues it.
      </p>
    </section>
  );
}
