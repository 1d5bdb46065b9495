import type { FastifyInstance } from 'fastify';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnvironment } from '../config.ts';
import { call, PASSWORD, registerUser, testApp } from '../test/wire.ts';
import { ControlClient } from './client.ts';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(async () => {
  await app.close();
});

const control = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/__control${url}`, ...(payload ? { payload } : {}) });

describe('the control API', () => {
  it('resets to a named scenario, and refuses an unknown one', async () => {
    await registerUser(app, 'gone@example.com');
    expect((await control('POST', '/reset', { scenario: 'empty' })).statusCode).toBe(200);
    expect((await control('GET', '/state')).json<{ users: unknown[] }>().users).toHaveLength(0);
    expect((await control('POST', '/reset', { scenario: 'no-such' })).statusCode).toBe(400);
  });

  it('freezes, advances and resumes the simulated clock without touching the wire clock', async () => {
    const frozen = (await control('POST', '/clock', { action: 'freeze' })).json<{
      now: number;
      frozen: boolean;
    }>();
    expect(frozen.frozen).toBe(true);
    const moved = (await control('POST', '/clock', { action: 'advance', ms: 86_400_000 })).json<{
      now: number;
    }>();
    expect(moved.now).toBe(frozen.now + 86_400_000);
    // a call signed with the real time still passes the time window
    expect((await call(app, '/api/index/getConfig')).code).toBe(200);
    expect((await control('POST', '/clock', { action: 'advance', ms: -1 })).statusCode).toBe(400);
  });

  it('injects a code on a path for a number of calls', async () => {
    await control('POST', '/faults', { path: '/api/index/getConfig', code: 500, times: 1 });
    const faulted = await call(app, '/api/index/getConfig');
    expect(faulted.code).toBe(500);
    expect(faulted.msg).not.toBe('');
    expect((await call(app, '/api/index/getConfig')).code).toBe(200);
    await control('POST', '/faults', { path: '*', code: 401 });
    expect((await call(app, '/api/index/getLang')).code).toBe(401);
    await control('DELETE', '/faults');
    expect((await call(app, '/api/index/getLang')).code).toBe(200);
  });

  it('drops the connection when asked, so the client sees a transport failure', async () => {
    await control('POST', '/faults', { path: '/api/index/getConfig', drop: true, times: 1 });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const post = async () => {
      const response = await fetch(`${address}/api/index/getConfig`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return await response.json();
    };
    // the reply starts, then stops: the body never completes
    await expect(post()).rejects.toThrow();
    // the next call is answered (a 400 here: this bare call carries no time)
    expect(await post()).toMatchObject({ code: 400 });
  });

  it('ends a user’s sessions, so the next call gets 401', async () => {
    const { token } = await registerUser(app, 'expire@example.com');
    expect(
      (await control('POST', '/sessions/expire', { email: 'expire@example.com' })).json(),
    ).toEqual({ ended: 1 });
    expect((await call(app, '/api/users/info', {}, { token })).code).toBe(401);
  });

  it('is absent when CONTROL is off', async () => {
    const closed = await testApp({ control: false });
    const response = await closed.inject({ method: 'GET', url: '/__control/health' });
    expect(response.json()).toMatchObject({ code: 404 });
    await closed.close();
  });
});

describe('persistence', () => {
  it('keeps state in DATA_DIR across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bourse-state-'));
    try {
      const first = await testApp({ dataDir: dir });
      await registerUser(first, 'kept@example.com');
      await first.close();
      const second = await testApp({ dataDir: dir });
      const login = await call(second, '/api/login/index', {
        account: 'kept@example.com',
        password: PASSWORD,
      });
      expect(login.code).toBe(200);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('imports a state.json export into a new database', async () => {
    const source = await testApp();
    await registerUser(source, 'exported@example.com');
    const exported = source.exchange.snapshot();
    await source.close();
    const dir = await mkdtemp(join(tmpdir(), 'bourse-import-'));
    try {
      await writeFile(join(dir, 'state.json'), JSON.stringify(exported));
      const imported = await testApp({ dataDir: dir });
      const login = await call(imported, '/api/login/index', {
        account: 'exported@example.com',
        password: PASSWORD,
      });
      expect(login.code).toBe(200);
      await imported.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('CONTROL_TOKEN', () => {
  const TOKEN = 'qa-secret-2026';
  let guarded: FastifyInstance;
  beforeEach(async () => {
    guarded = await testApp({ controlToken: TOKEN });
  });
  afterEach(async () => {
    await guarded.close();
  });
  const health = (authorization?: string) =>
    guarded.inject({
      method: 'GET',
      url: '/__control/health',
      ...(authorization === undefined ? {} : { headers: { authorization } }),
    });

  it('refuses a control call without the token, with a wrong one or another scheme', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const response = await health(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json<{ error: string }>().error).toMatch(/CONTROL_TOKEN/);
    }
    // a change is refused before it happens, and an unknown route does not give itself away
    const reset = await guarded.inject({
      method: 'POST',
      url: '/__control/reset',
      payload: { scenario: 'verified-trader' },
    });
    expect(reset.statusCode).toBe(401);
    expect((await health(`Bearer ${TOKEN}`)).statusCode).toBe(200);
    const state = await guarded.inject({
      method: 'GET',
      url: '/__control/state',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(state.json<{ users: unknown[] }>().users).toHaveLength(0);
    expect((await guarded.inject({ method: 'GET', url: '/__control/nothing' })).statusCode).toBe(
      401,
    );
  });

  it('lets a browser open a sign-in link made with the token, and nothing else', async () => {
    await guarded.inject({
      method: 'POST',
      url: '/__control/reset',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { scenario: 'verified-trader' },
    });
    const made = await guarded.inject({
      method: 'POST',
      url: '/__control/signin-links',
      payload: { email: 'verified.trader@example.com' },
    });
    expect(made.statusCode).toBe(401);
    const link = await guarded.inject({
      method: 'POST',
      url: '/__control/signin-links',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { email: 'verified.trader@example.com' },
    });
    const { path } = link.json<{ path: string }>();
    const opened = await guarded.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Signing in as verified.trader@example.com');
    // a made-up id is refused as a spent link, and says nothing more
    const guessed = await guarded.inject({ method: 'GET', url: '/__control/signin/guess' });
    expect(guessed.statusCode).not.toBe(200);
  });

  it('leaves the wire alone', async () => {
    expect((await call(guarded, '/api/index/getConfig')).code).toBe(200);
  });

  it('is sent by the control client, from its option or the environment', async () => {
    const address = await guarded.listen({ port: 0, host: '127.0.0.1' });
    await expect(new ControlClient(address).reset()).rejects.toThrow(
      /control POST \/__control\/reset failed \(HTTP 401\): .*CONTROL_TOKEN/,
    );
    expect(await new ControlClient(address, { token: TOKEN }).reset('empty')).toEqual({
      scenario: 'empty',
    });
    vi.stubEnv('CONTROL_TOKEN', TOKEN);
    try {
      expect(await new ControlClient(address).reset('empty')).toEqual({ scenario: 'empty' });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

/** the control token the guarded apps below want */
const NETWORK_TOKEN = 'lan-secret-2026';

describe('a caller on the network (issue 25)', () => {
  const LAN = '192.168.1.20';
  const fromLan = (target: FastifyInstance, method: 'GET' | 'POST', url: string, extra = {}) =>
    target.inject({ method, url: `/__control${url}`, remoteAddress: LAN, ...extra });

  it('is refused every control route by default, before anything happens, while this machine is answered', async () => {
    await registerUser(app, 'victim@example.com');
    const before = (await control('GET', '/state')).json<{ users: unknown[] }>();
    for (const [method, url] of [
      ['GET', '/mailbox'],
      ['GET', '/export'],
      ['GET', '/state'],
      ['POST', '/reset'],
      ['POST', '/signin-links'],
      ['GET', '/nothing'],
    ] as const) {
      const response = await fromLan(app, method, url, {
        payload: url === '/signin-links' ? { email: 'victim@example.com' } : {},
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json<{ error: string }>().error).toMatch(/CONTROL_TOKEN/);
    }
    expect((await control('GET', '/state')).json<{ users: unknown[] }>()).toEqual(before);
    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await app.inject({
        method: 'GET',
        url: '/__control/health',
        remoteAddress: loopback,
      });
      expect(response.statusCode, loopback).toBe(200);
    }
  });

  it('is not taken for this machine because of a forwarded header', async () => {
    const response = await fromLan(app, 'GET', '/mailbox', {
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('is answered with CONTROL_LAN=on, and with the token when one is set', async () => {
    const open = await testApp({ controlLan: true });
    const guarded = await testApp({ controlToken: NETWORK_TOKEN });
    try {
      expect((await fromLan(open, 'GET', '/mailbox')).statusCode).toBe(200);
      expect((await fromLan(guarded, 'GET', '/mailbox')).statusCode).toBe(401);
      const withToken = await fromLan(guarded, 'GET', '/mailbox', {
        headers: { authorization: `Bearer ${NETWORK_TOKEN}` },
      });
      expect(withToken.statusCode).toBe(200);
    } finally {
      await open.close();
      await guarded.close();
    }
  });

  it('opens a single-use sign-in link: the link is its own permission', async () => {
    await registerUser(app, 'phone@example.com');
    const made = await control('POST', '/signin-links', { email: 'phone@example.com' });
    const { path } = made.json<{ path: string }>();
    const opened = await app.inject({ method: 'GET', url: path, remoteAddress: LAN });
    expect(opened.statusCode).toBe(200);
  });
});

describe('what the control API gives away', () => {
  type Exported = {
    users: Record<string, { password_hash: string; email: string }>;
    sessions: Record<string, unknown>;
  };

  it('exports no password hash nor session key unless this machine asks for them', async () => {
    const { token } = await registerUser(app, 'kept@example.com');
    const plain = (await control('GET', '/export')).json<Exported>();
    expect(Object.values(plain.users).map((user) => user.password_hash)).toEqual(['']);
    expect(plain.sessions).toEqual({});

    const whole = (await control('GET', '/export?secrets=on')).json<Exported>();
    expect(Object.values(whole.users)[0]?.password_hash).toMatch(/^scrypt\$/);
    expect(Object.keys(whole.sessions)).toHaveLength(1);

    const guarded = await testApp({ controlToken: NETWORK_TOKEN });
    try {
      const asked = await guarded.inject({
        method: 'GET',
        url: '/__control/export?secrets=on',
        remoteAddress: '192.168.1.20',
        headers: { authorization: `Bearer ${NETWORK_TOKEN}` },
      });
      expect(asked.statusCode).toBe(403);
      expect(asked.body).not.toContain('scrypt');
    } finally {
      await guarded.close();
    }

    // imported without its secrets, the account is there but nobody signs in to it
    await control('POST', '/import', plain);
    expect((await call(app, '/api/users/info', {}, { token })).code).toBe(401);
    const login = await call(app, '/api/login/index', {
      account: 'kept@example.com',
      password: PASSWORD,
    });
    expect(login.code).toBe(500);
    // with its secrets, the same export signs in again
    await control('POST', '/import', whole);
    const again = await call(app, '/api/login/index', {
      account: 'kept@example.com',
      password: PASSWORD,
    });
    expect(again.code).toBe(200);
  });

  it('shows whose sessions are open in the state, never their keys', async () => {
    await registerUser(app, 'seen@example.com');
    const state = (await control('GET', '/state')).json<{ sessions: object[] }>();
    expect(state.sessions).toHaveLength(1);
    expect(JSON.stringify(state.sessions)).not.toMatch(/token_md5/);
    expect(state.sessions[0]).toMatchObject({ user_id: expect.any(String) as string });
  });
});

describe('the e-mail a phone on the network cannot read from the mailbox', () => {
  it('is told to whoever runs the mock, each once, and not again on an import', async () => {
    const mails: { to: string; purpose: string; code: string }[] = [];
    const told = await testApp({
      onMail: ({ to, purpose, code }) => {
        mails.push({ to, purpose, code });
      },
    });
    try {
      await registerUser(told, 'phone.user@example.com');
      const [{ code } = { code: '' }] = (
        await told.inject({ method: 'GET', url: '/__control/mailbox' })
      ).json<{ list: { code: string }[] }>().list;
      expect(mails).toEqual([{ to: 'phone.user@example.com', purpose: 'register', code }]);
      expect(code).toMatch(/^\d{6}$/);

      const exported = (
        await told.inject({ method: 'GET', url: '/__control/export?secrets=on' })
      ).json<object>();
      await told.inject({ method: 'POST', url: '/__control/import', payload: exported });
      await call(told, '/api/index/getConfig');
      expect(mails).toHaveLength(1);
    } finally {
      await told.close();
    }
  });
});

describe('the environment', () => {
  it('reads CONTROL_TOKEN, empty meaning none, and CONTROL_LAN, off unless said', () => {
    expect(readEnvironment({ CONTROL_TOKEN: 'abc' }).CONTROL_TOKEN).toBe('abc');
    expect(readEnvironment({}).CONTROL_TOKEN).toBe('');
    expect(readEnvironment({}).CONTROL_LAN).toBe(false);
    expect(readEnvironment({ CONTROL_LAN: 'on' }).CONTROL_LAN).toBe(true);
  });
});
