/**
 * The defaults of every version of the link schema, written out as they were when that version
 * shipped. A link carries `v` and only the keys that differ from its version's defaults, so these
 * snapshots — not today's parameter table — say what a missing key means: an old short link keeps
 * its meaning after a default changes. Changing a default in `params.ts` therefore means a new
 * schema version with a new row here (a unit test holds the table to the latest row).
 *
 * Pure TypeScript (no DOM).
 */

/** A key → value map as a link writes it (values as the table holds them). */
export type LinkDefaults = Readonly<Record<string, string | number>>;

const V1: LinkDefaults = Object.freeze({
  backend: 'auto',
  data: 'mnist',
  split: 'closed',
  classes: 5,
  noise: 0.15,
  model: 'mlp',
  dim: 2,
  loss: 'softmax',
  head: 'ln',
  alpha: 16,
  rho: 0.5,
  pairs: 'class',
  perClass: 8,
  arcMargin: 0.3,
  cosMargin: 0.35,
  conMargin: 1,
  triMargin: 0.2,
  tcm: 'off',
  tcmPos: 0.9,
  tcmNeg: 0.5,
  tcmPosW: 1,
  tcmNegW: 1,
  heat: 'off',
  alpha2: 4,
  heatAt: 1600,
  heatEnd: 2000,
  heatLr: 0.1,
  lr: 0.003,
  batch: 128,
  steps: 2000,
  seed: 1,
  dataSeed: 1,
  evalEvery: 25,
  metricsEvery: 100,
  evalItems: 1000,
});

/** The defaults each schema version's links are read against, by version. */
export const LINK_DEFAULTS: Readonly<Record<number, LinkDefaults>> = Object.freeze({ 1: V1 });
