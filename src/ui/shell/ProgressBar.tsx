import { useAppState } from '../context';

/** The data-loading (or backend-measuring) progress, while there is any: in the header and the lecture bar. */
export function ProgressBar() {
  const progress = useAppState((s) => s.progress);
  if (!progress) return null;
  return (
    <div className="progress" data-testid="progress" aria-label={progress.label}>
      <span>{progress.label}</span>
      <progress max={1} value={progress.fraction} />
    </div>
  );
}
