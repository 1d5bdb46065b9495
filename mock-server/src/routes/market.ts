import { EngineError } from '../engine/errors.ts';
import type { Exchange } from '../engine/exchange.ts';
import type { DomainHandlers } from './handlers.ts';
import { ipoHandlers } from './ipo.ts';

const known = (exchange: Exchange, symbolId: string): string => {
  if (!exchange.market.has(symbolId)) {
    throw new EngineError('not_found', 'symbol_not_found');
  }
  return symbolId;
};

/** /api/trades/*: quotes and candles from the simulated market, and the IPO offerings. */
export const marketHandlers: DomainHandlers<'market'> = {
  getSymbol: (body, { exchange }) =>
    exchange.market.ticker(known(exchange, body.symbol_id), exchange.now()),
  getLogData: (body, { exchange }) => ({
    symbol_id: body.symbol_id,
    period: body.period,
    list: exchange.market.history(
      known(exchange, body.symbol_id),
      body.period,
      { from: body.from, to: body.to, limit: body.limit },
      exchange.now(),
    ),
  }),
  ...ipoHandlers,
};
