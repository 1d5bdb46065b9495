// What the market scenarios share: the symbol they move and how a client reads it.
import { endpoints, FUNC, klineTopic, TOPIC, type Ticker } from '@bourse/protocol';
import type { ScenarioContext } from '../scenario.ts';
import type { Feed, WireClient } from '../wire.ts';

export const SYMBOL = 'btcusdt';

/** A signed-in client's feed, subscribed to Data24h and the symbol's 1-minute candles. */
export async function watch(context: ScenarioContext, client: WireClient): Promise<Feed> {
  const feed = await context.feed(client);
  feed.subscribe(TOPIC.data24h);
  feed.subscribe(klineTopic(SYMBOL, '1m'));
  return feed;
}

export const lastPrice = async (client: WireClient): Promise<string> =>
  (await client.ok(endpoints.market.getSymbol, { symbol_id: SYMBOL })).last_price;

export const lastClose = async (client: WireClient): Promise<string | undefined> =>
  (await client.ok(endpoints.market.getLogData, { symbol_id: SYMBOL, period: '1m', limit: 1 }))
    .list[0]?.close;

/** The next Data24h push's price of the symbol when it is `price`. */
export const data24hAt = (feed: Feed, price: string): Promise<Ticker> =>
  feed.next(
    (push) =>
      push.func === FUNC.data24h
        ? push.data.find((row) => row.symbol_id === SYMBOL && row.last_price === price)
        : undefined,
    5_000,
    `Data24h push with ${SYMBOL} at ${price}`,
  );

/** The next Kline push of the symbol whose candle closes at `price`. */
export const klineAt = (feed: Feed, price: string): Promise<string> =>
  feed.next(
    (push) =>
      push.func === FUNC.kline && push.data.symbol_id === SYMBOL && push.data.candle.close === price
        ? push.data.candle.close
        : undefined,
    5_000,
    `Kline push of ${SYMBOL} closing at ${price}`,
  );
