import { useAppState, useController } from '../context';
import { PARAM_BY_KEY, optionLabel } from '../../state/params';
import { cleanText, dismissNotice } from '../../state/notices';
import { setParam } from '../run/pageLink';

/**
 * Shown when the dataset could not be loaded (the reason is in the error notice above): try the
 * download again, or train on a generated toy set instead. Every other setting is kept.
 */
export function DataLoadFailed() {
  const c = useController();
  const error = useAppState((s) => s.dataError);
  const data = useAppState((s) => s.config.data);
  if (!error) return null;
  const spec = PARAM_BY_KEY.data;
  const toys = spec.options.filter((o) => o !== 'mnist');
  // The user has acted on the error: its notice would only mislead beside the new run.
  const act = (then: () => void) => () => {
    const text = cleanText(error);
    for (const n of c.store.getState().notices) if (n.level === 'error' && n.text === text) dismissNotice(c.store, n.id);
    then();
  };
  return (
    <section className="data-failed" data-testid="data-load-failed" aria-label="The data could not be loaded">
      <p>
        <strong>{data === 'mnist' ? 'MNIST' : 'The data'} could not be loaded.</strong> Try again, or train on a generated toy set
        (no download); your other settings are kept.
      </p>
      <div className="buttons">
        <button type="button" data-testid="retry-data" onClick={act(() => c.start())}>
          Try again
        </button>
        {toys.map((t) => (
          <button type="button" key={t} data-testid={`use-toy-${t}`} onClick={act(() => setParam(c, 'data', t))}>
            Use {optionLabel(spec, t).replace(/ \(2-D toy set\)$/, '')}
          </button>
        ))}
      </div>
    </section>
  );
}
