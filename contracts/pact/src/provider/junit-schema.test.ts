/**
 * verify:backend's `--junit` file against the Ant/Jenkins JUnit schema (junit.xsd, vendored):
 * libxml2's own schema validator (xmllint, built to WebAssembly, so nothing native is needed)
 * must accept a report with every kind of case and every character that needs escaping, and
 * must refuse one that leaves out what the schema requires (so the check is not a formality).
 */
import { readFile } from 'node:fs/promises';
import { validateXML, type XMLValidationResult } from 'xmllint-wasm';
import { describe, expect, it } from 'vitest';
import { junitReport, type JunitRun } from './report-formats.ts';
import type { BackendReport } from './verify.ts';

const SCHEMA = new URL('./junit.xsd', import.meta.url);

async function validate(xml: string): Promise<XMLValidationResult> {
  return validateXML({
    xml: [{ fileName: 'verify-backend.junit.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: await readFile(SCHEMA, 'utf8') }],
  });
}

/** What the validator said, one line per error: what a failing test shows. */
const errorsOf = (result: XMLValidationResult): string[] =>
  result.errors.map((error) => error.rawMessage);

// Every character a backend's answer or a pact's text could bring that XML must escape or drop:
// markup, both quotes, an ampersand, control characters, U+FFFF, an unpaired surrogate, and a
// character outside the BMP (a surrogate pair, which must stay).
const AWKWARD = `<b>"Gold" & 'Silver'</b>\u0001\u0008\u000b\u001f\uffff\ud800 ok \u{1f4b0}\ttab`;

const REPORT: BackendReport = {
  backend: 'https://staging.example.com/api?a=1&b=<2>',
  pushesNotReplayed: 9,
  counts: { holds: 2, drifts: 2, needsState: 2 },
  interactions: [
    {
      description: 'a request for the platform settings',
      path: '/api/index/getConfig',
      states: [''],
      verdict: 'holds',
      mismatches: [],
    },
    {
      description: `a search for ${AWKWARD}`,
      path: '/api/market/search?q=<x>&y="z"',
      states: [''],
      verdict: 'holds',
      mismatches: [],
    },
    {
      description: 'a transfer of 100 <USDT> & "more"',
      path: '/api/account/transfer',
      states: ['a signed-in user', 'a funded account'],
      verdict: 'drifts',
      mismatches: [
        {
          type: 'BodyMismatch',
          field: '$.data.from.available',
          differed: "Expected '1' but got 1",
        },
        { type: 'BodyMismatch', field: '$.data["to"]', differed: AWKWARD },
      ],
      screens: ['transfer', 'assets'],
    },
    {
      description: 'a withdrawal with no screen',
      path: '/api/account/withdraw',
      states: [''],
      verdict: 'drifts',
      mismatches: [
        { type: 'StatusMismatch', field: 'status', differed: 'expected 200 but was 500' },
      ],
      screens: [],
    },
    {
      description: 'a request for the signed-in user',
      path: '/api/users/info',
      states: ['a signed-in user'],
      verdict: 'needs-state',
      mismatches: [],
      reason: 'no state hook: --states',
    },
    {
      description: 'an order history <page 2>',
      path: '/api/order/history',
      states: ['a signed-in user', `an order named ${AWKWARD}`],
      verdict: 'needs-state',
      mismatches: [],
      reason: `the state hook refused "x": HTTP 500 ${AWKWARD}`,
    },
  ],
};

const RUN: JunitRun = {
  startedAt: new Date('2026-11-28T06:40:00.250Z'),
  seconds: 57.125,
  hostname: 'ci-runner-7',
};

describe('the JUnit report of verify:backend', () => {
  it('validates against the JUnit schema with passes, drifts, skipped states and escaped text', async () => {
    const xml = junitReport(REPORT, RUN);
    const result = await validate(xml);
    expect(errorsOf(result)).toEqual([]);
    expect(result.valid).toBe(true);
    // the report is the one meant: all cases there, the awkward text escaped, not dropped
    expect(xml.match(/<testcase /g)).toHaveLength(7);
    expect(xml.match(/<failure /g)).toHaveLength(2);
    expect(xml.match(/<skipped /g)).toHaveLength(3);
    expect(xml).toContain(
      '&lt;b&gt;&quot;Gold&quot; &amp; &apos;Silver&apos;&lt;/b&gt; ok \u{1f4b0}\ttab',
    );
  });

  it('validates with no interactions and no pushes, and with a zero-length run', async () => {
    const empty: BackendReport = {
      backend: 'http://127.0.0.1:1',
      pushesNotReplayed: 0,
      counts: { holds: 0, drifts: 0, needsState: 0 },
      interactions: [],
    };
    const result = await validate(junitReport(empty, { ...RUN, seconds: 0, hostname: '' }));
    expect(errorsOf(result)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is checked for real: the schema refuses a report missing what it requires', async () => {
    const xml = junitReport(REPORT, RUN);
    const untimed = await validate(xml.replace(/ time="0"/, ''));
    expect(untimed.valid).toBe(false);
    expect(errorsOf(untimed).join('\n')).toContain("attribute 'time' is required");
    const counted = await validate(xml.replace('<testsuites>', '<testsuites tests="7">'));
    expect(counted.valid).toBe(false);
    expect(errorsOf(counted).join('\n')).toContain("attribute 'tests' is not allowed");
  });
});
