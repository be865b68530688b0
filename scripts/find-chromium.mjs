// Finds a Chromium/Chrome executable for the browser tests and the benchmark.
// Order: $CHROMIUM_PATH, then the usual install paths. With --install, when none is found and we
// run as root on Debian/Ubuntu, installs Debian's `chromium` package; otherwise says how.
// Prints the path found (last line of stdout) so other scripts can use it.
import { existsSync, readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** The first Chromium executable found, or null. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
  }
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

function isDebianRoot() {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return root && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');
}

function main() {
  let path = findChromium();
  if (!path && process.argv.includes('--install')) {
    if (isDebianRoot()) {
      console.log('[find-chromium] no Chromium found: installing Debian package `chromium`…');
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation', {
        stdio: 'inherit',
      });
      path = findChromium();
    }
  }
  if (!path) {
    const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
    const hint = /debian|ubuntu/i.test(osRelease)
      ? 'sudo apt-get install chromium'
      : 'install Chromium or Chrome';
    console.error(`[find-chromium] no Chromium found. ${hint}, or set CHROMIUM_PATH to its executable.`);
    process.exit(1);
  }
  console.log(path);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main();
