import type { FastifyInstance } from 'fastify';
import { SCENARIOS } from '@bourse/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, PASSWORD, registerUser, testApp } from '../test/wire.ts';

let app: FastifyInstance;
beforeEach(async () => {
  app = await testApp();
});
afterEach(async () => {
  await app.close();
});

const mailbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/__control/mailbox?to=${to}` })).json<{
    list: { code: string; subject: string; body: string; language: string }[];
  }>().list;
const advance = (ms: number) =>
  app.inject({ method: 'POST', url: '/__control/clock', payload: { action: 'advance', ms } });

describe('registration', () => {
  it('sends a code to the mailbox, in the caller language, and registers with it', async () => {
    const sent = await call(
      app,
      '/api/login/sendEmail',
      { email: 'New@Example.com', purpose: 'register' },
      { language: 'fr' },
    );
    expect(sent.data).toEqual({ expires_in: 600, resend_in: 60 });
    const [mail] = await mailbox('new@example.com');
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.language).toBe('fr');
    expect(mail?.body).toContain(mail?.code);
    const reply = await call<{ token: string; user: { email: string; nickname: string } }>(
      app,
      '/api/login/register',
      {
        email: 'new@example.com',
        code: mail?.code,
        password: PASSWORD,
        confirm_password: PASSWORD,
      },
    );
    expect(reply.code).toBe(200);
    expect(reply.data.token).toMatch(/^[0-9a-f]{32}$/);
    expect(reply.data.user.email).toBe('new@example.com');
  });

  it('uses a code once only', async () => {
    await registerUser(app, 'once@example.com');
    const [mail] = await mailbox('once@example.com');
    const again = await call(app, '/api/login/register', {
      email: 'twice@example.com',
      code: mail?.code,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(again.code).toBe(400);
    expect(again.msg).toMatch(/^code: /);
  });

  it('lets a code expire after 10 minutes', async () => {
    await call(app, '/api/login/sendEmail', { email: 'late@example.com', purpose: 'register' });
    const [mail] = await mailbox('late@example.com');
    await advance(10 * 60_000 + 1);
    const reply = await call(app, '/api/login/register', {
      email: 'late@example.com',
      code: mail?.code,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(reply.code).toBe(400);
  });

  it('refuses a second code within 60 s and allows it after', async () => {
    const body = { email: 'wait@example.com', purpose: 'register' };
    expect((await call(app, '/api/login/sendEmail', body)).code).toBe(200);
    const early = await call(app, '/api/login/sendEmail', body);
    expect(early.code).toBe(429);
    expect(early.msg).toMatch(/60|59/);
    await advance(60_000);
    expect((await call(app, '/api/login/sendEmail', body)).code).toBe(200);
    expect(await mailbox('wait@example.com')).toHaveLength(2);
  });

  it('burns a code after five wrong tries', async () => {
    await call(app, '/api/login/sendEmail', { email: 'guess@example.com', purpose: 'register' });
    const [mail] = await mailbox('guess@example.com');
    const attempt = (code: string) =>
      call(app, '/api/login/register', {
        email: 'guess@example.com',
        code,
        password: PASSWORD,
        confirm_password: PASSWORD,
      });
    const wrong = mail?.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await attempt(wrong)).code).toBe(400);
    expect((await attempt(mail?.code ?? '')).code).toBe(400);
  });

  it('refuses a taken e-mail, mismatched passwords and an unknown invitation code', async () => {
    await registerUser(app, 'taken@example.com');
    const taken = await call(app, '/api/login/sendEmail', {
      email: 'taken@example.com',
      purpose: 'register',
    });
    expect(taken.code).toBe(400);
    expect(taken.msg).toMatch(/^email: /);
    await call(app, '/api/login/sendEmail', { email: 'other@example.com', purpose: 'register' });
    const [mail] = await mailbox('other@example.com');
    const mismatch = await call(app, '/api/login/register', {
      email: 'other@example.com',
      code: mail?.code,
      password: PASSWORD,
      confirm_password: 'Different1',
    });
    expect(mismatch.msg).toMatch(/^confirm_password: /);
    const invite = await call(app, '/api/login/register', {
      email: 'other@example.com',
      code: mail?.code,
      password: PASSWORD,
      confirm_password: PASSWORD,
      invite_code: 'ZZZZZZ',
    });
    expect(invite.msg).toMatch(/^invite_code: /);
  });

  it('links a friend registered with an invitation code', async () => {
    const inviter = await registerUser(app, 'inviter@example.com');
    await registerUser(app, 'friend@example.com', {
      invite_code: String(inviter.user['invite_code']),
    });
    const state = (await app.inject({ method: 'GET', url: '/__control/state' })).json<{
      users: { email: string; user_id: string; invited_by: string | null }[];
    }>();
    const friend = state.users.find((user) => user.email === 'friend@example.com');
    expect(friend?.invited_by).toBe(inviter.user['user_id']);
    expect(JSON.stringify(state)).not.toContain('scrypt$');
  });
});

describe('the code e-mails', () => {
  it('say what each code is for, and warn loudly of an account deletion, in the caller language', async () => {
    const { token } = await registerUser(app, 'mailed@example.com');
    await advance(60_000);
    await call(app, '/api/login/sendEmail', { email: 'mailed@example.com', purpose: 'forget' });
    for (const purpose of ['change_password', 'bind', 'delete_account']) {
      await advance(60_000);
      await call(app, '/api/users/sendEmail', { purpose }, { token, language: 'de' });
    }
    await call(app, '/api/login/sendEmail', { email: 'other@example.com', purpose: 'register' });
    const mails = [
      ...(await mailbox('mailed@example.com')),
      ...(await mailbox('other@example.com')),
    ];
    const byPurpose = new Map(
      mails.map((mail) => [(mail as { purpose?: string }).purpose ?? '', mail] as const),
    );
    const subjects = [...byPurpose.values()].map((mail) => mail.subject);
    // Five purposes, five subjects: none reads like another.
    expect(byPurpose.size).toBe(5);
    expect(new Set(subjects).size).toBe(5);
    expect(byPurpose.get('register')?.subject).toBe('Your code to create a Bourse account');
    expect(byPurpose.get('forget')?.subject).toBe('Your code to reset your Bourse password');
    expect(byPurpose.get('change_password')?.subject).toBe(
      'Ihr Code zum Ändern Ihres Bourse-Passworts',
    );
    const deletion = byPurpose.get('delete_account');
    expect(deletion?.language).toBe('de');
    expect(deletion?.subject).toBe('Achtung: Code zum LÖSCHEN Ihres Bourse-Kontos');
    expect(deletion?.body).toContain('nicht rückgängig');
    expect(deletion?.body).toContain(deletion?.code);
    for (const mail of mails) expect(mail.body).toContain(mail.code);
  });
});

describe('login', () => {
  it('signs in by e-mail (any case) and by phone', async () => {
    await app.inject({
      method: 'POST',
      url: '/__control/reset',
      payload: { scenario: 'verified-trader' },
    });
    const trader = SCENARIOS['verified-trader'].users[0]!;
    const byEmail = await call(app, '/api/login/index', {
      account: trader.email.toUpperCase(),
      password: trader.password,
    });
    const byPhone = await call(app, '/api/login/index', {
      account: trader.phone,
      area_code: trader.area_code,
      password: trader.password,
    });
    expect(byEmail.code).toBe(200);
    expect(byPhone.code).toBe(200);
  });

  it('says the same thing for a wrong password and an unknown account', async () => {
    await registerUser(app, 'known@example.com');
    const wrong = await call(app, '/api/login/index', {
      account: 'known@example.com',
      password: 'Nope12345',
    });
    const unknown = await call(app, '/api/login/index', {
      account: 'nobody@example.com',
      password: 'Nope12345',
    });
    expect(wrong.code).toBe(500);
    expect(wrong).toMatchObject({ code: unknown.code, msg: unknown.msg });
  });

  it('locks an account for 15 minutes after five failures, existing or not', async () => {
    await registerUser(app, 'locked@example.com');
    for (let i = 0; i < 5; i += 1) {
      await call(app, '/api/login/index', { account: 'locked@example.com', password: 'Wrong1234' });
    }
    const locked = await call(app, '/api/login/index', {
      account: 'locked@example.com',
      password: PASSWORD,
    });
    expect(locked.code).toBe(429);
    await advance(15 * 60_000);
    expect(
      (await call(app, '/api/login/index', { account: 'locked@example.com', password: PASSWORD }))
        .code,
    ).toBe(200);
  });

  it('warns of the last tries before a lock, then says how long the lock lasts, in the caller language', async () => {
    await registerUser(app, 'warned@example.com');
    const wrong = (language: 'en' | 'de' = 'en') =>
      call(
        app,
        '/api/login/index',
        { account: 'warned@example.com', password: 'Wrong1234' },
        { language },
      );
    // Three tries with plenty left: the plain refusal, which reveals nothing.
    for (let i = 0; i < 2; i += 1) {
      expect((await wrong()).msg).toBe('Incorrect account or password');
    }
    expect((await wrong()).msg).toBe('Incorrect account or password: 2 tries left');
    expect((await wrong('de')).msg).toBe('Konto oder Passwort falsch: noch 1 Versuch');
    // The fifth failure locks sign-in for the whole window, and says so.
    const fifth = await wrong();
    expect(fifth.code).toBe(429);
    expect(fifth.msg).toBe('Too many failed sign-ins. Try again in 15 minutes');
    await advance(60_000 + 1);
    const locked = await call(app, '/api/login/index', {
      account: 'warned@example.com',
      password: PASSWORD,
    });
    expect(locked.code).toBe(429);
    expect(locked.msg).toBe('Too many failed sign-ins. Try again in 14 minutes');
    await advance(13 * 60_000);
    expect((await wrong('de')).msg).toBe(
      'Zu viele fehlgeschlagene Anmeldungen. Versuchen Sie es in 1 Minute erneut',
    );
    await advance(60_000);
    expect(
      (await call(app, '/api/login/index', { account: 'warned@example.com', password: PASSWORD }))
        .code,
    ).toBe(200);
  });

  it('counts the tries left for an unknown account exactly as for a known one', async () => {
    await registerUser(app, 'real@example.com');
    const tries = async (account: string) => {
      const said: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        said.push((await call(app, '/api/login/index', { account, password: 'Wrong1234' })).msg);
      }
      return said;
    };
    expect(await tries('real@example.com')).toEqual(await tries('ghost@example.com'));
  });

  it('resets a forgotten password with a code and ends the old sessions', async () => {
    const { token } = await registerUser(app, 'forgot@example.com');
    await call(app, '/api/login/sendEmail', { email: 'forgot@example.com', purpose: 'forget' });
    const code = (await mailbox('forgot@example.com'))[0]?.code;
    const reset = await call(app, '/api/login/forget', {
      email: 'forgot@example.com',
      code,
      password: 'Fresh5678',
      confirm_password: 'Fresh5678',
    });
    expect(reset.code).toBe(200);
    expect((await call(app, '/api/users/info', {}, { token })).code).toBe(401);
    expect(
      (
        await call(app, '/api/login/index', {
          account: 'forgot@example.com',
          password: 'Fresh5678',
        })
      ).code,
    ).toBe(200);
  });

  it('answers a reset request for an unknown address like any other, and sends nothing', async () => {
    const reply = await call(app, '/api/login/sendEmail', {
      email: 'ghost@example.com',
      purpose: 'forget',
    });
    expect(reply.code).toBe(200);
    expect(await mailbox('ghost@example.com')).toHaveLength(0);
  });

  it('ends a session after a week unused', async () => {
    const { token } = await registerUser(app, 'idle@example.com');
    await advance(7 * 24 * 3_600_000 + 1);
    expect((await call(app, '/api/users/info', {}, { token })).code).toBe(401);
  });
});
