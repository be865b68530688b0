// Installs the npm dependencies when they are missing or older than the lock file, so that
// `npm start` and `npm test` work on a fresh clone with no separate install step.
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';

const lock = 'package-lock.json';
const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;
if (stale) {
  console.log('[ensure-deps] installing npm dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
