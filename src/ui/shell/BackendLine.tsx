import { useAppState } from '../context';
import { backendLine } from '../../state/run/backendWords';
import './backendLine.css';

/**
 * The backend, said once and in plain words: "training on the CPU (wasm): no GPU found". The
 * element `data-testid="backend"` holds exactly the active backend's id. What auto measured, the
 * WebGPU adapter and wasm's threads are behind "details" (a disclosure, not a second line).
 */
export function BackendLine() {
  const info = useAppState((s) => s.backend);
  if (!info) {
    return (
      <div className="backend-info" data-testid="backend-line">
        <span className="backend-words">
          backend:{' '}
          <span className="backend-id" data-testid="backend">
            starting…
          </span>
        </span>
      </div>
    );
  }
  const line = backendLine(info);
  const { note, adapter, threads } = line.details;
  return (
    <div className="backend-info" data-testid="backend-line">
      <span className="backend-words" data-testid="backend-words">
        {line.where} (
        <span className="backend-id" data-testid="backend">
          {line.id}
        </span>
        ){line.why ? `: ${line.why}` : ''}
      </span>
      <details className="backend-details" data-testid="backend-details">
        <summary aria-label="Details of the backend">details</summary>
        <ul>
          {note && (
            <li className="backend-note" data-testid="backend-note">
              {note}
            </li>
          )}
          <li className="adapter" data-testid="adapter">
            {adapter}
          </li>
          {threads && <li data-testid="backend-threads">{threads}</li>}
        </ul>
      </details>
    </div>
  );
}
