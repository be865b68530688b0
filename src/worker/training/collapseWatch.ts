/**
 * Watches a run for a collapsing embedding, as the step loop watches for divergence: it keeps the
 * recent step losses, and at each embedding refresh asks the detector of `src/eval/views/collapse.ts`.
 * It speaks once per run, so a paused collapsed run can still be played on deliberately.
 */
import { detectCollapse, expectedCollapsedLoss, COLLAPSE_LIMITS, type CollapseVerdict } from '../../eval/views/collapse';
import type { EvalEmbeddings } from '../../ml/trainer';
import type { Config } from '../../state/params';

export class CollapseWatch {
  private readonly losses: number[] = [];
  private readonly collapsedLoss: number | null;
  private spoken = false;

  constructor(
    private readonly config: Config,
    trainLabels: ArrayLike<number>,
  ) {
    this.collapsedLoss = expectedCollapsedLoss(config, trainLabels);
  }

  /** Notes one step's loss. */
  record(loss: number): void {
    this.losses.push(loss);
    if (this.losses.length > COLLAPSE_LIMITS.window) this.losses.shift();
  }

  /** The verdict on this refresh when the embedding has collapsed (the first time only), else null. */
  check(ev: EvalEmbeddings): CollapseVerdict | null {
    if (this.spoken) return null;
    const verdict = detectCollapse({
      embeddings: ev.embeddings,
      labels: ev.labels,
      n: ev.n,
      dim: ev.dim,
      losses: this.losses,
      collapsedLoss: this.collapsedLoss,
      loss: this.config.loss,
    });
    if (verdict.kind !== 'collapse') return null;
    this.spoken = true;
    return verdict;
  }
}
