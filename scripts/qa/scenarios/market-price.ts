import { checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import { data24hAt, klineAt, lastClose, lastPrice, SYMBOL, watch } from './market.ts';

const account = accountOf('verified-trader');

export default defineScenario({
  name: 'market-price',
  summary: `a price set on ${SYMBOL}, seen in getSymbol, getLogData and the Data24h and Kline pushes`,
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
    await step('freeze the clock', () => control.clock({ action: 'freeze' }));
  },
  run: async (context) => {
    const { control, step } = context;
    const user = context.client();
    await step('sign in', () => signIn(user, account));
    const feed = await step('open the live feed', () => watch(context, user));
    await step('set the price to 50000', () =>
      control.setPrice({ symbol_id: SYMBOL, price: '50000' }),
    );
    await step('a second later: the Data24h and Kline pushes carry it', async () => {
      await control.advance(1000);
      await data24hAt(feed, '50000.00');
      await klineAt(feed, '50000.00');
    });
    await step('getSymbol and getLogData carry it', async () => {
      checkEqual(await lastPrice(user), '50000.00', 'getSymbol last_price');
      checkEqual(await lastClose(user), '50000.00', "getLogData's last close");
    });
    return { email: account.email };
  },
});
