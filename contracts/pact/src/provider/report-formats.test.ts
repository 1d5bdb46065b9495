import { describe, expect, it } from 'vitest';
import { exitCodeOf, junitReport, onlyMatching } from './report-formats.ts';
import type { BackendReport } from './verify.ts';

const REPORT: BackendReport = {
  backend: 'https://staging.example.com',
  pushesNotReplayed: 10,
  counts: { holds: 1, drifts: 1, needsState: 1 },
  interactions: [
    {
      description: 'a request for the platform settings',
      path: '/api/index/getConfig',
      states: [''],
      verdict: 'holds',
      mismatches: [],
    },
    {
      description: 'a request for the signed-in user',
      path: '/api/users/info',
      states: ['a signed-in user'],
      verdict: 'needs-state',
      mismatches: [],
      reason: 'no state hook',
    },
    {
      description: 'a transfer of 100 <USDT> & "more"',
      path: '/api/account/transfer',
      states: [''],
      verdict: 'drifts',
      mismatches: [
        {
          type: 'BodyMismatch',
          field: '$.data.from.available',
          differed: "Expected '1' but got 1",
        },
        { type: 'BodyMismatch', field: '$.data.to', differed: 'missing' },
      ],
      screens: ['transfer', 'assets'],
    },
  ],
};

const RUN = {
  startedAt: new Date('2026-11-28T06:40:00.500Z'),
  seconds: 57.25,
  hostname: 'ci-runner-7',
};

/** The tags of an XML text, each opened one closed in order (a well-formedness check of our own output). */
function balanced(xml: string): boolean {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of xml.matchAll(/<(\/?)([\w:-]+)[^>]*?(\/?)>/g)) {
    if (selfClosing === '/') continue;
    if (closing === '/') {
      if (open.pop() !== name) return false;
    } else open.push(name ?? '');
  }
  return open.length === 0;
}

describe('the report of verify:backend', () => {
  it('is limited by --only to the interactions named, its counts recounted', () => {
    const only = onlyMatching(REPORT, 'USERS/INFO');
    expect(only.interactions.map((one) => one.path)).toEqual(['/api/users/info']);
    expect(only.counts).toEqual({ holds: 0, drifts: 0, needsState: 1 });
    expect(onlyMatching(REPORT, 'platform settings').counts.holds).toBe(1);
  });

  it('exits 1 on a drift, and with --strict on anything left unverified', () => {
    expect(exitCodeOf(REPORT)).toBe(1);
    const clean = onlyMatching(REPORT, 'getConfig');
    expect(exitCodeOf(clean)).toBe(0);
    // the pushes are still not replayed: unverified
    expect(exitCodeOf(clean, { strict: true })).toBe(1);
    expect(exitCodeOf({ ...clean, pushesNotReplayed: 0 }, { strict: true })).toBe(0);
    expect(exitCodeOf(onlyMatching(REPORT, 'users/info'))).toBe(0);
    expect(
      exitCodeOf({ ...onlyMatching(REPORT, 'users/info'), pushesNotReplayed: 0 }, { strict: true }),
    ).toBe(1);
  });

  it('is written as JUnit XML: a case per interaction, a drift a failure, a missing state skipped', () => {
    const xml = junitReport(REPORT, RUN);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n')).toBe(true);
    expect(balanced(xml)).toBe(true);
    expect(xml).toContain(
      '<testsuite name="Pact verification of https://staging.example.com" package="Pact verification of https://staging.example.com" id="0" timestamp="2026-11-28T06:40:00" hostname="ci-runner-7" tests="4" failures="1" errors="0" skipped="2" time="57.250">',
    );
    expect(xml).toContain('<property name="backend" value="https://staging.example.com"/>');
    expect(xml.match(/<testcase /g)).toHaveLength(4);
    expect(xml).toContain(
      '<testcase name="a request for the platform settings" classname="/api/index/getConfig" time="0"/>',
    );
    expect(xml).toContain('<skipped message="needs state: a signed-in user (no state hook)"/>');
    expect(xml).toContain('<skipped message="10 socket pushes are not replayed over HTTP"/>');
    // the drift names its fields, and every special character is escaped
    expect(xml).toContain('name="a transfer of 100 &lt;USDT&gt; &amp; &quot;more&quot;"');
    expect(xml).toContain(
      '<failure message="drifts at $.data.from.available, $.data.to; screens: transfer, assets" type="drift">$.data.from.available: Expected &apos;1&apos; but got 1\n$.data.to: missing\nscreens: transfer, assets</failure>',
    );
    expect(xml).not.toMatch(/<(?![?/a-z])/);
  });

  it('gives the suite a time of 0 when the run has none, and localhost when the host has no name', () => {
    const xml = junitReport(REPORT, {
      startedAt: RUN.startedAt,
      seconds: Number.NaN,
      hostname: ' ',
    });
    expect(xml).toContain('hostname="localhost"');
    expect(xml).toContain('time="0.000">');
  });
});
