/**
 * verify:backend, the command itself, against the stranger mock with one reply field renamed
 * (the mock's test-only drift, reachable only through buildApp's options): the table names the
 * interaction, the field, what differed and the web's screens that read it (`--json` gives the
 * same report to a machine), and the command exits 1.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildApp } from '@bourse/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from './mock-states.ts';
import { strangerArgs, strangerOptions } from './stranger.ts';
import { formatReport } from './verify-backend.ts';
import type { BackendReport } from './verify.ts';

const run = promisify(execFile);
const COMMAND = new URL('verify-backend.ts', import.meta.url).pathname;

let app: MockApp;
let url: string;

/** The command as `npm run verify:backend` runs it: its output and exit code. */
async function verifyBackend(args: readonly string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', COMMAND, ...args], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, PACT_DO_NOT_TRACK: 'true' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  app = await buildApp({
    ...strangerOptions,
    testOnlyDrift: { path: '/api/index/getConfig', field: 'site_name', renameTo: 'siteName' },
  });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
});

describe('verify:backend against a drifted backend', () => {
  it('reports the drift, the field, what differed and the screens it hurts, and exits 1', async () => {
    const { code, stdout } = await verifyBackend([...strangerArgs(url), '--json']);
    expect(code).toBe(1);
    // the Pact core's own report stays out of standard output: it parses as the report alone
    const report = JSON.parse(stdout) as BackendReport;
    const drifted = report.interactions.filter((one) => one.verdict === 'drifts');
    expect(drifted.map((one) => one.path)).toEqual(['/api/index/getConfig']);
    const siteName = drifted[0]?.mismatches.find((one) => one.field === '$.data.site_name');
    expect(siteName?.differed).toMatch(/missing/);
    expect(report.counts.drifts).toBe(1);
    // only the recharge page's demo top-up reads the platform settings (web/src)
    expect(drifted[0]?.screens).toEqual(['recharge']);
    expect(report.interactions.filter((one) => one.screens !== undefined)).toHaveLength(1);

    const table = formatReport(report).split('\n');
    const row = table.find((line) => line.includes('a request for the platform settings'));
    expect(row).toMatch(/DRIFTS\s+\$\.data\.site_name\s+missing from the reply/);
    const screens = table.findIndex((line) => /^\s+screens: recharge$/.test(line));
    expect(screens).toBeGreaterThan(table.indexOf(row ?? ''));
    expect(table.join('\n')).toMatch(
      /a request for the languages \(\/api\/index\/getLang\)\s+holds/,
    );
    expect(table.at(-1)).toMatch(/^\d+ hold, 1 drift, \d+ need a provider state/);
  });
});
