import { check, checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import { data24hAt, klineAt, lastClose, lastPrice, watch } from './market.ts';

const account = accountOf('verified-trader');

export default defineScenario({
  name: 'market-paused',
  summary: 'the market paused: prices held in getSymbol, getLogData and the pushes, then resumed',
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
    await step('freeze the clock', () => control.clock({ action: 'freeze' }));
    await step('pause the whole market', () => control.pauseMarket());
  },
  run: async (context) => {
    const { control, step } = context;
    const user = context.client();
    await step('sign in', () => signIn(user, account));
    const feed = await step('open the live feed', () => watch(context, user));
    const held = await step('the price is held', () =>
      control.advance(1000).then(() => lastPrice(user)),
    );
    await step('ten minutes on: the same price everywhere', async () => {
      feed.clear();
      await control.advance(10 * 60_000);
      await data24hAt(feed, held);
      await klineAt(feed, held);
      checkEqual(await lastPrice(user), held, 'getSymbol last_price');
      checkEqual(await lastClose(user), held, "getLogData's last close");
    });
    await step('resumed: the price moves again', async () => {
      await control.resumeMarket();
      await control.advance(10 * 60_000);
      check((await lastPrice(user)) !== held, `the price stayed at ${held}`);
    });
    return { email: account.email };
  },
});
