// Which Vulkan driver Dawn should use in `npm run bench:gpu` (Linux; on macOS and Windows Dawn uses
// Metal / D3D12 and none of this applies). Dawn dlopens `libvulkan.so.1` (the Khronos loader) and
// the loader picks the drivers (ICDs) from the usual folders or from VK_DRIVER_FILES /
// VK_ICD_FILENAMES. The loader path must be in LD_LIBRARY_PATH before the process starts, so
// gpu.mjs tries each candidate environment below in a child process.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const ICD = 'vk_swiftshader_icd.json';
/** Folders where Chromium / Chrome builds ship SwiftShader's Vulkan ICD (and a libvulkan.so.1). */
const CHROME_DIRS = ['/usr/lib/chromium', '/usr/lib64/chromium', '/usr/lib/chromium-browser', '/opt/google/chrome', '/opt/chromium', '/snap/chromium/current/usr/lib/chromium-browser'];
/**
 * The libraries `--make-bundle` carries, from the first of {@link BUNDLED_LIBRARY_DIRS} that has each: the
 * Vulkan loader, and libglvnd's EGL and dispatch libraries, without which NVIDIA's Vulkan driver
 * (libGLX_nvidia.so.0) does not load; GPU containers may lack all three.
 */
export const BUNDLED_LIBRARIES = ['libvulkan.so.1', 'libEGL.so.1', 'libGLdispatch.so.0'];
export const BUNDLED_LIBRARY_DIRS = ['/usr/lib/chromium', '/usr/lib/x86_64-linux-gnu'];
/** Driver manifests outside the loader's default folders: NVIDIA's container runtime puts its own here. */
const EXTRA_ICDS = ['/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json', '/usr/local/nvidia/icd.d/nvidia_icd.json'];

function run(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return '';
  }
}

/** Every Playwright-managed Chromium folder (its chrome-linux* dirs), newest name last. */
function playwrightDirs() {
  const base = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache/ms-playwright');
  if (!existsSync(base)) return [];
  const out = [];
  for (const d of readdirSync(base).filter((n) => n.startsWith('chromium')).sort()) {
    for (const sub of ['chrome-linux', 'chrome-linux64', 'chrome-headless-shell-linux64']) out.push(join(base, d, sub));
  }
  return out;
}

/**
 * The path of Chromium's SwiftShader Vulkan ICD manifest (`vk_swiftshader_icd.json`, next to
 * `libvk_swiftshader.so`), or null. `SWIFTSHADER_ICD` overrides the search; then the usual install
 * folders, the files of the Debian packages `chromium` / `chromium-common`, the folder of
 * `CHROMIUM_PATH`, and Playwright's browser cache.
 */
export function findSwiftShaderIcd() {
  const fromEnv = process.env.SWIFTSHADER_ICD;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`SWIFTSHADER_ICD=${fromEnv} does not exist`);
    return fromEnv;
  }
  const dirs = [...CHROME_DIRS];
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) dirs.push(dirname(realpathSync(process.env.CHROMIUM_PATH)));
  for (const d of dirs) if (existsSync(join(d, ICD))) return join(d, ICD);
  const listed = run('dpkg', ['-L', 'chromium', 'chromium-common']).split('\n').find((l) => l.endsWith(`/${ICD}`));
  if (listed && existsSync(listed)) return listed;
  return playwrightDirs().reverse().map((d) => join(d, ICD)).find((p) => existsSync(p)) ?? null;
}

/** Whether the dynamic linker finds `libvulkan.so.1` on its own (ld cache or LD_LIBRARY_PATH). */
export function systemHasVulkanLoader() {
  const dirs = (process.env.LD_LIBRARY_PATH ?? '').split(':').filter(Boolean);
  if (dirs.some((d) => existsSync(join(d, 'libvulkan.so.1')))) return true;
  for (const ldconfig of ['/sbin/ldconfig', '/usr/sbin/ldconfig', 'ldconfig']) {
    const out = run(ldconfig, ['-p']);
    if (out) return out.includes('libvulkan.so.1');
  }
  return ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib64', '/usr/lib'].some((d) => existsSync(join(d, 'libvulkan.so.1')));
}

/**
 * The environments to try, in order, each `{ name, env, swiftshader? }` (`env`: variables to add
 * to the inherited ones). Without `swiftshader`: the system's own drivers first (a real GPU), then manifests in
 * non-default folders (NVIDIA containers), then SwiftShader as the last resort; with it, only
 * SwiftShader. When the system has no Vulkan loader, `loaderDirs` (folders holding a
 * `libvulkan.so.1`, e.g. the bundle's or Chromium's) are appended to LD_LIBRARY_PATH.
 */
export function driverCandidates({ swiftshader, loaderDirs = [] }) {
  if (process.platform !== 'linux') return swiftshader ? [] : [{ name: 'the system driver', env: {} }];
  const icd = findSwiftShaderIcd();
  const dirs = systemHasVulkanLoader() ? [] : [...loaderDirs, ...(icd ? [dirname(icd)] : [])].filter((d) => existsSync(join(d, 'libvulkan.so.1')));
  const ld = dirs.length ? { LD_LIBRARY_PATH: [process.env.LD_LIBRARY_PATH, ...dirs].filter(Boolean).join(':') } : {};
  const loaderNote = dirs.length ? ` (Vulkan loader from ${dirs[0]})` : '';
  const only = (file) => ({ VK_DRIVER_FILES: file, VK_ICD_FILENAMES: file });
  const out = [];
  if (!swiftshader) {
    out.push({ name: `the system's Vulkan drivers${loaderNote}`, env: ld });
    for (const f of EXTRA_ICDS.filter((p) => existsSync(p))) out.push({ name: `the Vulkan driver of ${f}${loaderNote}`, env: { ...ld, ...only(f) } });
  }
  if (icd) out.push({ name: `SwiftShader (CPU) from ${icd}${loaderNote}`, env: { ...ld, ...only(icd) }, swiftshader: true });
  return out;
}

/** Why no SwiftShader candidate exists, for the error message. */
export const SWIFTSHADER_HINT =
  "Chromium's SwiftShader Vulkan driver (vk_swiftshader_icd.json next to libvk_swiftshader.so) was not found: install Chromium (Debian: apt-get install chromium), or set SWIFTSHADER_ICD to the json's path.";
