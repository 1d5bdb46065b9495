// The `qa` command as a tester uses it: its list, a run's progress and its one summary line, the
// exit code, --json, and `open`'s single-use link (no session token in what it prints).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliOptions } from './cli.ts';
import { startMock, type RunningMock } from './mock.ts';
import { check, defineScenario, type Scenario } from './scenario.ts';
import { SCENARIOS } from './scenarios/index.ts';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.close();
});

async function qa(args: string[], options: CliOptions = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    { out: (line) => out.push(...line.split('\n')), err: (line) => err.push(line) },
    options,
  );
  return { code, out, err: err.join('\n') };
}

const byName = (name: string): Scenario => {
  const scenario = SCENARIOS.find((entry) => entry.name === name);
  if (!scenario) throw new Error(`no scenario ${name}`);
  return scenario;
};

/** A test-only scenario whose second step fails. */
const failing = defineScenario({
  name: 'always-fails',
  summary: 'a scenario whose check fails',
  setUp: async ({ control, step }) => {
    await step('reset', () => control.reset('empty'));
  },
  run: async ({ step }) => {
    await step('a check that cannot hold', () => {
      check(false, 'the state was not reached');
      return Promise.resolve();
    });
    return { email: 'nobody@example.com' };
  },
});

const SUMMARY = /^\d+ passed, \d+ failed$/;

describe('npm run qa', () => {
  it('lists every scenario with one line of what it reaches', async () => {
    const { code, out } = await qa(['list']);
    expect(code).toBe(0);
    expect(out).toHaveLength(SCENARIOS.length);
    for (const [index, scenario] of SCENARIOS.entries()) {
      expect(out[index]?.replace(/ {2,}/, '\t')).toBe(`${scenario.name}\t${scenario.summary}`);
    }
    const json = await qa(['list', '--json']);
    expect(JSON.parse(json.out.join(''))).toHaveLength(SCENARIOS.length);
  });

  it('prints each step, ends with one summary line, and exits 0 when all pass', async () => {
    const { code, out } = await qa(['run', 'fault-code', 'demo-real-switch', '--url', mock.origin]);
    expect(code).toBe(0);
    expect(out[0]).toBe(`▶ fault-code: ${byName('fault-code').summary}`);
    expect(out).toContain('▶ demo-real-switch: ' + byName('demo-real-switch').summary);
    expect(out.filter((line) => /^ {2}✓ .+ \(\d+ ms\)$/.test(line)).length).toBeGreaterThan(6);
    expect(out.filter((line) => SUMMARY.test(line))).toEqual(['2 passed, 0 failed']);
    expect(out.at(-1)).toBe('2 passed, 0 failed');
  });

  it('exits non-zero when a scenario fails, saying which step and why', async () => {
    const scenarios = [failing, byName('fault-dropped')];
    const { code, out } = await qa(['run', '--all', '--url', mock.origin], { scenarios });
    expect(code).toBe(1);
    const failedAt = out.findIndex((line) => /^ {2}✗ a check that cannot hold/.test(line));
    expect(failedAt).toBeGreaterThan(0);
    expect(out[failedAt + 1]?.trim()).toBe('the state was not reached');
    expect(out.at(-1)).toBe('1 passed, 1 failed');
  });

  it('starts a mock of its own without --url, and speaks JSON lines with --json', async () => {
    const { code, out } = await qa(['run', 'fault-code', '--json']);
    expect(code).toBe(0);
    const events = out.map((line) => JSON.parse(line) as { type: string });
    expect(events[0]).toMatchObject({ type: 'scenario', name: 'fault-code' });
    expect(events.filter((event) => event.type === 'step').length).toBeGreaterThan(2);
    expect(events.at(-1)).toEqual({ type: 'summary', passed: 1, failed: 0 });
  });

  it('refuses what it does not know, with exit code 2', async () => {
    expect((await qa(['run', 'no-such-scenario'])).code).toBe(2);
    expect((await qa(['run'])).err).toMatch(/names or --all/);
    expect((await qa(['fly'])).code).toBe(2);
    expect((await qa(['run', '--nope'])).code).toBe(2);
    expect((await qa([])).err).toMatch(/^usage: npm run qa/);
  });

  it('says so when nothing answers at --url', async () => {
    const gone = await startMock();
    await gone.close();
    const { code, err, out } = await qa(['run', '--all', '--url', gone.origin]);
    expect(code).toBe(1);
    expect(err).toMatch(/^no mock to run against: control GET \/__control\/health failed: /);
    expect(out).toEqual([]);
  });
});

describe('npm run qa -- open', () => {
  it('prints a single-use link that signs in once, and no session token', async () => {
    const { code, out } = await qa(['open', 'identity-rejected', '--url', mock.origin]);
    expect(code).toBe(0);
    const printed = out.join('\n');
    const url = /https?:\/\/\S+\/__control\/signin\/\S+/.exec(printed)?.[0];
    expect(url).toBeDefined();
    expect(printed).toMatch(/works once and expires in 5 minutes/);

    const page = await fetch(url ?? '');
    expect(page.status).toBe(200);
    const html = await page.text();
    const token = /\["bourse\.token","\\"([^\\"]+)\\""\]/.exec(html)?.[1] ?? '';
    expect(token).toMatch(/^\w{16,}$/);
    expect(printed).not.toContain(token);
    expect(html).toContain('"identity_status\\":\\"rejected\\"');

    const again = await fetch(url ?? '');
    expect(again.status).toBe(410);
  });

  it('serves the built app from a mock of its own until stopped', async () => {
    const webDir = await mkdtemp(join(tmpdir(), 'qa-open-'));
    try {
      await writeFile(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
      let origin = '';
      const out: string[] = [];
      const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) };
      const code = await main(['open', 'fault-code'], io, {
        webDir,
        untilStopped: async () => {
          origin = /The mock runs at (\S+) until/.exec(out.join('\n'))?.[1] ?? '';
          expect((await fetch(`${origin}/`)).status).toBe(200);
        },
      });
      expect(code).toBe(0);
      expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // stopped: nothing listens there any more
      await expect(fetch(`${origin}/`)).rejects.toThrow();
    } finally {
      await rm(webDir, { recursive: true, force: true });
    }
  });

  it('says what to do when there is no built app', async () => {
    const { code, err } = await qa(['open', 'fault-code'], { webDir: '/nonexistent' });
    expect(code).toBe(1);
    expect(err).toMatch(/npm run build/);
  });
});
