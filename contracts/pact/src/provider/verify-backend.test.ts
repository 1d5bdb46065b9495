/**
 * verify:backend against the mock started as a stranger (its own key, IV, cipher mode, header
 * names and guest token, encryption on): without a state hook the state-free interactions hold
 * and the others are listed as needing a state; with one (Pact's stateChangeUrl convention),
 * every interaction holds.
 */
import { buildApp } from '@bourse/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockStateHandlers, type MockApp } from './mock-states.ts';
import { startStateHook, type StateHook } from './state-hook.ts';
import { strangerArgs, strangerOptions } from './stranger.ts';
import { readPact, writePactSubset } from './verification.ts';
import { exitCodeOf, formatReport, parseCommand } from './verify-backend.ts';
import { checkRemote } from './verify.ts';

let app: MockApp;
let url: string;
let hook: StateHook;
const warnings: string[] = [];
const warn = (message: string) => warnings.push(message);

beforeAll(async () => {
  app = await buildApp(strangerOptions);
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  hook = await startStateHook(mockStateHandlers({ app, baseUrl: url }));
});

afterAll(async () => {
  await hook.close();
  await app.close();
});

describe('verify:backend', () => {
  it('reads its options, and refuses a run without --url or with an unknown mode', () => {
    const { settings } = parseCommand(strangerArgs(url));
    expect(settings.wire.cipher).toEqual({
      key: strangerOptions.wire?.cipher.key,
      iv: strangerOptions.wire?.cipher.iv,
      mode: 'ECB',
    });
    expect(settings.headers).toEqual(strangerOptions.headers);
    expect(settings.statesUrl).toBeUndefined();
    expect(() => parseCommand([])).toThrow(/--url is required/);
    expect(() => parseCommand(['--url', url, '--mode', 'gcm'])).toThrow(/CIPHER_MODE/);
    expect(() => parseCommand(['--url', url, '--header-token', 'x sign'])).toThrow(/HEADER_TOKEN/);
  });

  it('holds on every state-free interaction and lists the others as needing a state', async () => {
    const { settings } = parseCommand(strangerArgs(url));
    const report = await checkRemote(settings, { warn });
    const pact = await readPact(settings.pactFile);
    const http = pact.interactions.filter((one) => one.type.includes('HTTP'));
    const stateFree = http.filter((one) => one.states.every((state) => state === ''));
    expect(stateFree.length).toBeGreaterThan(5);

    expect(report.counts).toEqual({
      holds: stateFree.length,
      drifts: 0,
      needsState: http.length - stateFree.length,
    });
    for (const one of report.interactions) {
      const free = stateFree.some((candidate) => candidate.description === one.description);
      expect([one.description, one.verdict]).toEqual([
        one.description,
        free ? 'holds' : 'needs-state',
      ]);
    }
    expect(exitCodeOf(report)).toBe(0);
    expect(warnings).toEqual([]);

    const table = formatReport(report);
    expect(table).toMatch(
      /a request for the platform settings \(\/api\/index\/getConfig\)\s+holds/,
    );
    expect(table).toMatch(
      /needs state\s+needs state: a signed-in user \(no state hook: --states\)/,
    );
    expect(table).toContain(
      `${String(stateFree.length)} hold, 0 drift, ${String(http.length - stateFree.length)} need a provider state`,
    );
  });

  it('with a state-change URL, sets each state up there and every interaction holds', async () => {
    const { settings } = parseCommand([...strangerArgs(url), '--states', hook.url]);
    const report = await checkRemote(settings, { warn });
    expect(report.interactions.filter((one) => one.verdict !== 'holds')).toEqual([]);
    expect(report.counts.holds).toBe(report.interactions.length);
    expect(hook.received).toContain('setup a signed-in user');
    expect(warnings).toEqual([]);
  });

  it('lists an interaction whose state the hook refused as needing it, not as a drift', async () => {
    const handlers = mockStateHandlers({ app, baseUrl: url });
    const refusing = await startStateHook({
      ...handlers,
      'a signed-in user': () => Promise.reject(new Error('no sessions on this backend')),
    });
    try {
      const pact = await writePactSubset([
        'a request for the platform settings',
        'a request for the signed-in user',
      ]);
      const { settings } = parseCommand([
        ...strangerArgs(url),
        '--states',
        refusing.url,
        '--pact',
        pact,
      ]);
      const report = await checkRemote(settings, { warn });
      expect(report.interactions.map((one) => [one.path, one.verdict])).toEqual([
        ['/api/index/getConfig', 'holds'],
        ['/api/users/info', 'needs-state'],
      ]);
      expect(report.interactions[1]?.reason).toMatch(/refused "a signed-in user": .*HTTP 500/);
      expect(exitCodeOf(report)).toBe(0);
    } finally {
      await refusing.close();
    }
  });
});
