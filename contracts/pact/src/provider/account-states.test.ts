/**
 * The parts of verify:backend's test-account mode that decide, per interaction, who calls and
 * how a replayed call is signed: the persona, the demo side, and the request filter's session
 * and request ids. (The whole mode runs against the mock in verify-backend.account.test.ts.)
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_TOKEN, endpoints, HEADERS } from '@bourse/protocol';
import { describe, expect, it } from 'vitest';
import { PACT_TOKEN, PACT_UUID } from '../pact.ts';
import { personaOf, reachedByAccounts, standsIn, withPersona } from './account-states.ts';
import { resignRequests, type FilteredRequest } from './resign.ts';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

const fresh = { email: 'fresh.user@example.com', password: 'FreshStart2026', token: PACT_TOKEN };
const trader = { email: 'verified.trader@example.com', password: 'Verified2026', token: '' };
const signedIn = (user: { email: string }) => ({ name: 'a signed-in user', params: user });
const main = { email: 'main@example.org', password: 'Main2026pass' };

describe('who runs an interaction', () => {
  it('is the unverified account for an unverified pact user, unless a verified identity is asked for', () => {
    expect(personaOf([signedIn(fresh)])).toBe('second');
    expect(personaOf([signedIn(trader)])).toBe('main');
    expect(
      personaOf([
        signedIn(fresh),
        { name: "the user's identity is verified", params: { email: fresh.email, name: 'F' } },
      ]),
    ).toBe('main');
    expect(personaOf([{ name: 'a symbol is listed', params: { symbol_id: 'btcusdt' } }])).toBe(
      'main',
    );
  });

  it('is not reached with a state only a hook sets up', () => {
    expect(reachedByAccounts([signedIn(fresh)])).toBe(true);
    expect(
      reachedByAccounts([signedIn(trader), { name: 'a register code was sent', params: {} }]),
    ).toBe(false);
  });

  it('has the verified account stand in for an unverified pact user only without --account2', () => {
    expect(standsIn([signedIn(fresh)], { main })).toBe(true);
    expect(standsIn([signedIn(fresh)], { main, second: main })).toBe(false);
    expect(standsIn([signedIn(trader)], { main })).toBe(false);
  });

  it('trades on the demo side of the main account, and nowhere else', () => {
    const interaction = (path: string, states: { name: string; params: object }[]) =>
      withPersona({ request: { path }, providerStates: states }, { main, second: main });
    const modes = (rewritten: Record<string, unknown>) =>
      (rewritten['providerStates'] as { params: Record<string, unknown> }[]).map((one) => [
        one.params['persona'],
        one.params['account_mode'],
      ]);
    expect(modes(interaction(endpoints.contract.addOrder.path, [signedIn(trader)]))).toEqual([
      ['main', 'demo'],
    ]);
    expect(modes(interaction(endpoints.account.addCash.path, [signedIn(trader)]))).toEqual([
      ['main', 'real'],
    ]);
    expect(modes(interaction(endpoints.contract.addOrder.path, [signedIn(fresh)]))).toEqual([
      ['second', 'real'],
    ]);
    // standing in for an unverified user, the main account still trades on its demo side only
    expect(
      modes(
        withPersona(
          {
            request: { path: endpoints.contract.addOrder.path },
            providerStates: [signedIn(fresh)],
          },
          { main },
        ),
      ),
    ).toEqual([['main', 'demo']]);
  });
});

describe('a replayed call with a test account', () => {
  const replay = (
    token: string,
    body: Record<string, unknown>,
    options: Parameters<typeof resignRequests>[0],
  ) => {
    const req = {
      url: endpoints.user.changePassword.path,
      headers: { [HEADERS.token]: token, [HEADERS.uuid]: PACT_UUID },
      body,
    } as unknown as FilteredRequest;
    let passed = false;
    resignRequests(options)(req, {} as ServerResponse, () => {
      passed = true;
    });
    expect(passed).toBe(true);
    return req as IncomingMessage & { body: Record<string, unknown> };
  };

  it("signs a signed-in call with the account's session, a guest call as a guest", () => {
    const options = { now: () => 5, session: () => 'the-real-session' };
    const user = replay(`${md5(PACT_TOKEN)}${'0'.repeat(32)}`, { time: 1 }, options);
    expect(user.headers[HEADERS.token]).toBe(md5('the-real-session') + md5(`5${PACT_UUID}`));
    const guest = replay(`${md5(DEFAULT_TOKEN)}${'0'.repeat(32)}`, { time: 1 }, options);
    expect(guest.headers[HEADERS.token]).toBe(md5(DEFAULT_TOKEN) + md5(`5${PACT_UUID}`));
    const noSession = replay(`${md5(PACT_TOKEN)}${'0'.repeat(32)}`, { time: 1 }, { now: () => 5 });
    expect(noSession.headers[HEADERS.token]).toBe(md5(PACT_TOKEN) + md5(`5${PACT_UUID}`));
  });

  it('gives the request id the one it stands for, and tells what was sent', () => {
    const seen: string[] = [];
    const sent = replay(
      `${md5(PACT_TOKEN)}${'0'.repeat(32)}`,
      { time: 1, request_id: 'pact-transfer-0000001', password: 'New2026pass' },
      {
        requestId: (recorded) => `${recorded}-run1`,
        observe: (path, body) => seen.push(`${path} ${String(body['password'])}`),
      },
    );
    expect(sent.body['request_id']).toBe('pact-transfer-0000001-run1');
    expect(sent.headers['content-length']).toBe(String(JSON.stringify(sent.body).length));
    expect(seen).toEqual([`${endpoints.user.changePassword.path} New2026pass`]);
  });
});
