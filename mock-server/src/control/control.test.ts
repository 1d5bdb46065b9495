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

describe('the environment', () => {
  it('reads CONTROL_TOKEN, empty meaning none', () => {
    expect(readEnvironment({ CONTROL_TOKEN: 'abc' }).CONTROL_TOKEN).toBe('abc');
    expect(readEnvironment({}).CONTROL_TOKEN).toBe('');
  });
});
