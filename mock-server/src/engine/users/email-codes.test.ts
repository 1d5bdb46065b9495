import { describe, expect, it } from 'vitest';
import { EngineError, FieldError } from '../errors.ts';
import { CODE_RULES } from './email-codes.ts';
import { refusalOf, userWorld } from './testing.ts';

const CLIENT = '203.0.113.7';

describe('e-mail codes', () => {
  it("mails a six-digit code in the caller's language and says how long it lasts", () => {
    const world = userWorld();
    const answer = world.codes.send('New@Example.com', 'register', 'de', CLIENT);
    expect(answer).toEqual({ expires_in: 600, resend_in: 60 });
    expect(world.state.mailbox).toHaveLength(1);
    const mail = world.state.mailbox[0]!;
    expect(mail).toMatchObject({ to: 'new@example.com', purpose: 'register', language: 'de' });
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.body).toContain(mail.code);
    world.codes.send('other@example.com', 'register', 'en', CLIENT);
    expect(world.state.mailbox[1]!.subject).not.toBe(mail.subject);
  });

  it('takes a code once, and not after ten minutes', () => {
    const world = userWorld();
    world.codes.send('a@example.com', 'register', 'en', CLIENT);
    const code = world.lastCode('a@example.com');
    world.codes.consume('A@example.com', 'register', code);
    expect(
      refusalOf(() => {
        world.codes.consume('a@example.com', 'register', code);
      }),
    ).toMatchObject({
      kind: 'invalid',
      key: 'code_invalid',
      field: 'code',
    });

    world.advance(CODE_RULES.resendMs);
    world.codes.send('a@example.com', 'register', 'en', CLIENT);
    const late = world.lastCode('a@example.com');
    world.advance(CODE_RULES.lifetimeMs);
    expect(
      refusalOf(() => {
        world.codes.consume('a@example.com', 'register', late);
      }),
    ).toBeInstanceOf(FieldError);
  });

  it('keeps a code to its purpose', () => {
    const world = userWorld();
    world.codes.send('a@example.com', 'register', 'en', CLIENT);
    const code = world.lastCode('a@example.com');
    expect(
      refusalOf(() => {
        world.codes.consume('a@example.com', 'forget', code);
      }),
    ).toMatchObject({
      key: 'code_invalid',
    });
    world.codes.consume('a@example.com', 'register', code);
  });

  it('burns a code after five wrong tries', () => {
    const world = userWorld();
    world.codes.send('a@example.com', 'register', 'en', CLIENT);
    const code = world.lastCode('a@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_RULES.wrongAttempts; i += 1) {
      refusalOf(() => {
        world.codes.consume('a@example.com', 'register', wrong);
      });
    }
    expect(
      refusalOf(() => {
        world.codes.consume('a@example.com', 'register', code);
      }),
    ).toMatchObject({
      key: 'code_invalid',
    });
  });

  it('refuses a second code within a minute, saying how many seconds are left', () => {
    const world = userWorld();
    world.codes.send('a@example.com', 'register', 'en', CLIENT);
    world.advance(45_000);
    const refusal = refusalOf(() => world.codes.send('a@example.com', 'register', 'en', CLIENT));
    expect(refusal).toBeInstanceOf(EngineError);
    expect(refusal).toMatchObject({
      kind: 'rate_limited',
      key: 'code_too_soon',
      params: { seconds: 15 },
    });
    world.advance(15_000);
    world.codes.send('a@example.com', 'register', 'en', CLIENT);
    expect(world.state.mailbox).toHaveLength(2);
  });

  it('limits how many codes one client may ask for in ten minutes', () => {
    const world = userWorld();
    for (let i = 0; i < CODE_RULES.perClient; i += 1) {
      world.codes.send(`user${i}@example.com`, 'register', 'en', CLIENT);
    }
    expect(
      refusalOf(() => world.codes.send('one-more@example.com', 'register', 'en', CLIENT)),
    ).toMatchObject({ kind: 'rate_limited', key: 'too_many_requests' });
    world.codes.send('one-more@example.com', 'register', 'en', '198.51.100.1');
    world.advance(CODE_RULES.perClientWindowMs);
    world.codes.send('later@example.com', 'register', 'en', CLIENT);
  });

  it('refuses a register code for a taken address', async () => {
    const world = userWorld();
    await world.newUser('ada@example.com');
    expect(
      refusalOf(() => world.codes.send('ADA@example.com', 'register', 'en', CLIENT)),
    ).toMatchObject({ kind: 'invalid', field: 'email', key: 'email_taken' });
  });

  it('answers a reset for an unknown address like any other, and mails nothing', async () => {
    const world = userWorld();
    await world.newUser('ada@example.com');
    const unknown = world.codes.send('nobody@example.com', 'forget', 'en', CLIENT);
    const known = world.codes.send('ada@example.com', 'forget', 'en', CLIENT);
    expect(unknown).toEqual(known);
    expect(world.state.mailbox.map((mail) => mail.to)).toEqual(['ada@example.com']);
  });

  it("sends a signed-in user's code to their own address", async () => {
    const world = userWorld();
    const user = await world.newUser('ada@example.com');
    world.codes.sendToUser(user.user_id, 'delete_account', 'en', CLIENT);
    expect(world.state.mailbox[0]).toMatchObject({
      to: 'ada@example.com',
      purpose: 'delete_account',
    });
  });

  it('takes a planted code as if it had been mailed, and mails nothing', () => {
    const world = userWorld();
    world.codes.plant('a@example.com', 'register', '123456');
    expect(world.state.mailbox).toHaveLength(0);
    // planted as sent a minute ago, so a real send is not held back by it
    world.codes.send('a@example.com', 'register', 'en', CLIENT);
    world.codes.plant('a@example.com', 'register', '123456');
    world.codes.consume('a@example.com', 'register', '123456');
  });
});
