/** Every kernel self-test case, in the order the page runs them. */
import type { KernelCase } from './harness';
import { similarityCases } from '../similarity.selftest';
import { softmaxLossCases } from '../softmaxLoss.selftest';
import { selectionCases } from '../selection.selftest';
import { pairHistogramCases } from '../../../eval/kernels/pairHistogram.selftest';

export const cases: KernelCase[] = [...similarityCases, ...softmaxLossCases, ...selectionCases, ...pairHistogramCases];
