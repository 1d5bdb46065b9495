import { parseKlineTopic, TOPIC, type KlinePush } from '@bourse/protocol';
import type { Exchange } from '../engine/exchange.ts';
import type { SocketGateway } from './gateway.ts';

export interface MarketFeed {
  /** publishes the market as it stands now (after the clock or a price moved) */
  readonly publishNow: () => void;
  readonly stop: () => void;
}

/**
 * The live market on the socket: every `intervalMs` of wall time (0: only when asked), Data24h
 * with every symbol's ticker, and the forming candle on each Kline topic someone subscribes to.
 * It reads the exchange's clock each time, so a frozen clock sends the same numbers.
 */
export function marketFeed(
  exchange: Exchange,
  gateway: SocketGateway,
  intervalMs: number,
): MarketFeed {
  const publishNow = (): void => {
    const now = exchange.now();
    if (gateway.count(TOPIC.data24h) > 0) {
      gateway.publish(TOPIC.data24h, 'Data24h', exchange.market.tickers(now));
    }
    for (const topic of gateway.topics()) {
      const kline = parseKlineTopic(topic);
      if (!kline || !exchange.market.has(kline.symbolId)) continue;
      const candle = exchange.market.currentCandle(kline.symbolId, kline.period, now);
      if (!candle) continue;
      const push: KlinePush = { symbol_id: kline.symbolId, period: kline.period, candle };
      gateway.publish(topic, 'Kline', push);
    }
  };
  const timer = intervalMs > 0 ? setInterval(publishNow, intervalMs) : null;
  timer?.unref();
  return {
    publishNow,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
