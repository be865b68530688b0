// Throwaway exploration (deleted at the end): runs real Trainer configs and logs collapse stats.
import { it } from 'vitest';
import { appendFileSync, readFileSync } from 'node:fs';
import { makeToySplit } from '../data/toy';
import { decodeMnist, splitMnist } from '../data/mnist';
import { recallAtK } from '../eval/recall';
import { Trainer } from './trainer';
import { useCpuBackend } from './testing';
import { defaultConfig } from '../state/params';
import { detectCollapse, expectedCollapsedLoss } from '../eval/collapse';

const OUT = process.env.PROBE_OUT ?? '/tmp/probe/out.txt';
const log = (s: string) => appendFileSync(OUT, s + '\n');
const deg = (c: number) => (Math.acos(Math.max(-1, Math.min(1, c))) * 180) / Math.PI;

function stats(e: Float32Array, labels: Int32Array, n: number, d: number) {
  const m = new Float64Array(d);
  for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) m[k] += e[i * d + k];
  const len = Math.hypot(...m);
  const R = len / n;
  let minCos = 1;
  for (let i = 0; i < n; i++) {
    let c = 0;
    for (let k = 0; k < d; k++) c += e[i * d + k] * m[k];
    minCos = Math.min(minCos, c / (len || 1));
  }
  // class mean directions
  const cls = new Map<number, Float64Array>();
  for (let i = 0; i < n; i++) {
    const v = cls.get(labels[i]) ?? new Float64Array(d);
    for (let k = 0; k < d; k++) v[k] += e[i * d + k];
    cls.set(labels[i], v);
  }
  const dirs = [...cls.values()].map((v) => { const l = Math.hypot(...v) || 1; return v.map((x) => x / l); });
  let minPair = 1;
  for (let a = 0; a < dirs.length; a++) for (let b = a + 1; b < dirs.length; b++) {
    let c = 0; for (let k = 0; k < d; k++) c += dirs[a][k] * dirs[b][k]; minPair = Math.min(minPair, c);
  }
  const m2 = Math.min(n, 1000);
  const r1 = recallAtK(e.subarray(0, m2 * d), labels, m2, d, [1])[0];
  return `R=${R.toFixed(5)} maxAng=${deg(minCos).toFixed(2)} clsSpread=${deg(minPair).toFixed(2)} R@1=${r1.toFixed(3)}`;
}

function splitOf(c: any) {
  if (c.data === 'mnist') {
    const ds = decodeMnist(new Uint8Array(readFileSync('public/data/mnist-images.u8')), new Uint8Array(readFileSync('public/data/mnist-labels.u8')));
    return splitMnist(ds, c.split);
  }
  return makeToySplit(c.data, { classes: c.classes, noise: c.noise, seed: c.dataSeed });
}

it.skipIf(!process.env.PROBE)('probe', async () => {
  await useCpuBackend();
  const list = JSON.parse(process.env.PROBE ?? '[{}]');
  const steps = Number(process.env.PROBE_STEPS ?? 300);
  const every = Number(process.env.PROBE_EVERY ?? 25);
  for (const over of list) {
    const c = { ...defaultConfig(), data: 'spirals', loss: 'ces', ...over } as any;
    const split = splitOf(c);
    const t = new Trainer(c, split);
    log(`# ${JSON.stringify(over)}`);
    const ev0 = await t.evaluate();
    log(`step 0 ${stats(ev0.embeddings, ev0.labels, ev0.n, ev0.dim)}`);
    const losses: number[] = [];
    const ref = expectedCollapsedLoss(c, split.train.y);
    let fired = false;
    log(`ref=${ref}`);
    for (let i = 1; i <= steps; i++) {
      const p = await t.trainStep();
      losses.push(p.loss);
      if (process.env.PROBE_ALL) log(`  ${i} ${p.loss}`);
      if (!Number.isFinite(p.loss)) { log(`step ${i} loss ${p.loss} DIVERGED (prev ${losses.slice(-6, -1).map((x) => x.toPrecision(4)).join(',')})`); break; }
      if (i % every === 0) {
        const ev = await t.evaluate();
        const last = losses.slice(-every);
        const lo = Math.min(...last), hi = Math.max(...last);
        const v = detectCollapse({ embeddings: ev.embeddings, labels: ev.labels, n: ev.n, dim: ev.dim, losses, collapsedLoss: ref, loss: c.loss });
        log(`step ${i} loss=${p.loss.toFixed(4)} [${lo.toFixed(4)},${hi.toFixed(4)}] ${stats(ev.embeddings, ev.labels, ev.n, ev.dim)} acc=${ev.accuracy?.toFixed(3)} | ${v.kind ?? '-'} ${v.detail.rule ?? ''} trend=${v.detail.lossTrend} at=${v.detail.atCollapsedLoss} Rb=${v.detail.resultant.toFixed(5)}`);
        if (v.kind && !fired) { fired = true; log(`FIRED at ${i}: ${v.message}`); }
      }
    }
    t.dispose();
  }
}, 3_600_000);

it.skipIf(!process.env.PROBE_INIT)('init', async () => {
  if (!process.env.PROBE_INIT) return;
  await useCpuBackend();
  const cfgs = JSON.parse(process.env.PROBE_INIT);
  for (const over of cfgs) {
    const c = { ...defaultConfig(), data: 'spirals', loss: 'ces', ...over } as any;
    const split = splitOf(c);
    let worst = 0, worstSeed = 0, worstAng = 0;
    const Rs: number[] = [];
    for (let seed = 1; seed <= Number(process.env.PROBE_SEEDS ?? 20); seed++) {
      const t = new Trainer({ ...c, seed }, split);
      const ev = await t.evaluate();
      const s = stats(ev.embeddings, ev.labels, ev.n, ev.dim);
      const R = Number(/R=([\d.]+)/.exec(s)![1]);
      Rs.push(R);
      if (R > worst) { worst = R; worstSeed = seed; worstAng = Number(/maxAng=([\d.]+)/.exec(s)![1]); }
      t.dispose();
    }
    log(`INIT ${JSON.stringify(over)} maxR=${worst.toFixed(5)} (seed ${worstSeed}, maxAng ${worstAng}) median=${Rs.sort()[Rs.length >> 1].toFixed(4)}`);
  }
}, 3_600_000);
