import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';

// System Chromium (never a downloaded one): $CHROMIUM_PATH, then the usual paths.
export const executablePath = execFileSync('node', ['scripts/find-chromium.mjs'], { encoding: 'utf8' }).trim().split('\n').pop();

/** Flags measured to give headless WebGPU on these machines (see shared/ENVIRONMENT.md). */
export const CHROMIUM_ARGS = [
  '--enable-unsafe-webgpu',
  '--no-sandbox',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Overridable so several builds can be tested side by side (PW_DIST: a `vite build --outDir` folder).
const PORT = Number(process.env.PW_PORT ?? 4173);
const DIST = process.env.PW_DIST ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  // WebGPU on SwiftShader compiles shaders for seconds and trains slowly: generous per-test time.
  timeout: 240_000,
  expect: { timeout: 60_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    permissions: ['clipboard-read', 'clipboard-write'],
    trace: 'off',
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir ${DIST}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
