import { checkEqual, defineScenario, signIn } from '../scenario.ts';
import { accountOf } from './accounts.ts';
import { data24hAt, lastClose, lastPrice, SYMBOL, watch } from './market.ts';

const account = accountOf('verified-trader');
const POINTS = [
  { price: '60000', after_ms: 0 },
  { price: '58000', after_ms: 30_000 },
  { price: '61000.5', after_ms: 30_000 },
];

export default defineScenario({
  name: 'market-path',
  summary: `a price path played on ${SYMBOL}: 60000, 58000, 61000.50, each seen by a client`,
  setUp: async ({ control, step }) => {
    await step('reset to the verified-trader scenario', () => control.reset('verified-trader'));
    await step('freeze the clock', () => control.clock({ action: 'freeze' }));
    await step('play the path', () => control.playPath({ symbol_id: SYMBOL, points: POINTS }));
  },
  run: async (context) => {
    const { control, step } = context;
    const user = context.client();
    await step('sign in', () => signIn(user, account));
    const feed = await step('open the live feed', () => watch(context, user));
    for (const [index, point] of POINTS.entries()) {
      const shown = Number(point.price).toFixed(2);
      await step(
        `point ${String(index + 1)}: ${shown} in getSymbol, getLogData and Data24h`,
        async () => {
          await control.advance(index === 0 ? 1000 : point.after_ms);
          await data24hAt(feed, shown);
          checkEqual(await lastPrice(user), shown, 'getSymbol last_price');
          checkEqual(await lastClose(user), shown, "getLogData's last close");
        },
      );
    }
    return { email: account.email };
  },
});
