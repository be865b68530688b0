import { usePlayground, type PlaygroundState } from '../../state/store';
import type { Controller } from '../controller';

type Row = { id: string; label: string; value: (s: PlaygroundState) => number | undefined; better: 'higher' | 'lower' };

const recall1 = (s: PlaygroundState) => {
  const e = s.evaluation;
  return e ? e.recall.value[e.recall.k.indexOf(1)] : undefined;
};

/** The rows of the table: the metrics both runs report, and which direction is better. */
const ROWS: Row[] = [
  { id: 'ap', label: 'PR-AUC (AP)', value: (s) => s.evaluation?.ap, better: 'higher' },
  { id: 'opis', label: 'OPIS', value: (s) => s.evaluation?.opis, better: 'lower' },
  { id: 'eps-opis', label: 'ε-OPIS', value: (s) => s.evaluation?.epsOpis, better: 'lower' },
  { id: 'recall-at-1', label: 'Recall@1', value: recall1, better: 'higher' },
  { id: 'nmi', label: 'NMI', value: (s) => s.evaluation?.nmi, better: 'higher' },
  { id: 'accuracy', label: 'Accuracy (nearest centroid)', value: (s) => s.snapshot?.accuracy, better: 'higher' },
  { id: 'compactness', label: 'Compactness', value: (s) => s.snapshot?.compactness, better: 'lower' },
];

function fmt(v: number): string {
  if (!Number.isFinite(v)) return '—';
  return Math.abs(v) >= 0.01 || v === 0 ? v.toFixed(4) : v.toPrecision(3);
}

/** Metrics of A and B side by side with their difference; fills once both runs have an evaluation. */
export function CompareTable({ a, b }: { a: Controller; b: Controller }) {
  // One string per run, so the table re-renders only when a value it shows changes.
  const values = (s: PlaygroundState) => ROWS.map((r) => r.value(s) ?? NaN).join('|');
  const va = usePlayground(a.store, values).split('|').map(Number);
  const vb = usePlayground(b.store, values).split('|').map(Number);
  const evaluatedA = usePlayground(a.store, (s) => s.evaluation !== null);
  const evaluatedB = usePlayground(b.store, (s) => s.evaluation !== null);
  const both = evaluatedA && evaluatedB;
  return (
    <table className="compare-table" data-testid="compare-table" data-filled={both}>
      <thead>
        <tr>
          <th scope="col">metric</th>
          <th scope="col" className="a">A</th>
          <th scope="col" className="b">B</th>
          <th scope="col">Δ (B − A)</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((r, i) => {
          const delta = vb[i] - va[i];
          const verdict = !Number.isFinite(delta) || delta === 0 ? '' : (delta > 0) === (r.better === 'higher') ? 'better' : 'worse';
          return (
            <tr key={r.id} data-testid={`compare-row-${r.id}`}>
              <th scope="row">{r.label}</th>
              <td data-testid={`compare-${r.id}-a`}>{fmt(va[i])}</td>
              <td data-testid={`compare-${r.id}-b`}>{fmt(vb[i])}</td>
              <td data-testid={`compare-${r.id}-delta`} className={verdict} title={verdict ? `B is ${verdict} (${r.better} is better)` : ''}>
                {Number.isFinite(delta) ? `${delta > 0 ? '+' : ''}${fmt(delta)}` : '—'}
                {/* Said in words too, not by colour alone. */}
                {verdict && <span className="verdict"> {verdict === 'better' ? '✓ better' : '✗ worse'}</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
