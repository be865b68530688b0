// The "GPU run" section that `npm run bench:gpu --write` keeps in BENCHMARKS.md, between two marker
// comments so that `npm run bench` (which rewrites the browser part) can carry it over unchanged.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/** The section's first and last lines. */
export const BEGIN = '<!-- bench:gpu -->';
export const END = '<!-- /bench:gpu -->';

/** An adapter's vendor / architecture, the architecture left out where the driver gives none (NVIDIA's). */
export const adapterName = (a) => [a.vendor, a.architecture].filter(Boolean).join(' / ');

/**
 * The section's markdown, markers included: date, machine, runtime, adapter, self-test verdict,
 * then the benchmark's tables (`body`, from bench/parts/tables.mjs).
 */
export function gpuSection({ report, driver, dawn, selfTests, body }) {
  const a = report.adapter;
  const cpu = os.cpus();
  return [
    BEGIN,
    `## GPU run (npm run bench:gpu) of ${new Date().toISOString().slice(0, 10)}`,
    '',
    'Written by `npm run bench:gpu -- --write` (bench/gpu.mjs): the same suite as above, in Node through Dawn',
    "(npm `webgpu`) instead of Chromium; the wasm and cpu rows run on this machine's CPU.",
    '',
    `- Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}; load average ${os.loadavg()[0].toFixed(1)} at the end of the run`,
    `- Runtime: Node ${process.version}, Dawn from npm \`webgpu\` ${dawn}; Vulkan driver: ${driver}`,
    `- WebGPU adapter: ${a ? `${adapterName(a)}${a.description ? ` (${a.description})` : ''}${a.fallback ? ', a CPU fallback adapter' : ''}` : 'none'}`,
    `- Peak probe: ${report.peakGflops.toFixed(1)} GFLOP/s at ${report.peakInvocations} invocations per launch`,
    `- Kernel self-tests: ${selfTests.passed} of ${selfTests.total} passed${selfTests.leaked ? `, ${selfTests.leaked} tensors leaked` : ''}`,
    '',
    body,
    END,
  ].join('\n');
}

/**
 * Puts `section` into the markdown file `file`: in place of an earlier section between the
 * markers, else appended; the rest of the file is kept. Creates the file when missing.
 */
export function writeSection(file, section) {
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const i = old.indexOf(BEGIN);
  const j = old.indexOf(END);
  const next = i >= 0 && j > i ? old.slice(0, i) + section + old.slice(j + END.length) : `${old.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
