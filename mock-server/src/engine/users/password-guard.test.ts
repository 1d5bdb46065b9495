import { describe, expect, it } from 'vitest';
import { Exchange } from '../exchange.ts';
import type { PasswordHasher } from '../passwords.ts';
import { plainHasher, rejectionOf } from '../testing.ts';
import { PASSWORD_RULES } from './password-guard.ts';

const CLIENT = '203.0.113.7';
const PASSWORD = 'Secret123';

/** An exchange whose password checks are counted, and take a turn of the event loop each. */
async function countedWorld() {
  let checks = 0;
  const hasher: PasswordHasher = {
    hash: (password) => plainHasher.hash(password),
    verify: async (password, stored) => {
      checks += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return password === stored;
    },
  };
  const exchange = new Exchange({ seed: 7, hasher, wall: () => 1_763_900_000_000 });
  await exchange.loadScenario({
    name: 'test',
    users: [{ email: 'ada@example.com', password: PASSWORD, identity_status: 'verified' }],
  });
  const [userId = ''] = Object.keys(exchange.live().users);
  const login = (password: string) =>
    exchange.auth.login({ account: 'ada@example.com', area_code: '', password }, CLIENT);
  return { exchange, userId, login, checks: () => checks };
}

describe('the password checks of one account', () => {
  it('are counted before they run: fifty wrong sign-ins at once make five checks', async () => {
    const { login, checks } = await countedWorld();

    const answers = await Promise.allSettled(Array.from({ length: 50 }, () => login('Wrong1234')));

    expect(checks()).toBe(PASSWORD_RULES.failuresPerAccount);
    expect(answers.every((answer) => answer.status === 'rejected')).toBe(true);
    // and the right password is locked out with them
    expect(await rejectionOf(() => login(PASSWORD))).toMatchObject({ key: 'login_locked' });
  });

  it('share one counter behind a session: wrong passwords to change it lock the sign-in too', async () => {
    const { exchange, userId, login, checks } = await countedWorld();
    const change = (old_password: string) =>
      exchange.auth.changePassword(userId, 'current', {
        old_password,
        password: 'Newer1234',
        confirm_password: 'Newer1234',
      });

    for (let i = 1; i < PASSWORD_RULES.failuresPerAccount; i += 1) {
      expect(await rejectionOf(() => change('Wrong1234'))).toMatchObject({ key: 'password_wrong' });
    }
    expect(await rejectionOf(() => change('Wrong1234'))).toMatchObject({
      kind: 'rate_limited',
      key: 'password_locked',
      params: { minutes: 15 },
    });
    // the right one is refused now, unchecked, here and at the sign-in
    const before = checks();
    expect(await rejectionOf(() => change(PASSWORD))).toMatchObject({ key: 'password_locked' });
    expect(await rejectionOf(() => login(PASSWORD))).toMatchObject({ key: 'login_locked' });
    expect(checks()).toBe(before);
    expect(exchange.live().users[userId]?.password_hash).toBe(PASSWORD);
  });

  it('hold for a withdrawal and an account deletion too: a stolen session guesses no faster', async () => {
    const { exchange, userId, login } = await countedWorld();
    const withdraw = (password: string, n: number) =>
      exchange.funds.addWithdrawal(userId, {
        request_id: `w-${String(n)}`,
        method: 'usdt',
        amount: '10',
        password,
      });
    const remove = (password: string) =>
      exchange.auth.deleteAccount(userId, { password, code: '000000' });

    expect(await rejectionOf(() => withdraw('Wrong1', 1))).toMatchObject({
      key: 'withdraw_password_wrong',
    });
    expect(await rejectionOf(() => remove('Wrong2'))).toMatchObject({ key: 'password_wrong' });
    // the sign-in counts the two before it: two tries left
    expect(await rejectionOf(() => login('Wrong3'))).toMatchObject({
      key: 'login_failed_tries_left',
      params: { tries: 2 },
    });
    expect(await rejectionOf(() => withdraw('Wrong4', 2))).toMatchObject({
      key: 'withdraw_password_wrong',
    });
    expect(await rejectionOf(() => remove('Wrong5'))).toMatchObject({ key: 'password_locked' });
    expect(await rejectionOf(() => withdraw(PASSWORD, 3))).toMatchObject({
      key: 'password_locked',
    });
    expect(exchange.live().withdrawals).toEqual([]);
  });

  it('let a right password clear the count, so a slip now and then never locks anyone', async () => {
    const { login } = await countedWorld();
    for (let round = 0; round < 3; round += 1) {
      for (let i = 1; i < PASSWORD_RULES.failuresPerAccount; i += 1) {
        await rejectionOf(() => login('Wrong1234'));
      }
      await login(PASSWORD);
    }
  });
});
