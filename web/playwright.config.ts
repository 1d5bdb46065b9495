import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end flows in Debian's Chromium with a phone profile, against the built web app served
 * by the real mock (as `npm start` does), with state in memory. Each worker starts a mock of its
 * own on E2E_PORT + its parallel index (e2e/support.ts), so the tests can run at once.
 */
export const mockPortBase = Number(process.env['E2E_PORT'] ?? 18_480);
/** The built app the mock serves (relative to web/); E2E_WEB_DIR points at another build. */
export const webDir = process.env['E2E_WEB_DIR'] ?? 'dist';

/** E2E_WORKERS: a count or a share of the cores ('50%'); two suits the two-core CI machine. */
function workersWanted(value: string | undefined): number | string {
  if (value === undefined || value === '') return 2;
  if (/^\d+%$/.test(value)) return value;
  if (/^[1-9]\d*$/.test(value)) return Number(value);
  throw new Error(`E2E_WORKERS must be a count or a percentage of the cores, not "${value}"`);
}

/**
 * E2E_TRACE: Playwright's trace mode (off, on, retain-on-failure…). Off by default: recording a
 * trace of every test (to keep only the failures') made the suite some 40 % slower on the
 * two-core machine (market and chart specs: 92 s without, 142–158 s with). A failure still
 * leaves its error, an ARIA snapshot of the page and a screenshot; rerun it with
 * E2E_TRACE=retain-on-failure to get the trace.
 */
const TRACE_MODES = [
  'off',
  'on',
  'retain-on-failure',
  'on-first-retry',
  'retain-on-first-failure',
] as const;
type TraceMode = (typeof TRACE_MODES)[number];
const isTraceMode = (value: string): value is TraceMode =>
  (TRACE_MODES as readonly string[]).includes(value);

function traceWanted(value: string | undefined): TraceMode {
  if (value === undefined || value === '') return 'off';
  if (!isTraceMode(value)) {
    throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}, not "${value}"`);
  }
  return value;
}

export default defineConfig({
  testDir: './e2e',
  // Any test may run beside any other: each worker has its own mock, and every test resets it.
  fullyParallel: true,
  workers: workersWanted(process.env['E2E_WORKERS']),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Pixel 7'],
    // baseURL is each worker's own mock's (e2e/support.ts).
    locale: 'en-US',
    // One action (a click, a fill, a page load) waits at most this long, whatever the test's own
    // timeout (test.slow() triples it): a stuck step fails within a minute, naming the element or
    // the address it waited for, not when the whole test times out.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: traceWanted(process.env['E2E_TRACE']),
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
});
