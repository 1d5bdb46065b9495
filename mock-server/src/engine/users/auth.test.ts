import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { Auth, AUTH_RULES } from './auth.ts';
import { PASSWORD, userWorld } from './testing.ts';

const CLIENT = '203.0.113.7';
const NEW_PASSWORD = 'Newer1234';

function authWorld() {
  const world = userWorld();
  const auth = new Auth(
    world.store,
    world.users,
    world.codes,
    world.hasher,
    world.limiter,
    world.passwords,
  );
  /** whose session a token opens, if it is live */
  const holder = (token: string) => auth.liveSession(Auth.tokenMd5(token))?.user_id;
  const register = (email: string, extra: { invite_code?: string } = {}) => {
    world.codes.send(email, 'register', 'en', CLIENT);
    return auth.register({
      email,
      code: world.lastCode(email),
      password: PASSWORD,
      confirm_password: PASSWORD,
      invite_code: '',
      language: 'fr',
      ...extra,
    });
  };
  const login = (account: string, password = PASSWORD, area_code = '') =>
    auth.login({ account, area_code, password }, CLIENT);
  const { users, codes, newUser, advance } = world;
  return { world, auth, holder, register, login, users, codes, newUser, advance };
}

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('signing up', () => {
  it('registers with an e-mailed code and opens a session for the new user', async () => {
    const { register, holder, users } = authWorld();
    const session = await register('ada@example.com');
    const user = users.byEmail('ada@example.com');
    expect(user?.language).toBe('fr');
    expect(session.user).toMatchObject({ email: 'ada@example.com', user_id: user?.user_id });
    expect(session.token).toMatch(/^[0-9a-f]{32}$/);
    expect(session.expires_in).toBe(AUTH_RULES.sessionIdleMs);
    expect(holder(session.token)).toBe(user?.user_id);
  });

  it('refuses mismatched passwords, a taken address, an unknown invite and a wrong code', async () => {
    const { auth, register, codes, world } = authWorld();
    await register('ada@example.com');
    codes.send('bob@example.com', 'register', 'en', CLIENT);
    const base = {
      email: 'bob@example.com',
      code: world.lastCode('bob@example.com'),
      password: PASSWORD,
      confirm_password: PASSWORD,
      invite_code: '',
      language: 'en' as const,
    };
    expect(
      await rejection(auth.register({ ...base, confirm_password: 'Other1234' })),
    ).toMatchObject({ kind: 'invalid', field: 'confirm_password', key: 'passwords_mismatch' });
    expect(await rejection(auth.register({ ...base, email: 'ADA@example.com' }))).toMatchObject({
      field: 'email',
      key: 'email_taken',
    });
    expect(await rejection(auth.register({ ...base, invite_code: 'NOSUCH' }))).toMatchObject({
      field: 'invite_code',
      key: 'invite_invalid',
    });
    expect(await rejection(auth.register({ ...base, code: 'x' }))).toMatchObject({
      field: 'code',
    });
    // none of those refusals used the code up
    await auth.register(base);
  });

  it('links a friend who signs up with an invite code in any case', async () => {
    const { register, users } = authWorld();
    await register('ada@example.com');
    const inviter = users.byEmail('ada@example.com')!;
    await register('bob@example.com', { invite_code: inviter.invite_code.toLowerCase() });
    expect(users.byEmail('bob@example.com')?.invited_by).toBe(inviter.user_id);
  });
});

describe('signing in', () => {
  it('signs in by e-mail in any case and by phone', async () => {
    const { login, holder, newUser } = authWorld();
    const ada = await newUser('ada@example.com', { area_code: '+44', phone: '7700900123' });
    expect(holder((await login('ADA@Example.com')).token)).toBe(ada.user_id);
    expect(holder((await login('7700900123', PASSWORD, '+44')).token)).toBe(ada.user_id);
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    const { login, newUser } = authWorld();
    await newUser('ada@example.com');
    const wrong = await rejection(login('ada@example.com', 'Wrong1234'));
    const unknown = await rejection(login('nobody@example.com'));
    expect(wrong).toBeInstanceOf(EngineError);
    expect(wrong).toMatchObject({ kind: 'refused', key: 'login_failed' });
    expect(unknown).toEqual(wrong);
  });

  it('locks an account for fifteen minutes after five failures, even to the right password', async () => {
    const { login, newUser, advance } = authWorld();
    await newUser('ada@example.com');
    for (let i = 0; i < AUTH_RULES.loginFailuresPerAccount; i += 1) {
      await rejection(login('ada@example.com', 'Wrong1234'));
    }
    expect(await rejection(login('ada@example.com'))).toMatchObject({
      kind: 'rate_limited',
      key: 'login_locked',
      params: { minutes: 15 },
    });
    advance(AUTH_RULES.loginFailureWindowMs);
    await login('ada@example.com');
  });
});

describe('sessions', () => {
  it('ends a session after a week unused, and each use extends it', async () => {
    const { login, holder, newUser, advance, auth } = authWorld();
    const ada = await newUser('ada@example.com');
    const used = (await login('ada@example.com')).token;
    const idle = (await login('ada@example.com')).token;
    advance(AUTH_RULES.sessionIdleMs - 1000);
    expect(auth.touchSession(Auth.tokenMd5(used))?.user_id).toBe(ada.user_id);
    advance(1000);
    expect(holder(idle)).toBeUndefined();
    expect(holder(used)).toBe(ada.user_id);
  });

  it('opens a session with a token chosen in advance (a contract provider state)', async () => {
    const { auth, holder, newUser } = authWorld();
    const ada = await newUser('ada@example.com');
    auth.openSession(ada, 'contract-token');
    expect(holder('contract-token')).toBe(ada.user_id);
  });

  it('logs out one session and ends all of a user on request', async () => {
    const { auth, login, holder, newUser } = authWorld();
    await newUser('ada@example.com');
    const bob = await newUser('bob@example.com');
    const first = (await login('ada@example.com')).token;
    const second = (await login('ada@example.com')).token;
    const third = (await login('ada@example.com')).token;
    const bobs = (await login('bob@example.com')).token;
    auth.logout(Auth.tokenMd5(first));
    expect(holder(first)).toBeUndefined();
    expect(auth.endSessions(holder(second)!)).toBe(2);
    expect([holder(second), holder(third)]).toEqual([undefined, undefined]);
    expect(holder(bobs)).toBe(bob.user_id);
  });

  it('keeps no session of a user who is gone', async () => {
    const { login, holder, newUser, users } = authWorld();
    const ada = await newUser('ada@example.com');
    const token = (await login('ada@example.com')).token;
    users.remove(ada.user_id);
    expect(holder(token)).toBeUndefined();
  });
});

describe('passwords and closing the account', () => {
  it('changes the password, keeping the session it was changed in and ending the others', async () => {
    const { auth, login, holder, newUser } = authWorld();
    const ada = await newUser('ada@example.com');
    const here = (await login('ada@example.com')).token;
    const elsewhere = (await login('ada@example.com')).token;
    const change = (old_password: string, password: string) =>
      auth.changePassword(ada.user_id, Auth.tokenMd5(here), {
        old_password,
        password,
        confirm_password: password,
      });
    expect(await rejection(change('Wrong1234', NEW_PASSWORD))).toMatchObject({
      field: 'old_password',
      key: 'password_wrong',
    });
    expect(await rejection(change(PASSWORD, PASSWORD))).toMatchObject({
      field: 'password',
      key: 'password_same',
    });
    await change(PASSWORD, NEW_PASSWORD);
    expect([holder(here), holder(elsewhere)]).toEqual([ada.user_id, undefined]);
    await rejection(login('ada@example.com'));
    await login('ada@example.com', NEW_PASSWORD);
  });

  it('resets a forgotten password with a code and ends every session', async () => {
    const { auth, codes, login, holder, newUser, world } = authWorld();
    await newUser('ada@example.com');
    const old = (await login('ada@example.com')).token;
    codes.send('ada@example.com', 'forget', 'en', CLIENT);
    await auth.resetPassword({
      email: 'ada@example.com',
      code: world.lastCode('ada@example.com'),
      password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(holder(old)).toBeUndefined();
    await login('ada@example.com', NEW_PASSWORD);
  });

  it('closes the account with the password and an e-mailed code', async () => {
    const { auth, codes, login, holder, newUser, users, world } = authWorld();
    const ada = await newUser('ada@example.com');
    const token = (await login('ada@example.com')).token;
    codes.sendToUser(ada.user_id, 'delete_account', 'en', CLIENT);
    const code = world.lastCode('ada@example.com');
    expect(
      await rejection(auth.deleteAccount(ada.user_id, { password: 'Wrong1234', code })),
    ).toMatchObject({ field: 'password', key: 'password_wrong' });
    expect(users.byEmail('ada@example.com')).toBe(ada);
    await auth.deleteAccount(ada.user_id, { password: PASSWORD, code });
    expect(users.byEmail('ada@example.com')).toBeUndefined();
    expect(holder(token)).toBeUndefined();
    expect(await rejection(login('ada@example.com'))).toMatchObject({ key: 'login_failed' });
  });
});
