/** Every kernel self-test case (src/ml/kernels and src/eval/kernels), in the order the page runs them: gathered above both folders, so that neither imports the other. */
import type { KernelCase } from '../ml/kernels/selftest/harness';
import { similarityCases } from '../ml/kernels/similarity/similarity.selftest';
import { softmaxLossCases } from '../ml/kernels/softmaxLoss/softmaxLoss.selftest';
import { selectionCases } from '../ml/kernels/topK/selection.selftest';
import { pairHistogramCases } from '../eval/kernels/pairHistogram.selftest';

export const cases: KernelCase[] = [...similarityCases, ...softmaxLossCases, ...selectionCases, ...pairHistogramCases];
