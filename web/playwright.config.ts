import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end flows in Debian's Chromium with a phone profile, against the built web app served
 * by the real mock on one port (as `npm start` does), with state in memory.
 */
const port = Number(process.env['E2E_PORT'] ?? 18_480);
export const baseURL = `http://127.0.0.1:${port}`;
/** The built app the mock serves (relative to web/); E2E_WEB_DIR points at another build. */
export const webDir = process.env['E2E_WEB_DIR'] ?? 'dist';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Pixel 7'],
    baseURL,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'phone', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node ../node_modules/tsx/dist/cli.mjs ../mock-server/src/server.ts',
    url: `${baseURL}/__control/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIR: webDir,
      DATA_DIR: '',
      SCENARIO: 'empty',
      LOG_LEVEL: 'warn',
    },
  },
});
