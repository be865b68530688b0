// The tables of BENCHMARKS.md, from a report of the benchmark suite (bench/page/suite.ts's
// runBenchmarks). Shared by `npm run bench` (Chromium) and `npm run bench:gpu` (Node + Dawn).

export const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
export const ratio = (x) => (x >= 10 ? x.toFixed(0) : x.toFixed(1)) + '×';

export function tables(r) {
  const sizes = [...new Set(r.cenm.map((x) => x.n))];
  const paths = [...new Map(r.cenm.map((x) => [x.path, x.label])).entries()];
  const at = (path, n) => r.cenm.find((x) => x.path === path && x.n === n);
  const lines = [];
  lines.push('### Losses', '');
  lines.push(`One forward + backward of similarity (N×N, d = ${r.d}) + cross-example top-k + CENM loss, median ms:`, '');
  lines.push(`| path | ${sizes.map((n) => `N = ${n}`).join(' | ')} |`, `|---|${sizes.map(() => '---:').join('|')}|`);
  for (const [id, label] of paths) lines.push(`| (${id}) ${label} | ${sizes.map((n) => fmt(at(id, n).ms)).join(' | ')} |`);
  lines.push('', 'Speed-up of (a) over each path (time of the path ÷ time of (a)):', '');
  lines.push(`| vs | ${sizes.map((n) => `N = ${n}`).join(' | ')} |`, `|---|${sizes.map(() => '---:').join('|')}|`);
  for (const [id, label] of paths.filter(([id]) => id !== 'a')) lines.push(`| (${id}) ${label} | ${sizes.map((n) => ratio(at(id, n).ms / at('a', n).ms)).join(' | ')} |`);
  lines.push('', `The similarity product alone on webgpu (N×N×d, 2·N²·d flops, inputs already normalised; (a) our kernel, (b) tf.matMul), against the adapter's measured peak of ${r.peakGflops.toFixed(2)} GFLOP/s (an ALU-bound WGSL kernel, same run):`, '');
  lines.push('| path | N | ms | GFLOP/s | of peak |', '|---|---:|---:|---:|---:|');
  for (const s of r.similarity) lines.push(`| (${s.path}) | ${s.n} | ${fmt(s.ms)} | ${s.gflops.toFixed(2)} | ${(s.ofPeak * 100).toFixed(0)}% |`);
  const target = (cond, measured = true) => (!measured ? 'not measured in this run' : cond ? 'met' : 'NOT met');
  const big = sizes.filter((n) => n >= 512);
  const speedups = big.map((n) => at('b', n).ms / at('a', n).ms);
  const simA = r.similarity.filter((s) => s.path === 'a' && s.n >= 512);
  lines.push('', 'Targets:', '');
  lines.push(`- (a) ≥ 10× faster than (b) at N = 512 and 1024: ${big.map((n, i) => `${ratio(speedups[i])} at ${n}`).join(', ')} — ${target(speedups.every((x) => x >= 10), big.length > 0)}.`);
  lines.push(`- similarity kernel ≥ 50% of peak: ${simA.map((s) => `${(s.ofPeak * 100).toFixed(0)}% at ${s.n}`).join(', ')} — ${target(simA.every((s) => s.ofPeak >= 0.5), simA.length > 0)}.`);
  const faster = (n) => (at('c', n).ms > at('a', n).ms ? '(a)' : '(c)');
  lines.push(
    `- (a) against (c) wasm: ${sizes.map((n) => `${faster(n)} faster at ${n} (${ratio(at('c', n).ms / at('a', n).ms)})`).join(', ')}.` +
      (r.adapter?.fallback ? ' On this CPU fallback adapter `auto` takes wasm: it wins or ties at the batch sizes training uses (≤ 512).' : ''),
  );
  lines.push('', evaluationTables(r));
  return lines.join('\n');
}

function evaluationTables(r) {
  const sizes = [...new Set(r.evaluation.map((x) => x.n))];
  const paths = [...new Map(r.evaluation.map((x) => [x.path, x.label])).entries()];
  const at = (path, n) => r.evaluation.find((x) => x.path === path && x.n === n);
  const lines = ['### Evaluation', '', `All-pairs evaluation of n embeddings, d = ${r.d} (n(n−1)/2 pairs; 2·d flops per pair), median ms:`, ''];
  lines.push(`| path | ${sizes.map((n) => `n = ${n}`).join(' | ')} |`, `|---|${sizes.map(() => '---:').join('|')}|`);
  for (const [id, label] of paths) lines.push(`| ${label} | ${sizes.map((n) => fmt(at(id, n).ms)).join(' | ')} |`);
  lines.push('', `The WGSL all-pairs kernel against the adapter's measured peak (${r.peakGflops.toFixed(2)} GFLOP/s):`, '');
  lines.push('| n | GFLOP/s | of peak |', '|---:|---:|---:|');
  for (const n of sizes) lines.push(`| ${n} | ${at('wgsl', n).gflops.toFixed(2)} | ${((100 * at('wgsl', n).gflops) / r.peakGflops).toFixed(0)}% |`);
  const big = sizes[sizes.length - 1];
  const auto = at('auto-full', big);
  const wgsl = at('wgsl', big);
  lines.push('', 'Targets:', '');
  lines.push(`- WGSL all-pairs kernel ≥ 60% of peak: ${((100 * wgsl.gflops) / r.peakGflops).toFixed(0)}% at n = ${big} — ${wgsl.gflops >= 0.6 * r.peakGflops ? 'met' : 'NOT met'}.`);
  lines.push(`- the path auto picks evaluates ${big} items in ≤ 2 s: ${(auto.ms / 1000).toFixed(2)} s (every metric) — ${auto.ms <= 2000 ? 'met' : 'NOT met'}.`);
  return lines.join('\n');
}
