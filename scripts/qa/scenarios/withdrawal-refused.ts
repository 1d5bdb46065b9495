import { CODES, endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import { intent, trader } from './funds.ts';

const fresh = accountOf('fresh-user');

export default defineScenario({
  name: 'withdrawal-refused',
  summary:
    'a withdrawal refused without a verified identity, without a bound bank, and to a virtual bank (it cannot be bound)',
  setUp: async ({ control, step }) => {
    await step('reset to the fresh-user scenario', () => control.reset('fresh-user'));
  },
  run: async ({ client, control, step }) => {
    await step('an unverified user is told to verify first', async () => {
      const user = client();
      await signIn(user, fresh);
      const reply = await user.call(endpoints.account.addCash, {
        request_id: intent(),
        method: 'bank',
        amount: '50',
        password: fresh.password,
      });
      checkEqual(reply.code, CODES.failed, 'the reply code');
      check(/identity verification/.test(reply.msg), `the message says why: ${reply.msg}`);
    });
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
    await step('a verified user without a bound bank is told to bind one', async () => {
      const user = client();
      await signIn(user, trader);
      const info = await user.ok(endpoints.account.cashInfo, {});
      checkEqual([info.identity_status, info.bank], ['verified', null], 'the withdrawal form');
      const reply = await user.call(endpoints.account.addCash, {
        request_id: intent(),
        method: 'bank',
        amount: '50',
        password: trader.password,
      });
      checkEqual(reply.code, CODES.failed, 'the reply code');
      check(/Bind a bank account/.test(reply.msg), `the message says why: ${reply.msg}`);
    });
    await step('a virtual bank cannot be bound, so no withdrawal can reach it', async () => {
      const user = client();
      await signIn(user, trader);
      const bound = await user.call(endpoints.user.setUserBank, {
        bank_name: 'Revolut',
        account_no: '000123456789',
        holder_name: 'Ava Trader',
      });
      checkEqual(bound.code, CODES.badRequest, 'the binding reply code');
      check(
        /^bank_name: Virtual bank accounts cannot receive withdrawals/.test(bound.msg),
        `the message says why: ${bound.msg}`,
      );
      checkEqual((await user.ok(endpoints.account.cashInfo, {})).bank, null, 'the bound bank');
      const reply = await user.call(endpoints.account.addCash, {
        request_id: intent(),
        method: 'bank',
        amount: '50',
        password: trader.password,
      });
      checkEqual(reply.code, CODES.failed, 'the withdrawal reply code');
      check(/Bind a bank account/.test(reply.msg), `the message says why: ${reply.msg}`);
    });
    return { email: trader.email };
  },
});
