// Deposits and withdrawals: the steps the deposit and withdrawal scenarios share.
import { endpoints } from '@bourse/protocol';
import { randomUUID } from 'node:crypto';
import { check, checkEqual, signIn, type ScenarioContext } from '../scenario.ts';
import type { WireClient } from '../wire.ts';
import { accountOf } from './accounts.ts';

export const trader = accountOf('verified-trader');

/** A request id per intent, as the app makes one per tap. */
export const intent = (): string => randomUUID();

/** The balances of the current mode, by account. */
export async function balances(user: WireClient): Promise<Record<string, string>> {
  const index = await user.ok(endpoints.account.index, {});
  return Object.fromEntries(index.list.map((item) => [item.account, item.available]));
}

/** Signs the trader in, obtains the USDT deposit account (pending → e-mail → ready). */
export async function readyToDeposit({ client, control, step }: ScenarioContext) {
  const user = client();
  await step('sign in and ask for a deposit account: being obtained', async () => {
    await signIn(user, trader);
    const info = await user.ok(endpoints.account.getRechInfo, { method: 'usdt', network: 'TRC20' });
    checkEqual(info.status, 'pending', 'the deposit account');
  });
  await step('time passes: the account is ready and an e-mail says so', async () => {
    await control.advance(60_000);
    const info = await user.ok(endpoints.account.getRechInfo, { method: 'usdt', network: 'TRC20' });
    checkEqual(info.status, 'ready', 'the deposit account');
    check(info.wallet?.address.startsWith('T') === true, 'a TRC20 address is shown');
    const mail = await control.mailbox({ to: trader.email, purpose: 'deposit_account' });
    checkEqual(mail.length, 1, 'e-mails about the deposit account');
  });
  return user;
}

/** Declares a 500 USDT deposit; answers its id. */
export async function declareDeposit({ step }: ScenarioContext, user: WireClient) {
  return step('declare a 500 USDT deposit: under review, nothing credited', async () => {
    const made = await user.ok(endpoints.account.addRech, {
      request_id: intent(),
      method: 'usdt',
      network: 'TRC20',
      amount: '500',
      tx_hash: 'ab'.repeat(32),
    });
    checkEqual([made.status, made.credited_amount], ['reviewing', '0'], 'the deposit');
    checkEqual((await balances(user))['fund'], '10000.00', 'the fund account');
    return made.id;
  });
}

/** Signs the trader in with a bound wallet; answers the client. */
export async function readyToWithdraw({ client, step }: ScenarioContext) {
  const user = client();
  await step('sign in and bind a USDT wallet', async () => {
    await signIn(user, trader);
    await user.ok(endpoints.user.setUserWallet, {
      network: 'TRC20',
      address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
  });
  await step('withdraw 1000 USDT: frozen under review, 1% fee shown', async () => {
    const made = await user.ok(endpoints.account.addCash, {
      request_id: intent(),
      method: 'usdt',
      amount: '1000',
      password: trader.password,
    });
    checkEqual(
      [made.status, made.fee, made.received_amount],
      ['reviewing', '10.00', '990.00'],
      'the withdrawal',
    );
    const fund = (await user.ok(endpoints.account.index, {})).list.find(
      (item) => item.account === 'fund',
    );
    checkEqual([fund?.available, fund?.frozen], ['9000.00', '1000.00'], 'the fund account');
  });
  const [record] = (await user.ok(endpoints.account.cashlog, {})).list;
  if (!record) throw new Error('no withdrawal listed');
  return { user, id: record.id };
}
