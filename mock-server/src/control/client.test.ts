import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, registerUser, testApp } from '../test/wire.ts';
import { ControlClient, ControlError } from './client.ts';

let app: FastifyInstance;
let origin: string;
let control: ControlClient;
beforeAll(async () => {
  app = await testApp();
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  control = new ControlClient(origin);
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await control.reset('empty');
});

/** A server that answers every request with `status` and `body`, or never (`null`). */
async function stub(status: number | null, body = ''): Promise<[string, Server]> {
  const server = createServer((_request, response) => {
    if (status !== null) response.writeHead(status).end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return [`http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, server];
}

describe('the control client', () => {
  it('has a method for every control route, each answering its validated reply', async () => {
    const called = new Set<string>();
    const client = new ControlClient(origin, {
      fetch: (input, init) => {
        called.add(
          `${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : input).pathname}`,
        );
        return fetch(input, init);
      },
    });
    expect((await client.health()).ok).toBe(true);
    expect(await client.scenarios()).toContain('verified-trader');
    expect(await client.reset('fresh-user')).toEqual({ scenario: 'fresh-user' });
    const state = await client.state();
    expect(state.users.length).toBeGreaterThan(0);
    expect(JSON.stringify(state)).not.toContain('password_hash');

    await registerUser(app, 'client@example.com');
    // the scenario export and import: the same state back, a broken ledger refused
    const exported = await client.exportState();
    expect(await client.importState(exported)).toEqual({
      users: Object.keys(exported.users).length,
      transactions: exported.ledger.transactions.length,
    });
    const [first, ...rest] = exported.ledger.transactions as {
      postings: { account: string; amount: string }[];
    }[];
    expect(first).toBeDefined();
    const unbalanced = first && {
      ...first,
      postings: first.postings.map((posting, i) =>
        i === 0 ? { ...posting, amount: '-1' } : posting,
      ),
    };
    await expect(
      client.importState({ ...exported, ledger: { transactions: [unbalanced, ...rest] } }),
    ).rejects.toThrow('(HTTP 400)');
    const [mail] = await client.mailbox({ to: 'client@example.com', purpose: 'register' });
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(await client.mailbox({ to: 'client@example.com', purpose: 'forget' })).toEqual([]);
    expect(await client.latestCode('client@example.com')).toBe(mail?.code);

    const frozen = await client.clock({ action: 'freeze' });
    expect((await client.getClock()).frozen).toBe(true);
    expect((await client.advance(60_000)).now).toBe(frozen.now + 60_000);
    await client.clock({ action: 'resume' });

    expect(await client.fault({ path: '/api/index/getLang', code: 500, times: 2 })).toEqual([
      { path: '/api/index/getLang', latency_ms: 0, code: 500, drop: false, remaining: 2 },
    ]);
    expect(await client.faults()).toHaveLength(1);
    expect(await client.clearFaults('/api/index/getLang')).toEqual([]);

    const [quote] = await client.setPrice({ symbol_id: 'btcusdt', price: '50000' });
    expect(quote).toEqual({ symbol_id: 'btcusdt', price: '50000.00', paused: false });
    expect(
      await client.playPath({ symbol_id: 'btcusdt', points: [{ price: '1', after_ms: 0 }] }),
    ).toHaveLength(1);
    expect((await client.pauseMarket({ symbol_id: 'btcusdt' }))[0]?.paused).toBe(true);
    expect((await client.resumeMarket())[0]?.paused).toBe(false);

    // a rejection carries its reason to the user, who may submit again
    const reviewed = await registerUser(app, 'reviewed@example.com');
    const identity = {
      name: 'Rita Review',
      id_number: 'R1234567',
      phone: '+1 4155550100',
      birth_date: '1990-04-01',
      document_type: 'passport',
      front_image: 'data:image/jpeg;base64,/9j/4AAQ',
    };
    const asReviewed = { token: reviewed.token };
    await call(app, '/api/users/setAuthentication', identity, asReviewed);
    expect(
      await client.decideIdentity({
        email: 'reviewed@example.com',
        decision: 'reject',
        reason: 'The photo is blurred',
      }),
    ).toEqual({ identity_status: 'rejected', reject_reason: 'The photo is blurred' });
    const cash = await call<{ identity_reject_reason: string | null }>(
      app,
      '/api/users/getCashStatus',
      {},
      asReviewed,
    );
    expect(cash.data.identity_reject_reason).toBe('The photo is blurred');
    const again = await call(app, '/api/users/setAuthentication', identity, asReviewed);
    expect(again.data).toEqual({ identity_status: 'pending' });

    // a review that is not pending cannot be decided
    await expect(
      client.decideIdentity({ email: 'client@example.com', decision: 'approve' }),
    ).rejects.toThrow('control POST /__control/identity failed (HTTP 409)');

    // money reviews: an unknown record is named
    await expect(client.reviewDeposit({ id: '999999', decision: 'approve' })).rejects.toThrow(
      'control POST /__control/deposits/review failed (HTTP 404): no deposit 999999',
    );
    await expect(
      client.reviewWithdrawal({ id: '999999', decision: 'reject', reason: 'no' }),
    ).rejects.toThrow('(HTTP 404): no withdrawal 999999');
    await expect(client.payWithdrawal({ id: '999999' })).rejects.toThrow(
      'control POST /__control/withdrawals/pay failed (HTTP 404): no withdrawal 999999',
    );
    expect(await client.deposits({ status: 'reviewing' })).toEqual([]);

    const user = state.users[0];
    expect((await client.expireSessions(user?.email ?? '')).ended).toBeGreaterThanOrEqual(0);
    expect(await client.contracts({ email: user?.email ?? '' })).toEqual({
      positions: [],
      orders: [],
    });
    expect(await client.options({ email: user?.email ?? '' })).toEqual({ orders: [] });
    expect(await client.fixNextDraw({ number: 27 })).toEqual({ queued: [27] });
    expect(
      await client.digitsTiming({ round_seconds: 30, closing_seconds: 5, drawn_seconds: 3 }),
    ).toEqual({ round_seconds: 30, closing_seconds: 5, drawn_seconds: 3 });
    const game = await client.digits({ email: user?.email ?? '' });
    expect([game.bets, game.log.map((entry) => entry.action)]).toEqual([
      [],
      ['fix next result', 'timing'],
    ]);
    await expect(client.contracts({ email: 'nobody@example.com' })).rejects.toThrow(
      'control GET /__control/contracts?email=nobody%40example.com failed (HTTP 404): no such user',
    );
    expect((await client.signInLink({ email: user?.email ?? '' })).path).toMatch(
      /^\/__control\/signin\//,
    );

    // every route the control API serves (but the sign-in page, which a browser opens) was called
    // a route under another is printed as a child of it (`│   └── /review (POST)`)
    const parents: string[] = [];
    const served = app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const node = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
        if (!node?.[2]) return [];
        const depth = (node[1]?.length ?? 0) / 4;
        const path = (parents[depth - 1] ?? '') + node[2];
        parents[depth] = path;
        if (!node[3] || !path.startsWith('/__control/') || path === '/__control/signin/:id') {
          return [];
        }
        return node[3]
          .split(', ')
          .filter((method) => method !== 'HEAD')
          .map((method) => `${method} ${path}`);
      });
    expect(served.length).toBeGreaterThanOrEqual(17);
    expect([...called].sort()).toEqual([...new Set(served)].sort());
  });

  it('names the call, the HTTP status and the server message when a call is refused', async () => {
    const refused = control.decideIdentity({ email: 'nobody@example.com', decision: 'approve' });
    await expect(refused).rejects.toThrow(
      'control POST /__control/identity failed (HTTP 404): no such user',
    );
    await expect(control.reset('no-such')).rejects.toMatchObject({
      name: 'ControlError',
      call: 'POST /__control/reset',
      status: 400,
      reason: 'unknown scenario no-such',
    });
  });

  it('gives up after its timeout on a server that never answers, saying so', async () => {
    // no race against a delay: the server holds the request until the test closes it
    const [silent, server] = await stub(null);
    try {
      const impatient = new ControlClient(silent, { timeoutMs: 50 });
      const error = await impatient.health().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ControlError);
      expect((error as ControlError).status).toBe(0);
      expect((error as ControlError).message).toBe(
        'control GET /__control/health failed: no reply within 50 ms',
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('refuses a reply that does not match its schema, and a body that is not JSON', async () => {
    const [wrong, server] = await stub(200, '{"list":[{"symbol_id":1}]}');
    try {
      const client = new ControlClient(wrong);
      await expect(client.pauseMarket()).rejects.toThrow(
        /control POST \/__control\/market\/pause failed \(HTTP 200\): unexpected reply: list\.0\.symbol_id/,
      );
    } finally {
      server.close();
    }
    const [html, other] = await stub(502, '<html>bad gateway</html>');
    try {
      await expect(new ControlClient(html).health()).rejects.toThrow(
        'control GET /__control/health failed (HTTP 502): not JSON: <html>bad gateway</html>',
      );
    } finally {
      other.close();
    }
  });

  it('says when nothing listens', async () => {
    const [gone, server] = await stub(200, '{}');
    await new Promise((done) => server.close(done));
    const error = await new ControlClient(gone).health().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ControlError);
    expect((error as ControlError).status).toBe(0);
    expect((error as ControlError).message).toMatch(/^control GET \/__control\/health failed: /);
  });
});

describe('single-use sign-in links', () => {
  const email = 'link@example.com';
  const open = (path: string) => fetch(`${origin}${path}`, { redirect: 'manual' });

  it('sign in once: the page stores a live session, allowed by its own script hash only', async () => {
    await registerUser(app, email);
    const link = await control.signInLink({ email });
    expect(link.path).not.toMatch(/token/i);
    // a HEAD (a link preview) does not spend it
    expect((await fetch(`${origin}${link.path}`, { method: 'HEAD' })).status).toBe(404);
    const first = await open(link.path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    const html = await first.text();
    // the script stores each value as JSON text: ["bourse.token","\"<token>\""]
    const session = /\["bourse\.token","\\"([^\\"]+)\\""\]/.exec(html)?.[1];
    expect(session).toMatch(/^\w{16,}$/);
    // the stored token is a live session on the wire
    const info = await call<{ email: string }>(
      app,
      '/api/users/info',
      {},
      { token: session ?? '' },
    );
    expect(info.code).toBe(200);
    expect(info.data.email).toBe(email);

    const second = await open(link.path);
    expect(second.status).toBe(410);
    const refusal = await second.text();
    expect(refusal).toContain('This sign-in link cannot be used');
    expect(refusal).not.toContain('<script');
  });

  it('refuses a link once the wall clock reaches its expiry, and not a millisecond before', async () => {
    // links expire on the wall clock (the simulated one may be frozen): this mock's is the test's
    let wall = Date.now();
    const own = await testApp({ wallClock: () => wall });
    try {
      const ownOrigin = await own.listen({ port: 0, host: '127.0.0.1' });
      const ownControl = new ControlClient(ownOrigin);
      await registerUser(own, email);
      const early = await ownControl.signInLink({ email, expires_in_ms: 60_000 });
      const late = await ownControl.signInLink({ email, expires_in_ms: 60_000 });
      expect(early.expires_at).toBe(wall + 60_000);
      expect(late.expires_at).toBe(early.expires_at);
      const openOwn = (path: string) => fetch(`${ownOrigin}${path}`, { redirect: 'manual' });

      wall = early.expires_at - 1;
      expect((await openOwn(early.path)).status).toBe(200);
      wall = late.expires_at;
      const expired = await openOwn(late.path);
      expect(expired.status).toBe(410);
      expect(await expired.text()).toContain('This sign-in link cannot be used');
    } finally {
      await own.close();
    }
  });

  it('refuses an unknown link and an unknown user, and a lifetime over the limit', async () => {
    await registerUser(app, email);
    expect((await open('/__control/signin/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(410);
    await expect(control.signInLink({ email: 'nobody@example.com' })).rejects.toThrow(
      'no such user',
    );
    await expect(control.signInLink({ email, expires_in_ms: 3_600_000 })).rejects.toThrow(
      /HTTP 400/,
    );
  });
});
