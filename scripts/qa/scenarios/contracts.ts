// Contract trading: the steps the contract scenarios share (BTC at prices the control API sets).
import { endpoints, type RequestOf } from '@bourse/protocol';
import type { ControlClient } from '@bourse/mock-server/control-client';
import { checkEqual, signIn, type ScenarioContext } from '../scenario.ts';
import type { WireClient } from '../wire.ts';
import { accountOf } from './accounts.ts';
import { intent } from './funds.ts';

export const trader = accountOf('verified-trader');
export const BTC = 'btcusdt';

/** Resets to the verified trader, freezes the clock and sets BTC at 20 000. */
export async function contractSetUp({ control, step }: ScenarioContext): Promise<void> {
  await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
  await step('freeze the clock and set BTC at 20000', async () => {
    await control.clock({ action: 'freeze' });
    await setBtc(control, '20000');
  });
}

/** BTC's price from the next whole second, and the clock moved there (the engine settles). */
export async function setBtc(control: ControlClient, price: string): Promise<void> {
  await control.setPrice({ symbol_id: BTC, price });
  await control.advance(1000);
}

/** Signs the verified trader in: 2500 USDT in the real contract account. */
export async function signInTrader({ client, step }: ScenarioContext): Promise<WireClient> {
  const user = client();
  await step('sign in as the verified trader', () => signIn(user, trader));
  return user;
}

/** A BTC order (a market buy of 0.01 at 20× unless told otherwise). */
export const order = (
  user: WireClient,
  fields: Partial<RequestOf<typeof endpoints.contract.addOrder>> = {},
) =>
  user.ok(endpoints.contract.addOrder, {
    symbol_id: BTC,
    side: 'buy',
    type: 'market',
    quantity: '0.01',
    leverage_id: '3',
    request_id: intent(),
    ...fields,
  });

/** The open positions of the current mode. */
export const positions = async (user: WireClient) =>
  (await user.ok(endpoints.contract.storeList, {})).list;

/** The one open position; fails when there is not exactly one. */
export async function onlyPosition(user: WireClient) {
  const list = await positions(user);
  checkEqual(list.length, 1, 'open positions');
  const [position] = list;
  if (!position) throw new Error('no position');
  return position;
}

/** The order history, newest first. */
export const history = async (user: WireClient) =>
  (await user.ok(endpoints.contract.orderList, { group: 'history' })).list;
