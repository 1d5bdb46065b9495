import { CODES, endpoints } from '@bourse/protocol';
import { check, checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';

const account = accountOf('verified-trader');

export default defineScenario({
  name: 'bank-and-wallet',
  summary:
    'bank account and USDT wallet Unbound, then Bound (a virtual bank, another holder and a mistyped address refused)',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  },
  run: async ({ client, step }) => {
    const user = client();
    await step('sign in: bank and wallet unbound', async () => {
      await signIn(user, account);
      const cash = await user.ok(endpoints.user.getCashStatus, {});
      checkEqual([cash.bank, cash.wallet], [null, null], 'bank and wallet');
      checkEqual((await user.ok(endpoints.user.getBankList, {})).list, [], 'the bank list');
    });
    await step('a virtual bank is refused', async () => {
      const reply = await user.call(endpoints.user.setUserBank, {
        bank_name: 'Revolut',
        account_no: '000123456789',
        holder_name: 'Ava Trader',
      });
      checkEqual(reply.code, CODES.badRequest, 'the reply code');
    });
    await step("a bank in another holder's name is refused", async () => {
      const reply = await user.call(endpoints.user.setUserBank, {
        bank_name: 'Chase',
        account_no: '000123456789',
        holder_name: 'Someone Else',
      });
      checkEqual(reply.code, CODES.badRequest, 'the reply code');
      check(reply.msg.startsWith('holder_name: '), `names the holder: ${reply.msg}`);
    });
    await step('a mistyped wallet address is refused', async () => {
      const reply = await user.call(endpoints.user.setUserWallet, {
        network: 'TRC20',
        address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF',
      });
      checkEqual(reply.code, CODES.badRequest, 'the reply code');
    });
    await step('bind a bank account: bound, number masked', async () => {
      const bank = await user.ok(endpoints.user.setUserBank, {
        bank_name: 'Chase',
        account_no: '000123456789',
        holder_name: 'Ava Trader',
      });
      checkEqual(bank.account_no, '****6789', 'the shown number');
    });
    await step('bind a TRC20 wallet: bound', async () => {
      await user.ok(endpoints.user.setUserWallet, {
        network: 'TRC20',
        address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      });
      const cash = await user.ok(endpoints.user.getCashStatus, {});
      check(cash.bank !== null && cash.wallet !== null, 'bank and wallet are bound');
      checkEqual(cash.wallet.network, 'TRC20', 'the network');
    });
    return { email: account.email };
  },
});
